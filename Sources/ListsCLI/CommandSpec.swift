/// An option a command accepts, declared next to its help.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `price`.
    var name: String
    /// The placeholder of its value (`P`), or `nil` for a flag.
    var value: String?
    /// One line of help.
    var help: String
}

/// One command of `lists`: its words, arguments, options, help and what it does.
struct CommandSpec: Sendable {
    /// The app word (`shop`, `todo`, `birds`), or `""` for a command of its own (`serve`).
    var app: String
    /// The command word (`add`, `list`, ...).
    var name: String
    /// The positional arguments as the usage line shows them, e.g. `NAME` or `REF...`.
    var arguments: String
    /// How many positional arguments it takes at least and at most (`nil`: no limit).
    var arity: (min: Int, max: Int?)
    /// What it does, in one line.
    var abstract: String
    /// More about it, shown by `--help`.
    var discussion: String
    /// Its options, besides the global ones.
    var options: [OptionSpec]
    /// An example, shown by `--help`.
    var example: String
    /// Runs it.
    var run: @Sendable (Invocation) throws -> Void

    /// `lists shop add`.
    var path: String { app.isEmpty ? "lists \(name)" : "lists \(app) \(name)" }

    /// `lists shop add NAME [--price P]`.
    var usage: String {
        let options = self.options.map { "[--\($0.name)\($0.value.map { " \($0)" } ?? "")]" }
        return ([path] + (arguments.isEmpty ? [] : [arguments]) + options).joined(separator: " ")
    }
}

/// The global options, accepted before or after the command.
enum GlobalOption {
    static let all = [
        OptionSpec(
            name: "database", value: "PATH|URL",
            help: "the database file, or a postgres://user@host:port/db URL (default: $LISTS_DATABASE, else "
                + "$XDG_DATA_HOME/lists/lists.sqlite)"),
        OptionSpec(name: "json", value: nil, help: "print JSON, the objects the API returns"),
        OptionSpec(
            name: "no-seed", value: nil,
            help: "when this run creates the database, leave it empty instead of adding the tutorials' data"),
    ]
}

/// A command line split into options and positional arguments, checked against a ``CommandSpec``.
struct ParsedArguments {
    /// Option values by name, the last one given of each; flags have the value `""`.
    var options: [String: String] = [:]
    /// Every value given of each option, in order (for the options that may be repeated).
    var repeated: [String: [String]] = [:]
    /// The positional arguments, in order.
    var positionals: [String] = []
    /// Whether `--help` or `-h` was given.
    var wantsHelp = false

    /// Splits `words`, accepting `known` options; `--` ends the options.
    /// - Throws: ``UsageError`` for an unknown option or a missing value.
    init(_ words: [String], known: [OptionSpec], command: String) throws {
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "--help" || word == "-h" {
                wantsHelp = true
                continue
            }
            let body = word.drop(while: { $0 == "-" })
            let name = String(body.prefix(while: { $0 != "=" }))
            let inlineValue = body.contains("=") ? String(body.drop(while: { $0 != "=" }).dropFirst()) : nil
            guard word.hasPrefix("--"), let spec = known.first(where: { $0.name == name }) else {
                let options = known.map { "--\($0.name)" }.joined(separator: ", ")
                throw UsageError(
                    message: "unknown option \(word); \(command) accepts \(options.isEmpty ? "none" : options)",
                    command: command)
            }
            if let placeholder = spec.value {
                if let inlineValue {
                    options[name] = inlineValue
                } else if index < words.count {
                    options[name] = words[index]
                    index += 1
                } else {
                    throw UsageError(message: "--\(name) needs a value (\(placeholder))", command: command)
                }
                repeated[name, default: []].append(options[name] ?? "")
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "--\(name) takes no value", command: command)
                }
                options[name] = ""
            }
        }
    }
}
