import Foundation
import Testing

/// Styling only for a person at a terminal: plain text into pipes, and `NO_COLOR` honoured.
@Suite("Plain output when not a terminal")
struct PlainOutputTests {
    /// Commands whose terminal output is styled (numbers dimmed, checkmarks green, labels bold).
    static let styledCommands: [[String]] = [
        ["shop", "list"], ["shop", "list", "--needed"], ["todo", "list"], ["birds", "list"], ["birds", "show", "1"],
        ["--help"], ["shop", "total"],
    ]

    /// A database with a checkmark in every list that has them.
    private func markedSandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.succeed(["shop", "need", "Pear"])
        try sandbox.succeed(["todo", "done", "1"])
        return sandbox
    }

    @Test func pipedOutputHasNoEscapeCodes() throws {
        let sandbox = try markedSandbox()
        defer { sandbox.remove() }
        for command in Self.styledCommands {
            // Even a terminal type that can show colour does not matter when stdout is a pipe.
            let outcome = try sandbox.run(command, environment: ["TERM": "xterm-256color"])
            #expect(outcome.status == 0)
            #expect(!outcome.stdout.isEmpty)
            #expect(!outcome.stdout.contains("\u{1B}"), "\(command): \(outcome.stdout.debugDescription)")
        }
        let refused = try sandbox.run(["shop", "add", "a\u{1B}[31mb"], environment: ["TERM": "xterm-256color"])
        #expect(refused.status == 2)
        #expect(!refused.stderr.contains("\u{1B}"), "\(refused.stderr.debugDescription)")
    }

    /// Runs `lists arguments` with a pseudo-terminal as stdout, through `script(1)`.
    private func runInTerminal(_ sandbox: Sandbox, _ arguments: [String], noColor: String?) throws -> Outcome {
        let command = ([try Sandbox.binary().path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        var environment = sandbox.environment(["TERM": "xterm-256color", "SHELL": "/bin/sh"])
        environment["NO_COLOR"] = noColor
        return try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-q", "-e", "-c", command, "/dev/null"],
            environment: environment)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalGetsStylesUnlessNoColorIsSet() throws {
        let sandbox = try markedSandbox()
        defer { sandbox.remove() }
        let styled = try runInTerminal(sandbox, ["todo", "list"], noColor: nil)
        #expect(styled.status == 0, "\(styled)")
        #expect(styled.stdout.contains("\u{1B}[32m✓\u{1B}[0m"), "\(styled.stdout.debugDescription)")
        let plain = try runInTerminal(sandbox, ["todo", "list"], noColor: "1")
        #expect(plain.status == 0, "\(plain)")
        #expect(!plain.stdout.contains("\u{1B}"), "\(plain.stdout.debugDescription)")
        // The terminal turns "\n" into "\r\n"; otherwise the text is the piped text.
        #expect(plain.stdout.replacingOccurrences(of: "\r\n", with: "\n") == (try sandbox.succeed(["todo", "list"])))
    }

    /// A column after a text is aligned by the text's characters, not its bytes: accented letters, a letter and
    /// its combining accent, and an emoji each take one place, as plain ASCII does.
    @Test func columnsAfterATextLineUpByCharacters() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let titles = ["Tea", "Crème brûlée", "Cafe\u{301} au lait", "Feed 🐦", "Plain ASCII title"]
        for title in titles { try sandbox.succeed(["--no-seed", "todo", "add", title, "--due", "2027-03-04"]) }
        let lines = try sandbox.succeed(["todo", "list"]).split(separator: "\n").map(String.init)
        #expect(lines.count == titles.count)
        let longest = titles.map(\.count).max() ?? 0
        for (line, title) in zip(lines, titles) {
            // "N  " then the (empty) checkmark column, the title padded to the longest, then the due date.
            let due = try #require(line.range(of: "2027-03-04"), "\(line)")
            let before = line[..<due.lowerBound]
            let titleStart = try #require(before.range(of: title), "\(line)")
            #expect(before[titleStart.lowerBound...].count == longest + 2, "\(line.debugDescription)")
        }
    }

    @Test func emptyListsPrintNothingIntoAPipe() throws {
        // The friendly "No tasks. Add one: ..." line is for a person at a terminal, not for a script.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for command in [["shop", "list"], ["shop", "list", "--needed"], ["todo", "list"], ["birds", "list"]] {
            #expect(try sandbox.run(["--no-seed"] + command) == Outcome(status: 0, stdout: "", stderr: ""))
        }
    }
}
