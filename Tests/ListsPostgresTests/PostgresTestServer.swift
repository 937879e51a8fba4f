import Foundation
import ListsModel
import ListsStoreContract
import Testing

@testable import ListsPostgres

/// The PostgreSQL server the tests run on, named by `LISTS_TEST_POSTGRES` (`make test` starts a throwaway one).
///
/// Each test gets a schema of its own, made here and dropped after, so that tests run side by side on one
/// database and every store starts empty. The suites that need the server are enabled by
/// ``PostgresTestSettings``; once enabled, a test fails when the variable is unset or the server cannot be reached.
enum PostgresTestServer {
    /// The server's URL.
    /// - Throws: a test failure when `LISTS_TEST_POSTGRES` is not set.
    static func url() throws -> String {
        let url = PostgresTestSettings.url
        try #require(
            !url.isEmpty,
            "LISTS_TEST_POSTGRES must name a PostgreSQL server (postgres://user@host:port/db); `make test` starts one")
        return url
    }

    /// A connection to the server outside any store, for setting up and for doing what a test inflicts.
    /// - Throws: a test failure when the server cannot be reached.
    static func administration() throws -> PostgresConnection {
        let url = try url()
        do {
            return try PostgresConnection(url: url, place: PostgresStore.redacted(url))
        } catch {
            Issue.record("cannot reach the PostgreSQL server LISTS_TEST_POSTGRES names: \(error)")
            throw error
        }
    }

    /// Runs `body` with the URL of a new, empty schema (the URL sets the search path), then drops the schema.
    /// `applicationName` tags the connections, so that a test can find them in `pg_stat_activity`.
    static func withFreshSchema<T>(applicationName: String = "lists-tests", _ body: (String) throws -> T) throws -> T {
        let admin = try administration()
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try admin.execute("CREATE SCHEMA \(schema)")
        defer { try? admin.execute("DROP SCHEMA \(schema) CASCADE") }
        let base = try url()
        let separator = base.contains("?") ? "&" : "?"
        return try body(
            base + separator + "options=-csearch_path%3D\(schema)&application_name=\(applicationName)")
    }

    /// The schema a URL from ``withFreshSchema(applicationName:_:)`` sets as the search path.
    static func schema(in url: String) throws -> String {
        try #require(url.split(separator: "%3D").last.map { String($0.prefix(while: { $0 != "&" })) })
    }

    /// Terminates the server processes of the connections tagged `applicationName` and waits until they are gone.
    static func terminateConnections(applicationName: String, using admin: PostgresConnection) throws {
        let terminated = try admin.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
            [.text(applicationName)])
        #expect(terminated.count > 0, "no connection of \(applicationName) was open")
        for _ in 0..<500 {
            let left = try admin.integer(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [.text(applicationName)])
            if left == 0 { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Issue.record("the terminated connections of \(applicationName) did not go away")
    }
}
