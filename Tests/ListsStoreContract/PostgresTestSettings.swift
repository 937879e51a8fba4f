import Foundation
import Testing

/// Whether the tests that need a PostgreSQL server run: when `LISTS_TEST_POSTGRES` names one, or when
/// `LISTS_REQUIRE_POSTGRES=1` says they must (`make test` and CI start a throwaway cluster and set both, so that a
/// cluster that failed to start fails those tests instead of skipping them). A plain `swift test` on a machine
/// without PostgreSQL skips them, with the reason this gives.
public enum PostgresTestSettings {
    /// The server's URL, or `""`.
    public static let url = ProcessInfo.processInfo.environment["LISTS_TEST_POSTGRES"] ?? ""

    /// Whether the PostgreSQL tests run.
    public static let isEnabled =
        !url.isEmpty || ProcessInfo.processInfo.environment["LISTS_REQUIRE_POSTGRES"] == "1"

    /// Why they are skipped when they are.
    public static let reason: Comment =
        "LISTS_TEST_POSTGRES names no PostgreSQL server (postgres://user@host:port/db); `make test` starts one"
}
