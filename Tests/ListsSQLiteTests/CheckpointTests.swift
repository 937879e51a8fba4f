import Foundation
import ListsModel
import Testing

@testable import ListsSQLite

/// When the WAL is copied into the database: not as a short-lived process closes the file while the WAL is small
/// (its add syncs its commit and nothing else), and as it closes once the WAL has grown past the threshold, which
/// it then truncates; a new process sees every commit either way.
@Suite struct CheckpointTests {
    /// The size of the file at `path`, or 0 when there is none.
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func aSmallWALIsLeftAsItIsAndItsCommitsAreRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try TodoList(store: store).add(title: "Pay rent")
        }
        // Closed with no checkpoint: the commit is in the WAL alone.
        let wal = Self.size(path + "-wal")
        #expect(wal > 0 && wal < SQLiteConnection.walThreshold)
        #expect(try sqlite3Shell(path, "SELECT title FROM tasks") == "Pay rent")
        let again = try SQLiteStore(path: path)
        #expect(try TodoList(store: again).all().map(\.record.title) == ["Pay rent"])
    }

    @Test func aWALPastTheThresholdIsCheckpointedAndTruncatedOnClose() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("lists.sqlite")
        var count = 0
        do {
            let store = try SQLiteStore(path: path)
            let todo = TodoList(store: store)
            let note = String(repeating: "a long note ", count: 800)
            while Self.size(path + "-wal") <= SQLiteConnection.walThreshold {
                try todo.add(title: "Task \(count)", note: note)
                count += 1
            }
        }
        #expect(Self.size(path + "-wal") == 0)
        #expect(try sqlite3Shell(path, "PRAGMA integrity_check") == "ok")
        // Every add made until the WAL passed the threshold is in the file.
        #expect(count > 1)
        #expect(try sqlite3Shell(path, "SELECT count(*) FROM tasks") == "\(count)")
    }
}
