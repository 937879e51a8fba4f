import Foundation
import ListsInterchange
import ListsModel

/// `lists import` and `lists export`: data in and out, in Lists's backup format and in the formats of the
/// tutorials and of other programs.
enum TransferCommands {
    // Every start builds the commands' texts (see `joinedInline`).
    static let formats = InterchangeFormat.importable.map { $0.rawValue }.joinedInline(separator: ", ")
    static let exportFormats = InterchangeFormat.exportable.map { $0.rawValue }.joinedInline(separator: ", ")

    /// `lists import FILE [--format F]`.
    struct Import: Command {
        static let configuration = CommandConfiguration(
            app: "", name: "import",
            abstract: "Add the records of a file: a Lists backup, the tutorials' files, Taskwarrior, todo.txt, CSV.",
            discussion: "The format is detected from the file unless --format names it (\(formats)). All or "
                + "nothing: one bad record imports nothing and the message names its line or place and field. "
                + "Importing the same backup, archive or Taskwarrior export again adds nothing. At most 100 MB. "
                + "--list puts a file's shopping items on a named shopping list instead of the Shopping List tab: "
                + "those the file has on its list, or all of a file that marks none.",
            example: "lists import ~/Documents/items.plist")
        static let arguments: [Argument<Self>] = [
            .positional("FILE", 1, 1) { $0.files = $1 },
            .option("format", "F", help: "one of \(formats)") { $0.formatName = $1 },
            .option(
                "list", "LIST",
                help:
                    "put the file's shopping items on this shopping list, or its tasks on this to-do list (made if new)"
            ) {
                $0.list = $1
            },
        ]

        var files: [String] = []
        var formatName: String?
        var format: InterchangeFormat?
        var list: String?

        mutating func validate() throws {
            if let formatName {
                guard let named = InterchangeFormat(importing: formatName) else {
                    throw UsageError(
                        message: "--format must be one of \(formats), not \(Quoted(formatName))", command: Self.path)
                }
                format = named
            }
        }

        func run(_ run: Invocation) throws {
            try importFile(files[0], format: format, list: list, run)
        }
    }

    /// `lists export [--format F] [--output FILE]`.
    struct Export: Command {
        static let configuration = CommandConfiguration(
            app: "", name: "export",
            abstract: "Write the records out: a Lists backup (the default) or another program's format.",
            discussion: "Formats: \(exportFormats). lists-json holds all three apps with ids, dates and versions; "
                + "importing it into an empty database and exporting again gives the same file.",
            example: "lists export --format taskwarrior --output tasks.json")
        static let arguments: [Argument<Self>] = [
            .option("format", "F", help: "one of \(exportFormats) (lists-json)") { $0.formatName = $1 },
            .option(
                "output", "FILE",
                help: "write to FILE (replaced whole) instead of stdout; without --format, a FILE ending in .ics is "
                    + "written as icalendar, .txt as todo-txt, .td as data-td, .csv needs --format"
            ) { $0.path = $1 },
        ]

        var formatName: String?
        var path: String?
        var format = InterchangeFormat.listsJSON

        mutating func validate() throws {
            if formatName == nil, let path {
                let fileName = (path as NSString).lastPathComponent
                guard let chosen = InterchangeFormat.exported(toFileNamed: fileName) else {
                    let choices = InterchangeFormat.exportedAsCSV.map(\.rawValue).joinedInline(separator: ", ")
                    throw UsageError(
                        message: "\(Quoted(fileName)) is a .csv file, which several formats write: give --format, "
                            + "one of \(choices)",
                        command: Self.path)
                }
                format = chosen
                return
            }
            let name = formatName ?? InterchangeFormat.listsJSON.rawValue
            guard let named = InterchangeFormat(rawValue: name), InterchangeFormat.exportable.contains(named) else {
                throw UsageError(
                    message: "--format must be one of \(exportFormats), not \(Quoted(name))", command: Self.path)
            }
            format = named
        }

        func run(_ run: Invocation) throws {
            try export(format, to: path, run)
        }
    }

