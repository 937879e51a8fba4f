import ListsAuth
import Testing

@Suite("Secret tokens and their digests")
struct SecretTokenTests {
    private static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    @Test func aTokenIs43CharactersOfURLSafeBase64() {
        let token = SecretToken.generate()
        #expect(token.count == 43)
        #expect(token.allSatisfy { Self.alphabet.contains($0) })
        #expect(SecretToken.isWellFormed(token))
    }

    @Test func aTokenStartsWithItsPrefix() {
        let token = SecretToken.generate(prefix: "lists_")
        #expect(token.hasPrefix("lists_"))
        #expect(token.count == 6 + 43)
        #expect(SecretToken.isWellFormed(token, prefix: "lists_"))
        #expect(!SecretToken.isWellFormed(token))
        #expect(!SecretToken.isWellFormed(token, prefix: "other_"))
    }

    @Test func tokensDiffer() {
        let tokens = Set((0..<1000).map { _ in SecretToken.generate() })
        #expect(tokens.count == 1000)
    }

    @Test func generatedTokensAreAlwaysWellFormed() {
        // The last character carries 2 unused bits: every generated token must pass the canonical check.
        for _ in 0..<1000 {
            #expect(SecretToken.isWellFormed(SecretToken.generate(prefix: "lists_"), prefix: "lists_"))
        }
    }

    @Test func aDigestIs64LowerCaseHexCharactersAndStable() {
        let token = SecretToken.generate(prefix: "lists_")
        let digest = SecretToken.digest(token)
        #expect(digest.count == 64)
        #expect(digest.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(SecretToken.digest(token) == digest)
        #expect(SecretToken.digest(SecretToken.generate(prefix: "lists_")) != digest)
    }

    @Test func aDigestIsBLAKE2b256() {
        // BLAKE2b with a 32-byte output and no key, of the empty string and of "abc", as Python's
        // hashlib.blake2b(digest_size=32) gives them: a store's digests must not change with the library.
        #expect(SecretToken.digest("") == "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8")
        #expect(SecretToken.digest("abc") == "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
    }

    @Test(arguments: [
        "",
        String(repeating: "A", count: 42),
        String(repeating: "A", count: 44),
        String(repeating: "A", count: 42) + "=",
        String(repeating: "A", count: 42) + "+",
        String(repeating: "A", count: 42) + "/",
        String(repeating: "A", count: 41) + " A",
        String(repeating: "A", count: 41) + "éA",
        String(repeating: "A", count: 42) + "\u{0}",
        // The last character's unused low bits set: "B" is 1, not a spelling the encoder writes.
        String(repeating: "A", count: 42) + "B",
    ])
    func aMalformedTokenIsRefused(token: String) {
        #expect(!SecretToken.isWellFormed(token))
    }

    @Test func aWellFormedTokenNeedsNoRandomness() {
        #expect(SecretToken.isWellFormed(String(repeating: "A", count: 43)))
        #expect(SecretToken.isWellFormed(String(repeating: "_", count: 42) + "w"))
        #expect(SecretToken.isWellFormed("lists_" + String(repeating: "-", count: 42) + "0", prefix: "lists_"))
    }

    @Test func constantTimeEqualsComparesWholeTexts() {
        let token = SecretToken.generate()
        #expect(SecretToken.constantTimeEquals(token, String(token)))
        #expect(!SecretToken.constantTimeEquals(token, String(token.dropLast()) + "!"))
        #expect(!SecretToken.constantTimeEquals(token, String(token.dropLast())))
        #expect(!SecretToken.constantTimeEquals("", token))
        #expect(SecretToken.constantTimeEquals("", ""))
        #expect(SecretToken.constantTimeEquals("wörd", "wörd"))
        #expect(!SecretToken.constantTimeEquals("wörd", "word"))
    }
}
