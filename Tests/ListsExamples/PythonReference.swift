import Foundation

/// A reference implementation the tests check Lists against, run as a Python script in the package's virtual
/// environment (`.venv/bin/python`, with the packages the Makefile pins): python-dateutil's `rrule`, the `icalendar`
/// package. A test that needs one is skipped where it is missing, unless `LISTS_REQUIRE_REFERENCES=1` (as `make
/// test` sets, which installs them), when it fails saying what is missing.
public struct PythonReference: Sendable {
    /// The package's root, three folders above this file.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The virtual environment's interpreter.
    public static let python = root.appendingPathComponent(".venv/bin/python")
    /// Whether the references must run (`LISTS_REQUIRE_REFERENCES=1`).
    public static let isRequired = ProcessInfo.processInfo.environment["LISTS_REQUIRE_REFERENCES"] == "1"

    /// The script, which answers `--version` when its package is there.
    public let script: URL
    /// The package it needs, pinned as the Makefile pins it (`icalendar==6.1.0`).
    public let package: String

    /// The script at `path` from the package's root, needing `package`.
    public init(_ path: String, package: String) {
        script = Self.root.appendingPathComponent(path)
        self.package = package
    }

    /// What is missing for the reference to run, and how to install it; `nil` when it can run.
    public var missing: String? {
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            return "\(Self.python.path) is missing: python3 -m venv .venv && .venv/bin/pip install \(package)"
        }
        guard let (status, output) = try? run(["--version"]), status == 0, !output.isEmpty else {
            return "\(package) is missing: .venv/bin/pip install \(package)"
        }
        return nil
    }

    /// Runs the script with `arguments`, standard input empty: its exit status and what it printed (read before
    /// waiting, as an answer may be larger than a pipe holds); what it writes to standard error shows in the run.
    public func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [script.path] + arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}