    /// Imports the file at `path`, in `format` or the one its content shows.
    static func importFile(_ path: String, format: InterchangeFormat?, list: String? = nil, _ run: Invocation) throws {
        let fileName = (path as NSString).lastPathComponent
        let file = try RegularFile(path: path)
        // The format (from the first bytes when not given) decides the size limit, before the file is read.
        let head = try file.read(expected: 4096, limit: 4096)
        guard let chosen = format ?? InterchangeFormat.detect(fileName: fileName, bytes: head) else {
            throw ValidationError(
                field: "format", message: "cannot tell the format of \(Quoted(path)); give --format, one of \(formats)")
        }
        let tooLarge = ValidationError(
            field: "file",
            message: "\(Quoted(path)) is \(file.size / 1_000_000) MB; Lists imports \(chosen.rawValue) files "
                + "up to \(chosen.maximumSize / 1_000_000) MB")
        guard file.size <= chosen.maximumSize else { throw tooLarge }
        // Read on a thread of its own while the store opens (a new file's schema is made then): for a 25 MB
        // file each takes about 20 ms, and the import waits for both. A file that grew past the limit since it
        // was measured is refused all the same.
        let reading = BackgroundWork { try file.read(expected: file.size, limit: chosen.maximumSize + 1) }
        // Not mapped: an import writes what it reads, and a large one reads its whole table back once as it builds
        // the indexes, which through a map would only count the file's pages in the process's memory.
        let store = Result { try run.store(mapped: false) }
        let bytes = try reading.value()
        guard bytes.count <= chosen.maximumSize else { throw tooLarge }
        // A binary property list says what it holds at its end: the tutorials' three files are told apart (all
        // have the same size limit) once it is read whole.
        let detected = format ?? InterchangeFormat.detect(fileName: fileName, bytes: bytes) ?? chosen
        let progress = Progress()
        let summary = try detected.importing(bytes, into: try store.get(), list: list) {
            progress.show($0, of: $1)
        }
        progress.finish()
        if run.wantsJSON {
            return run.output.json(summary)
        }
        run.output.line("Imported \(fileName) (\(detected.rawValue)): \(summary).")
        for warning in summary.warnings { run.output.line("Note: \(warning)") }
    }

    /// Writes every record in `format` to the file at `path`, or to standard output.
    static func export(_ format: InterchangeFormat, to path: String?, _ run: Invocation) throws {
        let store = try run.store()
        guard let path else {
            run.output.flush()
            try format.export(store) { FileHandle.standardOutput.write(Data($0)) }
            return
        }
        // Written beside the target and renamed over it, so a failed export never leaves half a file; readable by
        // its owner only, as the database is.
        let temporary = path + ".lists-export-\(Platform.processID)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw ValidationError(field: "output", message: "cannot write \(Quoted(path))")
        }
        do {
            var buffer: [UInt8] = []
            try format.export(store) { piece in
                buffer += piece
                if buffer.count > 1 << 20 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            try handle.synchronize()
            try handle.close()
            guard Platform.move(temporary, over: path) else {
                throw ValidationError(field: "output", message: "cannot write \(Quoted(path))")
            }
        } catch {
            try? handle.close()
            Platform.remove(temporary)
            throw error
        }
    }
}

/// A progress bar on stderr for an import that runs over a second, only when stderr is a terminal.
///
/// `@unchecked Sendable` is safe because `shown` is touched only inside `lock`: ``show(_:of:)`` is called from the
/// import's writing thread, ``finish()`` after the import from the calling one.
final class Progress: @unchecked Sendable {
    private let start = Date()
    private let lock = NSLock()
    private var shown = false
    private let isTerminal = Platform.standardErrorIsTerminal

    func show(_ done: Int, of total: Int) {
        guard isTerminal, total > 0, Date().timeIntervalSince(start) > 1 else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        // The count shown is the estimate until the file is read: never below what is already done.
        Platform.writeToStandardError("\rImporting \(bar) \(done)/\(max(done, total))")
        lock.withLock { shown = true }
    }

    func finish() {
        if lock.withLock({ shown }) { Platform.writeToStandardError("\n") }
    }
}
