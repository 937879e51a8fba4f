/// The help screens: `lists --help`, `lists APP --help`, `lists APP COMMAND --help`.
enum Help {
    static let globalUsage =
        "lists [--database PATH|URL] [--household NAME] [--json] [--no-seed] APP COMMAND [ARGS]"

    static func options(_ specs: [OptionSpec]) -> [String] {
        let rows = specs.map { ["--\($0.name)\($0.value.map { " \($0)" } ?? "")", $0.help] }
        return Table(alignments: [.left, .left], rows: rows).lines().map { "  " + $0 }
    }

    static func overview(
        _ apps: [ListsCommandLine.App], commands: [CommandEntry]
    ) -> String {
        var lines = [
            "Lists: a shopping list, a to-do list and a bird-sighting log, kept in one durable database.",
            "",
            "USAGE: \(globalUsage)",
            "",
        ]
        for app in apps {
            lines.append("\(app.title)")
            let rows = app.commands.map {
                let arguments = $0.positionalPlaceholder
                return ["\($0.path)\(arguments.isEmpty ? "" : " \(arguments)")", $0.configuration.abstract]
            }
            lines += Table(alignments: [.left, .left], rows: rows).lines().map { "  " + $0 }
            lines.append("")
        }
        lines.append("The web app, the JSON API, and data in and out")
        let rows = commands.map { [$0.usage, $0.configuration.abstract] }
        lines += Table(alignments: [.left, .left], rows: rows).lines().map { "  " + $0 }
        lines.append("")
        lines.append("OPTIONS (with any command):")
        lines += options(GlobalOptions.all)
        lines += [
            "",
            "REF, wherever a command takes one, is a number from the list, 4 or more characters of an id, or an",
            "exact name. The first run seeds the tutorials' data; start empty instead with:",
            "  lists --no-seed todo list",
            "",
            "EXAMPLE:",
            "  lists shop add Milk --price 1.99 && lists shop need milk && lists shop total",
            "",
            "See 'lists APP COMMAND --help' for more about a command.",
        ]
        return lines.joinedInline(separator: "\n")
    }

    static func app(_ name: String, _ title: String, _ commands: [CommandEntry]) -> String {
        var lines = [title, "", "USAGE: lists \(name) COMMAND [ARGS]", "", "COMMANDS:"]
        let rows = commands.map { [$0.configuration.name, $0.configuration.abstract] }
        lines += Table(alignments: [.left, .left], rows: rows).lines().map { "  " + $0 }
        let example = commands.first?.configuration.example ?? ""
        lines += ["", "EXAMPLE:", "  \(example)", "", "See 'lists \(name) COMMAND --help' for more."]
        return lines.joinedInline(separator: "\n")
    }

    static func command(_ command: CommandEntry) -> String {
        let configuration = command.configuration
        var lines = [configuration.abstract, "", "USAGE: \(command.usage)"]
        if !configuration.discussion.isEmpty { lines += ["", configuration.discussion] }
        if !command.options.isEmpty { lines += ["", "OPTIONS:"] + options(command.options) }
        lines += ["", "GLOBAL OPTIONS:"] + options(GlobalOptions.all)
        lines += ["", "EXAMPLE:", "  \(configuration.example)"]
        return lines.joinedInline(separator: "\n")
    }
}
