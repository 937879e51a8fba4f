import ListsAuth
import ListsModel
import Testing

@Suite("Password rules")
struct PasswordRulesTests {
    @Test func aPasswordOfEightCharactersIsAccepted() throws {
        try PasswordRules.check("12345678")
    }

    @Test func aPasswordOfSevenCharactersIsRefusedNamingTheField() {
        #expect(throws: ValidationError(field: "password", message: "at least 8 characters")) {
            try PasswordRules.check("1234567")
        }
        let error = ValidationError(field: "password", message: "at least 8 characters")
        #expect(error.description == "password: at least 8 characters")
    }

    @Test func passwordLengthCountsCharactersNotBytes() throws {
        // 8 characters, 32 bytes: accepted.
        try PasswordRules.check("🔑🔑🔑🔑🔑🔑🔑🔑")
        // 7 characters of 2 to 4 bytes each (more than 8 bytes): refused.
        #expect(throws: ValidationError.self) { try PasswordRules.check("ééééééé") }
        // "e" and a combining accent are one character: 8 code points, 4 characters.
        #expect(throws: ValidationError.self) { try PasswordRules.check("e\u{301}e\u{301}e\u{301}e\u{301}") }
    }

    @Test func aPasswordOf1024BytesIsAcceptedAnd1025Refused() throws {
        try PasswordRules.check(String(repeating: "a", count: 1024))
        try PasswordRules.check(String(repeating: "é", count: 512))
        #expect(throws: ValidationError(field: "password", message: "at most 1024 bytes in UTF-8")) {
            try PasswordRules.check(String(repeating: "a", count: 1025))
        }
        // 342 characters, 1,026 bytes.
        #expect(throws: ValidationError.self) { try PasswordRules.check(String(repeating: "€", count: 342)) }
    }

    @Test func aTenMegabytePasswordIsRefusedWithoutBeingRead() {
        // 10 MB of two-byte characters: counting its characters takes some 70 ms, while its byte count is known
        // without reading it. Ten refusals take microseconds if the text is never read and most of a second if it
        // is; the bound leaves room for a busy machine.
        let huge = String(repeating: "é", count: 5_000_000)
        let started = ContinuousClock.now
        for _ in 0..<10 {
            #expect(throws: ValidationError(field: "password", message: "at most 1024 bytes in UTF-8")) {
                try PasswordRules.check(huge)
            }
        }
        #expect(ContinuousClock.now - started < .milliseconds(100))
    }
}
