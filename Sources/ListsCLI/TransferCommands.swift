import Foundation
import ListsInterchange
import ListsModel

/// `lists import` and `lists export`: data in and out, in Lists's backup format and in the formats of the
/// tutorials and of other programs.
enum TransferCommands {
    static let formats = InterchangeFormat.allCases.map(\.rawValue).joined(separator: ", ")
    static let exportFormats = InterchangeFormat.exportable.map(\.rawValue).joined(separator: ", ")

    static let importSpec = CommandSpec(
        app: "", name: "import", arguments: "FILE", arity: (1, 1),
        abstract: "Add the records of a file: a Lists backup, the tutorials' files, Taskwarrior, todo.txt, CSV.",
        discussion: "The format is detected from the file unless --format names it (\(formats)). All or "
            + "nothing: one bad record imports nothing and the message names its line or place and field. "
            + "Importing the same backup, archive or Taskwarrior export again adds nothing. At most 100 MB.",
        options: [OptionSpec(name: "format", value: "F", help: "one of \(formats)")],
        example: "lists import ~/Documents/items.plist", run: importFile)

    static let exportSpec = CommandSpec(
        app: "", name: "export", arguments: "", arity: (0, 0),
        abstract: "Write the records out: a Lists backup (the default) or another program's format.",
        discussion: "Formats: \(exportFormats). lists-json holds all three apps with ids, dates and versions; "
            + "importing it into an empty database and exporting again gives the same file.",
        options: [
            OptionSpec(name: "format", value: "F", help: "one of \(exportFormats) (lists-json)"),
            OptionSpec(name: "output", value: "FILE", help: "write to FILE (replaced whole) instead of stdout"),
        ],
        example: "lists export --format taskwarrior --output tasks.json", run: export)

    static func importFile(_ run: Invocation) throws {
        let path = run.positionals[0]
        var format: InterchangeFormat?
        if let name = run.option("format") {
            guard let named = InterchangeFormat(rawValue: name) else {
                throw UsageError(message: "--format must be one of \(formats), not \(Quoted(name))", command: run.command.path)
            }
            format = named
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes, (attributes[.type] as? FileAttributeType) == .typeRegular else {
            throw ValidationError(field: "file", message: "\(Quoted(path)) is not a file that can be read")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let fileName = (path as NSString).lastPathComponent
        // The format (from the first bytes when not given) decides the size limit, before the file is read.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ValidationError(field: "file", message: "\(Quoted(path)) cannot be read")
        }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        try? handle.close()
        guard let chosen = format ?? InterchangeFormat.detect(fileName: fileName, bytes: head) else {
            throw ValidationError(
                field: "format", message: "cannot tell the format of \(Quoted(path)); give --format, one of \(formats)")
        }
        guard size <= chosen.maximumSize else {
            throw ValidationError(
                field: "file",
                message: "\(Quoted(path)) is \(size / 1_000_000) MB; Lists imports \(chosen.rawValue) files up to "
                    + "\(chosen.maximumSize / 1_000_000) MB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError(field: "file", message: "\(Quoted(path)) cannot be read")
        }
        let bytes = [UInt8](data)
        let progress = Progress()
        let summary = try chosen.importing(bytes, into: try run.store()) { progress.show($0, of: $1) }
        progress.finish()
        if run.wantsJSON {
            return try run.output.json(
                ["added": summary.added, "updated": summary.updated, "unchanged": summary.unchanged])
        }
        run.output.line("Imported \(fileName) (\(chosen.rawValue)): \(summary).")
    }

    static func export(_ run: Invocation) throws {
        let name = run.option("format") ?? InterchangeFormat.listsJSON.rawValue
        guard let format = InterchangeFormat(rawValue: name), InterchangeFormat.exportable.contains(format) else {
            throw UsageError(
                message: "--format must be one of \(exportFormats), not \(Quoted(name))", command: run.command.path)
        }
        let store = try run.store()
        guard let path = run.option("output") else {
            run.output.flush()
            try format.export(store) { FileHandle.standardOutput.write(Data($0)) }
            return
        }
        // Written beside the target and renamed over it, so a failed export never leaves half a file.
        let temporary = path + ".lists-export-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
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
            guard rename(temporary, path) == 0 else {
                throw ValidationError(field: "output", message: "cannot write \(Quoted(path))")
            }
        } catch {
            try? handle.close()
            unlink(temporary)
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
    private let isTerminal = isatty(2) == 1

    func show(_ done: Int, of total: Int) {
        guard isTerminal, total > 0, Date().timeIntervalSince(start) > 1 else { return }
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        // The count shown is the estimate until the file is read: never below what is already done.
        FileHandle.standardError.write(Data("\rImporting \(bar) \(done)/\(max(done, total))".utf8))
        lock.withLock { shown = true }
    }

    func finish() {
        if lock.withLock({ shown }) { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
