import Foundation
import Testing

/// A database of the release before the Shopping List tab became a named list, used by the `lists` binary.
@Suite("The tutorial's shopping list of an earlier release, in the CLI")
struct TabListMigrationTests {
    /// `Tests/ListsSQLiteTests/Fixtures/release-schema-17.sqlite` (its making is told in `ReleaseMigrationTests`).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ListsSQLiteTests/Fixtures/release-schema-17.sqlite")

    @Test func itsShoppingListIsTheListShoppingAtTheFirstCommand() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let path = sandbox.path("release.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        // Readable by its owner only, as Lists keeps its files (a checkout leaves it readable by all).
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try sandbox.expect(
            ["--database", path, "shop", "lists"],
            prints: "1  Shopping  3 to buy  3 in all\n2  Hardware  1 to buy  1 in all\n")
        try sandbox.expect(
            ["--database", path, "shop", "list"],
            prints: """
                1  ✓  Pear      0.62
                2     Notepad   2.53
                3     Pencil    0.35
                4  ✓  Bread     3.12
                5     Mango     1.25
                6  ✓  Oat milk  1.99

                """)
        try sandbox.expect(["--database", path, "shop", "total", "--list", "shopping"], prints: "5.73\n")
        // Two lists: a command on one names it.
        let unnamed = try sandbox.run(["--database", path, "shop", "total"])
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr == "lists: list: which list? name one with --list: \"Shopping\", \"Hardware\"\n")
        try sandbox.expect(
            ["--database", path, "shop", "unneed", "Pear", "--list", "Shopping"], prints: "Off Shopping: Pear\n")
        try sandbox.expect(["--database", path, "shop", "total", "--list", "1"], prints: "5.11\n")
    }
}
