import Foundation
import ListsModel
import ListsSQLite

/// `fill-tasks`: a Lists database with N pending tasks, for the whole-process comparison with Taskwarrior.
enum FillTasks {
    /// Creates the database at `path` (which must not exist yet), marks it seeded-empty so that the CLI does
    /// not add the tutorial's records, and appends `count` pending tasks in one write transaction.
    static func run(path: String, count: Int) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(path) exists; fill-tasks creates a new database")
        }
        let store = try SQLiteStore(path: path)
        try Seeding.seedIfNeeded(store, empty: true)
        let seconds = try Measure.seconds {
            let now = Date().roundedToMilliseconds
            try store.write { session in
                try session.insert(
                    contentsOf: (0..<count).map { TodoTask(meta: RecordMeta(createdAt: now), title: "Task \($0 + 1)") })
            }
        }
        let stored = try store.read { try $0.count(TodoTask.self, where: nil) }
        Measure.say("fill-tasks: \(stored) pending tasks in \(path) (\(Measure.format(seconds)))")
    }
}
