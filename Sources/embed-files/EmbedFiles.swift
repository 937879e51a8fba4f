#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a Swift source that holds files as bytes: the host tool of the EmbedFiles plugin, which gives a target
/// the files of its `Files` folder (`embed-files FOLDER OUTPUT FILE...`).
///
/// A file right in the folder becomes a property named after it (`app.css` → `EmbeddedFiles.appCss`); the files
/// of a folder inside it become one property named after that folder, a list in the order of their names
/// (`app/10-state.js`, `app/20-….js` → `EmbeddedFiles.app`). Each file's bytes are written as a string literal,
/// one Unicode scalar per byte: a string literal of 100 KB compiles at once, where an array literal of as many
/// numbers takes the compiler a minute.
///
/// Only the standard library and the C library: the tool is built for the host in every build of the package,
/// static release builds included, and must build quickly and alike in all of them.
@main
struct EmbedFiles {
    /// A file to embed: its path under the folder, and its bytes.
    struct File {
        /// The path under the folder: `app.css`, `app/10-state.js`.
        var path: String
        /// The file's bytes.
        var bytes: [UInt8]
    }

    /// Reads the files named on the command line and writes the source, or says what is wrong and exits 1.
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 3 else {
            fail("usage: embed-files FOLDER OUTPUT FILE...")
        }
        let folder = arguments[1].hasSuffix("/") ? arguments[1] : arguments[1] + "/"
        var files: [File] = []
        for path in arguments.dropFirst(3) {
            guard path.hasPrefix(folder) else { fail("\(path) is not in \(folder)") }
            files.append(File(path: String(path.dropFirst(folder.count)), bytes: read(path)))
        }
        save(source(files), to: arguments[2])
    }

    /// The Swift source declaring `EmbeddedFiles` with `files`.
    static func source(_ files: [File]) -> String {
        var text = """
            // Written by embed-files (the EmbedFiles plugin) at build time: do not edit.

            /// A file embedded at build time, in the order of its folder.
            struct EmbeddedFile: Sendable {
                /// Its name in its folder.
                let name: String
                /// Its bytes.
                let bytes: [UInt8]
            }

            /// The files of the target's `Files` folder, embedded at build time (the EmbedFiles plugin).
            enum EmbeddedFiles {

            """
        // Sorted, the files of a folder are next to each other: each entry is a file, or a folder and its files.
        var entries: [(name: String, files: [File])] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let components = file.path.split(separator: "/")
            guard components.count <= 2 else { fail("\(file.path): one folder deep at most") }
            let name = String(components[0])
            if components.count == 2, let last = entries.last, last.name == name, last.files[0].path != name {
                entries[entries.count - 1].files.append(file)
            } else {
                entries.append((name, [file]))
            }
        }
        var properties: Set<String> = []
        for entry in entries {
            let property = identifier(entry.name)
            guard properties.insert(property).inserted else { fail("two files would be named \(property)") }
            if entry.files.count == 1, entry.files[0].path == entry.name {
                text += "    /// `\(entry.name)`.\n"
                text += "    static let \(property) = bytes(\(literal(entry.files[0].bytes)))\n"
                continue
            }
            text += "    /// The files of `\(entry.name)/`, in the order of their names.\n"
            text += "    static let \(property) = [\n"
            for file in entry.files {
                let name = literal(Array(file.path.dropFirst(entry.name.count + 1).utf8))
                text += "        EmbeddedFile(name: \(name), bytes: bytes(\(literal(file.bytes)))),\n"
            }
            text += "    ]\n"
        }
        text += """

                /// The bytes `text` holds, one Unicode scalar per byte (U+0000 to U+00FF).
                private static func bytes(_ text: String) -> [UInt8] {
                    text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
                }
            }

            """
        return text
    }

    /// A name as a Swift identifier: its words in lower camel case (`icon-maskable-512.png` → `iconMaskable512Png`).
    static func identifier(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first, let initial = first.first, initial.isLetter else {
            fail("\(name) does not begin with a letter")
        }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `bytes` as a Swift string literal of one Unicode scalar per byte: printable ASCII as itself, the rest escaped.
    static func literal(_ bytes: [UInt8]) -> String {
        var text = "\""
        text.reserveCapacity(bytes.count + 2)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): text += "\\\\"
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\n"): text += "\\n"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default: text += "\\u{" + String(byte, radix: 16) + "}"
            }
        }
        return text + "\""
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes += buffer[0..<count]
            if count < buffer.count { break }
        }
        guard ferror(file) == 0 else { fail("cannot read \(path)") }
        return bytes
    }

    /// Writes `text` to the file at `path`.
    static func save(_ text: String, to path: String) {
        guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        guard fclose(file) == 0, written == bytes.count else { fail("cannot write \(path)") }
    }

    /// Says `message` on the standard error and exits 1.
    static func fail(_ message: String) -> Never {
        let bytes = Array("embed-files: \(message)\n".utf8)
        _ = write(2, bytes, bytes.count)
        exit(1)
    }
}
