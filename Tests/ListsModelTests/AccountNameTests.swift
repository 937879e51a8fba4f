import ListsModel
import Testing

/// What a user name may be, as the web's forms, the CLI and ``Households`` check it.
@Suite("User and token names")
struct AccountNameTests {
    @Test func aUserNameIsTrimmedAndKept() throws {
        #expect(try UserAccount.validName("  Ada Lovelace ") == "Ada Lovelace")
        #expect(try UserAccount.validName("ada") == "ada")
    }

    @Test func aUserNameIsStoredInNormalizationFormC() throws {
        // "é" typed as "e" and a combining accent, and as one code point: the same name, the same bytes.
        let decomposed = try UserAccount.validName("Jose\u{301}")
        let composed = try UserAccount.validName("Jos\u{E9}")
        #expect(Array(decomposed.utf8) == Array(composed.utf8))
    }

    @Test func anEmptyOrBlankUserNameIsRefused() {
        for name in ["", "   ", "\u{3000}"] {
            #expect(throws: ValidationError(field: "name", message: "1 to 64 characters")) {
                try UserAccount.validName(name)
            }
        }
    }

    @Test func aUserNameOf64CharactersIsAcceptedAnd65Refused() throws {
        _ = try UserAccount.validName(String(repeating: "a", count: 64))
        _ = try UserAccount.validName(" " + String(repeating: "🦉", count: 64) + " ")
        #expect(throws: ValidationError(field: "name", message: "at most 64 characters")) {
            try UserAccount.validName(String(repeating: "a", count: 65))
        }
    }

    @Test(arguments: ["ada\n", "ad\u{0}a", "ada\u{7F}", "\tada", "ad\u{2028}a", "ada\u{202E}nimda"])
    func aUserNameWithControlCharactersIsRefused(name: String) {
        #expect(
            throws: ValidationError(
                field: "name", message: "no control characters, line breaks or bidirectional marks")
        ) {
            try UserAccount.validName(name)
        }
    }

    @Test(arguments: ["Ad\u{200B}a", "\u{2060}ada", "ada\u{AD}", "a\u{200F}da"])
    func aUserNameWithInvisibleCharactersIsRefusedNamingOne(name: String) {
        let error = #expect(throws: ValidationError.self) { try UserAccount.validName(name) }
        #expect(error?.field == "name")
        #expect(
            error?.message.hasPrefix("no control characters, line breaks, bidirectional marks or invisible") == true)
    }

    @Test func aTokenNameIsTrimmedAndOneTo100Characters() throws {
        #expect(try APIToken.validName("  phone\n") == "phone")
        #expect(try APIToken.validName(String(repeating: "t", count: 100)).count == 100)
        for name in ["", " ", String(repeating: "t", count: 101), "ph\u{7}one"] {
            #expect(
                throws: ValidationError(
                    field: "token-name", message: "a token's name is 1 to 100 characters, no control characters")
            ) {
                try APIToken.validName(name, field: "token-name")
            }
        }
    }
}
