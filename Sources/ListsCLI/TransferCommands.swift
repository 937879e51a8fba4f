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
                throw UsageError(
                    message: "--format must be one of \(formats), not \(Quoted(name))", command: run.command.path)
            }
            format = named
        }
        let fileName = (path as NSString).lastPathComponent
        // A regular file, tested before opening (opening a FIFO would wait for a writer) and again once open.
        let notAFile = ValidationError(field: "file", message: "\(Quoted(path)) is not a file that can be read")
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw notAFile }
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw notAFile }
        defer { close(file) }
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw notAFile }
        // The format (from the first bytes when not given) decides the size limit, before the file is read.
        let head = try readBytes(of: file, path: path, expected: 4096, limit: 4096)
        guard let chosen = format ?? InterchangeFormat.detect(fileName: fileName, bytes: head) else {
            throw ValidationError(
                field: "format", message: "cannot tell the format of \(Quoted(path)); give --format, one of \(formats)")
        }
        let tooLarge = ValidationError(
            field: "file",
            message: "\(Quoted(path)) is \(Int(status.st_size) / 1_000_000) MB; Lists imports \(chosen.rawValue) files "
                + "up to \(chosen.maximumSize / 1_000_000) MB")
        guard Int(status.st_size) <= chosen.maximumSize else { throw tooLarge }
        // A file that grew past the limit since it was measured is refused all the same.
        let bytes = try readBytes(
            of: file, path: path, expected: Int(status.st_size), limit: chosen.maximumSize + 1)
        guard bytes.count <= chosen.maximumSize else { throw tooLarge }
        // A binary property list says what it holds at its end: the tutorials' three files are told apart (all
        // have the same size limit) once it is read whole.
        let detected = format ?? InterchangeFormat.detect(fileName: fileName, bytes: bytes) ?? chosen
        let progress = Progress()
        let summary = try detected.importing(bytes, into: try run.store()) { progress.show($0, of: $1) }
        progress.finish()
        if run.wantsJSON {
            return try run.output.json(
                ["added": summary.added, "updated": summary.updated, "unchanged": summary.unchanged])
        }
        run.output.line("Imported \(fileName) (\(detected.rawValue)): \(summary).")
    }

    /// The bytes of `file` from its start, up to `limit`: read by the kernel straight into one array of the
    /// `expected` size, not into a `Data` copied into an array (for a 24 MB import that was two buffers and 20 ms
    /// of page faults and copying). Should the file have grown since it was measured, the rest follows in parts.
    private static func readBytes(of file: Int32, path: String, expected: Int, limit: Int) throws -> [UInt8] {
        func failed() -> ValidationError {
            ValidationError(
                field: "file", message: "\(Quoted(path)) cannot be read: \(String(cString: strerror(errno)))")
        }
        func read(_ start: UnsafeMutableRawPointer, _ count: Int, at offset: Int) throws -> Int {
            while true {
                let read = pread(file, start, count, off_t(offset))
                if read >= 0 { return read }
                if errno != EINTR { throw failed() }
            }
        }
        var bytes = try [UInt8](unsafeUninitializedCapacity: max(1, min(expected, limit))) { buffer, count in
            count = 0
            // Never nil: the capacity is at least 1.
            guard let start = buffer.baseAddress else { return }
            while count < min(expected, limit) {
                let read = try read(start + count, min(expected, limit) - count, at: count)
                if read == 0 { break }
                count += read
            }
        }
        var part: [UInt8] = []
        while bytes.count < limit {
            if part.isEmpty { part = [UInt8](repeating: 0, count: 65_536) }
            let read = try part.withUnsafeMutableBytes { buffer in
                guard let start = buffer.baseAddress else { return 0 }
                return try read(start, min(buffer.count, limit - bytes.count), at: bytes.count)
            }
            if read == 0 { break }
            bytes += part[..<read]
        }
        return bytes
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
