import CSodium

/// Random secrets handed to a client (session cookies, API tokens) and the digests a store keeps instead of them.
///
/// A token is 32 random bytes from the kernel in URL-safe base64 without padding: 43 characters of `A`–`Z`,
/// `a`–`z`, `0`–`9`, `-` and `_`, after an optional prefix that says what it is (API tokens use `lists_`, so a
/// token pasted where it should not be is easy to find). A store keeps only ``digest(_:)`` of a token: whoever
/// reads the store cannot sign in with what they read, and 256 random bits need no salt or slow hash.
public enum SecretToken {
    /// How many random bytes a token carries.
    public static let randomByteCount = 32
    /// How many characters those bytes take in base64 without padding.
    public static let encodedLength = 43

    /// A new token: `prefix` followed by 32 random bytes in URL-safe base64 without padding.
    public static func generate(prefix: String = "") -> String {
        Sodium.initialise()
        var bytes = [UInt8](repeating: 0, count: randomByteCount)
        randombytes_buf(&bytes, bytes.count)
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        // The length counts the terminating NUL that sodium_bin2base64 writes.
        var text = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        sodium_bin2base64(&text, text.count, bytes, bytes.count, variant)
        sodium_memzero(&bytes, bytes.count)
        return prefix + String(nulTerminated: text)
    }

    /// The BLAKE2b-256 digest of `token` (prefix and all) in lower-case hex, 64 characters: what a store keeps and
    /// looks a presented token up by.
    public static func digest(_ token: String) -> String {
        Sodium.initialise()
        var hash = [UInt8](repeating: 0, count: Int(crypto_generichash_BYTES))
        let status = token.withCString { text in
            text.withMemoryRebound(to: UInt8.self, capacity: token.utf8.count) { text in
                crypto_generichash(&hash, hash.count, text, UInt64(token.utf8.count), nil, 0)
            }
        }
        // BLAKE2b with a 32-byte output and no key cannot fail: a failure here is a broken libsodium.
        precondition(status == 0, "crypto_generichash failed")
        var hex = [CChar](repeating: 0, count: hash.count * 2 + 1)
        sodium_bin2hex(&hex, hex.count, hash, hash.count)
        return String(nulTerminated: hex)
    }

    /// Whether `token` could have come from ``generate(prefix:)`` with `prefix`: the prefix, then exactly 43
    /// characters of the URL-safe base64 alphabet, the last of which leaves the unused low bits zero.
    ///
    /// For checking what a client presents before it reaches a store: garbage, whatever its size, is refused after
    /// reading at most the prefix and 43 bytes.
    public static func isWellFormed(_ token: String, prefix: String = "") -> Bool {
        let bytes = token.utf8
        let prefixBytes = prefix.utf8
        guard bytes.count == prefixBytes.count + encodedLength, bytes.starts(with: prefixBytes) else { return false }
        let encoded = bytes.dropFirst(prefixBytes.count)
        guard encoded.allSatisfy(isBase64URL), let last = encoded.last else { return false }
        // 43 characters hold 258 bits; the bytes fill 256, and the encoder leaves the last character's two low
        // bits zero. Accepting the other three spellings would give one token four strings.
        return base64URLValue(last) & 0b11 == 0
    }

    /// Whether `a` and `b` are the same text, in a time that depends only on their length (libsodium's
    /// `sodium_memcmp`), so that comparing a presented secret with the right one tells nothing of how much of it
    /// matched. Texts of different lengths are unequal at once: a length is no secret.
    public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        guard a.count == b.count else { return false }
        Sodium.initialise()
        return sodium_memcmp(a, b, a.count) == 0
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default: return false
        }
    }

    /// The six bits a character of the URL-safe base64 alphabet stands for.
    private static func base64URLValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        default: return 63
        }
    }
}
