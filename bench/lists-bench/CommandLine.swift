import Foundation
import ListsModel
import ListsSQLite

/// The subcommands of `lists-bench` and their options.
///
/// Exit status: 0 when the benchmark ran and met its goal (or has none), 3 when it ran and missed its goal,
/// 2 for bad usage, 1 for any other failure.
enum BenchCommandLine {
    static let usage = """
        USAGE: lists-bench COMMAND [OPTIONS]

        COMMANDS
          add-scaling [--sizes 100,10k,100k,1M] [--adds 200] [--directory DIR]
              Median time of one durable ShoppingList.add on a catalog of N items, for each N;
              goal: t(100k) / t(100) <= 1.5.
          tutorial-vs-lists [--count 100k] [--reference-adds 5] [--adds 200] [--directory DIR]
              The tutorial's save (NSKeyedArchiver of the whole NSMutableArray, atomic file write, on every add)
              against Lists's add, both at --count items; goal: Lists >= 100x faster.
          households-import [--households 1k] [--items 200] [--imports 20] [--directory DIR]
          fill-lists --database PATH [--households 1] [--lists 5] [--entries 200]
              Median time of a new household's import of --items items into a store where --households other
              households keep as many items with the same names, against an empty store; not judged.
          repeat-rules [--json PATH]
              Lists' first 20 dates of 500 random repeat rules (median of 5 runs); --json writes the rules for
              bench/repeat-bench.py, which times python-dateutil on them and judges the ratio.
          bird-lists [--sightings 100k] [--directory DIR]
              Species suggestions per keystroke over the whole taxonomy (goal: p95 <= 5 ms) and the life list of a
              log of --sightings sightings (goal: median <= 50 ms).
          fill-sightings --database PATH --count N
              Creates a Lists database (seeded empty) holding N sightings of 2,000 species, as bird-lists draws
              them, for bench/birds-page-bench.py.
          fill-tasks --database PATH --count N
              Creates a Lists database (seeded empty) holding N pending tasks, for bench/cli-vs-taskwarrior.sh.
          fill-items --database PATH --count N
              Creates a Lists database (seeded empty) holding N shopping items, for the server benchmarks.

        Sizes and counts accept k and M suffixes (10k = 10000, 1M = 1000000).
        --directory is where the temporary databases go (default: $TMPDIR or /tmp); it must be a real file
        system, not a RAM disk, for the durable writes to be measured.
        """

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        do {
            let options = try Options(Array(arguments.dropFirst()))
            let outcome: Outcome
            switch command {
            case "add-scaling":
                try options.allow(["sizes", "adds", "directory"])
                outcome = try AddScaling(
                    sizes: try options.counts("sizes") ?? AddScaling.defaultSizes,
                    adds: try options.count("adds") ?? 200,
                    directory: try options.directory()
                ).run()
            case "tutorial-vs-lists":
                try options.allow(["count", "reference-adds", "adds", "directory"])
                outcome = try TutorialVsLists(
                    count: try options.count("count") ?? 100_000,
                    referenceAdds: try options.count("reference-adds") ?? 5,
                    listsAdds: try options.count("adds") ?? 200,
                    directory: try options.directory()
                ).run()
            case "households-import":
                try options.allow(["households", "items", "imports", "directory"])
                outcome = try HouseholdsImport(
                    households: try options.count("households") ?? 1_000,
                    items: try options.count("items") ?? 200,
                    imports: try options.count("imports") ?? 20,
                    directory: try options.directory()
                ).run()
            case "repeat-rules":
                try options.allow(["json"])
                outcome = try RepeatRules(json: options.values["json"]).run()
            case "bird-lists":
                try options.allow(["sightings", "directory"])
                outcome = try BirdLists(
                    sightings: try options.count("sightings") ?? 100_000, directory: try options.directory()
                ).run()
            case "fill-sightings":
                try options.allow(["database", "count"])
                guard let path = options.values["database"] else {
                    throw UsageError("fill-sightings needs --database PATH")
                }
                guard let count = try options.count("count") else { throw UsageError("fill-sightings needs --count N") }
                guard !FileManager.default.fileExists(atPath: path) else {
                    throw UsageError("\(path) exists; fill-sightings creates a new database")
                }
                let store = try SQLiteStore(path: path)
                try Seeding.seedIfNeeded(store, empty: true)
                try BirdLists(sightings: count, directory: URL(fileURLWithPath: "/")).fill(store)
                outcome = .noGoal
            case "fill-tasks":
                try options.allow(["database", "count"])
                guard let path = options.values["database"] else {
                    throw UsageError("fill-tasks needs --database PATH")
                }
                guard let count = try options.count("count") else { throw UsageError("fill-tasks needs --count N") }
                try FillTasks.run(path: path, count: count)
                outcome = .noGoal
            case "fill-items":
                try options.allow(["database", "count"])
                guard let path = options.values["database"] else {
                    throw UsageError("fill-items needs --database PATH")
                }
                guard let count = try options.count("count") else { throw UsageError("fill-items needs --count N") }
                try FillItems.run(path: path, count: count)
                outcome = .noGoal
            case "fill-lists":
                try options.allow(["database", "households", "lists", "entries"])
                guard let path = options.values["database"] else {
                    throw UsageError("fill-lists needs --database PATH")
                }
                try FillLists.run(
                    path: path, households: try options.count("households") ?? 1,
                    lists: try options.count("lists") ?? 5, entries: try options.count("entries") ?? 200)
                outcome = .noGoal
            case "-h", "--help", "help":
                print(usage)
                return 0
            default:
                throw UsageError("unknown command \(command)")
            }
            return outcome.exitStatus
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("lists-bench: \(error.message)\n\n\(usage)\n".utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data("lists-bench: \(String(reflecting: error))\n".utf8))
            return 1
        }
    }
}

