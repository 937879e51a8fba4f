import Foundation
import ListsAuth
import ListsModel

/// The signed-in user the route tests act as: `ann`, owner of the first household, with a session whose secret
/// is fixed, so that every harness's requests carry the same cookie (each harness has its own store).
enum SignedIn {
    /// The session's secret (the shape of ``SecretToken/generate(prefix:)``'s).
    static let secret = "T3stS3ssionSecretT3stS3ssionSecretT3stS3ssA"
    /// The cookie that carries it.
    static let cookie = "lists_session=\(secret)"
    /// The password of `ann`.
    static let password = "correct horse"

    /// Makes `ann` in `store`, owner of the first household, with the session ``secret`` names, valid 30 days
    /// from `now`.
    static func prepare(_ store: any Store, now: Date) throws {
        let hash = try PasswordHasher.testing.hash(password)
        try store.write { session in
            let accounts = session.accounts
            let user = try accounts.addUser(name: "ann", passwordHash: hash, at: now)
            try accounts.setMembership(userID: user.id, in: .first, role: .owner, at: now)
            try accounts.addSession(
                SignInSession(
                    digest: SecretToken.digest(secret), userID: user.id, householdID: .first, createdAt: now,
                    expiresAt: now.addingTimeInterval(30 * 24 * 60 * 60)))
        }
    }
}
