// The operating system's side of the commands, in one place: what is POSIX as glibc offers it, and Linux's
// `/proc/self/exe`. A port to another system (Darwin) is a change to this file; the rest of the module reaches the
// system only through it (and through Foundation).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import ListsModel

/// The system calls the commands make.
enum Platform {
    /// Whether standard output is a terminal (colours, hints for an empty list).
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal (a progress bar).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// This process's id.
    static var processID: Int32 { getpid() }

    /// Whether standard input is a terminal (a password is then asked for, without echo).
    static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Writes `text` to standard error, its UTF-8 taken from the string's own storage: `Data(text.utf8)` would ask,
    /// at run time, whether the view is `ContiguousBytes`, and a no is found only after every conformance record
    /// of the binary was looked at (0.2 M instructions, and all of them read from memory).
    static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { FileHandle.standardError.write(Data(buffer: $0)) }
    }

    /// Shows `prompt` on the terminal (standard error) and reads one line from standard input with echo turned
    /// off, as `passwd` does; `nil` at the end of input. Echo comes back whatever happens.
    static func readSecretLine(prompt: String) -> String? {
        writeToStandardError(prompt)
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if hasTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
                writeToStandardError("\n")
            }
        }
        return readLine(strippingNewline: true)
    }

    /// The directory of the running executable (`/proc/self/exe` resolved, so symbolic links to `lists` work).
    static func executableDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else {
            return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A path that starts this very executable again: `/proc/self/exe` on Linux (the running file, even if an
    /// upgrade has replaced it on disk since), the path it was started by elsewhere.
    static func executablePath() -> String {
        #if os(Linux)
            "/proc/self/exe"
        #else
            CommandLine.arguments[0]
        #endif
    }

    /// Replaces this process with the executable at `path`, given `arguments` (the program name first) and this
    /// process's environment. Returns only when it cannot, with the system's reason.
    static func replaceProcess(with path: String, arguments: [String]) -> String {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        return reason
    }

    /// Puts the file at `source` in the place of `target`, in one step (`rename(2)`).
    /// - Returns: whether it could.
    static func move(_ source: String, over target: String) -> Bool {
        rename(source, target) == 0
    }

    /// Removes the file at `path`, if it can.
    static func remove(_ path: String) {
        unlink(path)
    }
}

/// A regular file open for reading, tested to be one before it is opened (opening a FIFO would wait for a writer)
/// and again once open; closed when released. Sendable: nothing of it changes once open, and `pread` reads at a
/// place of its own.
final class RegularFile: Sendable {
    private let descriptor: Int32
    private let path: String
    /// Its size when it was opened, in bytes.
    let size: Int

    /// The file at `path`, open.
    /// - Throws: ``ValidationError`` for `file` when it is not a regular file that can be read.
    init(path: String) throws {
        self.path = path
        let notAFile = ValidationError(field: "file", message: "\(Quoted(path)) is not a file that can be read")
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw notAFile }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw notAFile }
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw notAFile
        }
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// The file's bytes from its start, up to `limit`: read by the kernel straight into one array of the
    /// `expected` size, not into a `Data` copied into an array (for a 24 MB import that was two buffers and 20 ms
    /// of page faults and copying). Should the file have grown since it was measured, the rest follows in parts.
    /// - Throws: ``ValidationError`` for `file` when a read fails.
    func read(expected: Int, limit: Int) throws -> [UInt8] {
        let first = min(expected, limit)
        var bytes = try [UInt8](unsafeUninitializedCapacity: max(1, first)) { buffer, count in
            count = 0
            guard let start = buffer.baseAddress else { return }
            while count < first {
                let read = try read(into: start + count, count: first - count, at: count)
                if read == 0 { break }
                count += read
            }
        }
        var part: [UInt8] = []
        while bytes.count < limit {
            if part.isEmpty { part = [UInt8](repeating: 0, count: 65_536) }
            let read = try part.withUnsafeMutableBytes { buffer -> Int in
                guard let start = buffer.baseAddress else { return 0 }
                return try self.read(into: start, count: min(buffer.count, limit - bytes.count), at: bytes.count)
            }
            if read == 0 { break }
            bytes += part[..<read]
        }
        return bytes
    }

    private func read(into start: UnsafeMutableRawPointer, count: Int, at offset: Int) throws -> Int {
        while true {
            let read = pread(descriptor, start, count, off_t(offset))
            if read >= 0 { return read }
            if errno != EINTR {
                throw ValidationError(
                    field: "file", message: "\(Quoted(path)) cannot be read: \(String(cString: strerror(errno)))")
            }
        }
    }
}