/// What a benchmark concluded.
enum Outcome {
    case pass, fail, noGoal

    init(met: Bool) { self = met ? .pass : .fail }

    var label: String {
        switch self {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .noGoal: "n/a"
        }
    }

    var exitStatus: Int32 { self == .fail ? 3 : 0 }
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// `--name value` pairs.
struct Options {
    var values: [String: String] = [:]

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("unexpected argument \(argument)")
            }
            var name = String(argument.dropFirst(2))
            var value: String
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else {
                guard let next = rest.popFirst() else { throw UsageError("--\(name) needs a value") }
                value = next
            }
            values[name] = value
        }
    }

    func allow(_ names: Set<String>) throws {
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            throw UsageError("unknown option --\(unknown)")
        }
    }

    /// A positive count such as `200`, `10k` or `1M`.
    static func parseCount(_ text: String, option: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits = Substring(trimmed)
        var multiplier = 1
        switch trimmed.last {
        case "k", "K": multiplier = 1_000; digits = digits.dropLast()
        case "m", "M": multiplier = 1_000_000; digits = digits.dropLast()
        default: break
        }
        guard let value = Int(digits.replacingOccurrences(of: "_", with: "")), value > 0 else {
            throw UsageError("--\(option): \(text) is not a positive count (such as 200, 10k, 1M)")
        }
        return value * multiplier
    }

    func count(_ name: String) throws -> Int? {
        try values[name].map { try Self.parseCount($0, option: name) }
    }

    func counts(_ name: String) throws -> [Int]? {
        guard let text = values[name] else { return nil }
        let counts = try text.split(separator: ",").map { try Self.parseCount(String($0), option: name) }
        guard !counts.isEmpty else { throw UsageError("--\(name) needs at least one size") }
        return Array(Set(counts)).sorted()
    }

    /// `--directory`, else `$TMPDIR`, else `/tmp`.
    func directory() throws -> URL {
        if let path = values["directory"] { return URL(fileURLWithPath: path, isDirectory: true) }
        return FileManager.default.temporaryDirectory
    }
}
