import ListsAuth
import ListsModel
import Testing

/// Hashing at `.testing` limits (1 pass over 8 KiB) keeps these fast; the code paths are those of `.interactive`.
@Suite("Password hashing with Argon2id")
struct PasswordHasherTests {
    let hasher = PasswordHasher.testing

    @Test func aHashVerifiesTheSamePassword() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(hasher.verify("correct horse battery staple", hash: hash))
    }

    @Test func aHashRefusesAnotherPassword() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(!hasher.verify("correct horse battery stapler", hash: hash))
        #expect(!hasher.verify("Correct horse battery staple", hash: hash))
    }

    @Test func aHashIsArgon2idInLibsodiumsStringForm() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(hash.utf8.count < 128)
    }

    @Test func theSamePasswordHashesDifferentlyEachTime() throws {
        // A salt of its own per hash: equal passwords do not show as equal hashes in a store.
        let first = try hasher.hash("correct horse battery staple")
        let second = try hasher.hash("correct horse battery staple")
        #expect(first != second)
        #expect(hasher.verify("correct horse battery staple", hash: second))
    }

    @Test func aPasswordWithNULAndNonASCIICharactersRoundTrips() throws {
        let password = "pa\u{0}ss wörd 🔑 ✓"
        let hash = try hasher.hash(password)
        #expect(hasher.verify(password, hash: hash))
        // The bytes after the NUL count: a C string's idea of the password would stop at "pa".
        #expect(!hasher.verify("pa\u{0}ss wörd 🔑 ✗", hash: hash))
    }

    @Test(arguments: [
        "", "not a hash", "$argon2id$", "$argon2id$v=19$m=8,t=1,p=1$AAAA$BBBB", "$argon2i$v=19$garbage",
        "$2b$12$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01", String(repeating: "$argon2id$", count: 100),
        "$argon2id$v=19$m=8,t=1,p=1$\u{0}",
    ])
    func aMalformedHashVerifiesNothingAndNeedsRehashing(hash: String) {
        #expect(!hasher.verify("correct horse battery staple", hash: hash))
        #expect(hasher.needsRehash(hash))
    }

    @Test func aHashWithItsTailCutOffVerifiesNothing() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(!hasher.verify("correct horse battery staple", hash: String(hash.dropLast(4))))
    }

    @Test func aHashAtLowerLimitsNeedsRehashingAtInteractiveLimits() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(PasswordHasher.interactive.needsRehash(hash))
        #expect(!PasswordHasher.testing.needsRehash(hash))
    }

    @Test func interactiveIsTheDefaultAndLibsodiumsInteractiveLimits() {
        let hasher = PasswordHasher()
        #expect(hasher.opsLimit == 2)
        #expect(hasher.memLimit == 64 * 1024 * 1024)
        #expect(PasswordHasher.interactive.opsLimit == hasher.opsLimit)
        #expect(PasswordHasher.interactive.memLimit == hasher.memLimit)
    }

    @Test func hashingRefusesAPasswordTheRulesRefuse() {
        #expect(throws: ValidationError(field: "password", message: "at least 8 characters")) {
            try hasher.hash("short")
        }
    }

    @Test func anOverlongPasswordVerifiesNothing() throws {
        let hash = try hasher.hash("correct horse battery staple")
        #expect(!hasher.verify(String(repeating: "x", count: 10_000_000), hash: hash))
    }

    @Test func verifyNothingRunsAndReturns() {
        // Its point is the time it takes, which a test cannot assert without being flaky; that it runs, twice
        // (the first call makes the hash it checks against), and tolerates any password, is what is checked.
        hasher.verifyNothing("correct horse battery staple")
        hasher.verifyNothing("")
        hasher.verifyNothing(String(repeating: "x", count: 2_000))
    }
}
