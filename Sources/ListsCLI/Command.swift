import ListsModel

/// A command of `lists`, as a typed value in the manner of swift-argument-parser: its arguments and options are
/// properties, declared once in ``arguments`` (which the parser fills in and the help screens are drawn from),
/// ``validate()`` checks them before anything is opened, and ``run(_:)`` does the work.
protocol Command: Sendable {
    /// The command's words, its help and its example.
    static var configuration: CommandConfiguration { get }
    /// Its positional arguments and options, each bound to one of its properties.
    static var arguments: [Argument<Self>] { get }

    /// A command with every property at its default, which parsing then fills in.
    init()

    /// Checks the values together and turns them into what ``run(_:)`` uses, before any file or server is opened:
    /// a refused input does not even create the database file.
    /// - Throws: ``ValidationError`` or ``UsageError``.
    mutating func validate() throws

    /// Does the work, with the store, the output and the environment of `run`.
    /// - Throws: whatever the store or the model refuses.
    func run(_ run: Invocation) throws
}

extension Command {
    mutating func validate() throws {}

    /// `lists shop add`.
    static var path: String { configuration.path }

    /// `lists shop add NAME [--price P]`.
    static var usage: String {
        let positionals = arguments.compactMap(\.positional).map(\.placeholder)
        let options = arguments.compactMap(\.option).map(\.usage)
        return ([path] + positionals + options).joinedInline(separator: " ")
    }

    /// The positional arguments as the usage line shows them (`NAME`, `REF...`), or `""`.
    static var positionalPlaceholder: String {
        arguments.compactMap(\.positional).map(\.placeholder).joinedInline(separator: " ")
    }

    /// The command's options, as the help screen lists them.
    static var options: [OptionSpec] { arguments.compactMap(\.option) }

    /// The command read from `parsed`: options and positional arguments assigned to its properties, their count
    /// checked.
    /// - Throws: ``UsageError`` for a missing or unexpected argument.
    static func parse(_ parsed: ParsedArguments) throws -> Self {
        var command = Self()
        var positionals = parsed.positionals[...]
        for argument in arguments {
            switch argument.kind {
            case .option(let spec):
                if spec.value == nil {
                    if parsed.options[spec.name] != nil { argument.assign(&command, [""]) }
                } else if let values = parsed.repeated[spec.name] {
                    argument.assign(&command, values)
                }
            case .positional(let spec):
                if positionals.count < spec.minimum {
                    throw UsageError(message: "missing \(spec.placeholder)", command: path)
                }
                let taken = positionals.prefix(spec.maximum ?? positionals.count)
                argument.assign(&command, Array(taken))
                positionals = positionals.dropFirst(taken.count)
            }
        }
        if let extra = positionals.first {
            let maximum = parsed.positionals.count - positionals.count
            throw UsageError(
                message: "unexpected argument \(Quoted(extra)); \(path) takes "
                    + (maximum == 0 ? "no arguments" : "one \(positionalPlaceholder)")
                    + (maximum > 0 ? " (quote it if it has spaces)" : ""),
                command: path)
        }
        return command
    }
}

/// What a command says about itself for dispatch and help.
struct CommandConfiguration: Sendable {
    /// The app word (`shop`, `todo`, `birds`), or `""` for a command of its own (`serve`).
    var app: String
    /// The command word (`add`, `list`, ...).
    var name: String
    /// What it does, in one line.
    var abstract: String
    /// More about it, shown by `--help`.
    var discussion: String { makeDiscussion() }
    /// An example, shown by `--help`.
    var example: String
    /// Makes ``discussion``, whose text some commands put together from others (the import's formats): only when a
    /// help screen shows it, where every command's configuration is made at each start.
    private let makeDiscussion: @Sendable () -> String

    init(
        app: String, name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String = "",
        example: String
    ) {
        self.app = app
        self.name = name
        self.abstract = abstract
        self.example = example
        makeDiscussion = discussion
    }

    /// `lists shop add`.
    var path: String { app.isEmpty ? "lists \(name)" : "lists \(app) \(name)" }
}

/// An option a command accepts, declared next to its help.
struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `price`.
    var name: String
    /// The placeholder of its value (`P`), or `nil` for a flag.
    var value: String?
    /// One line of help.
    var help: String

    /// `[--price P]`.
    var usage: String { "[--\(name)\(value.map { " \($0)" } ?? "")]" }
}

/// Positional arguments a command takes: how the usage line shows them and how many there may be.
struct PositionalSpec: Sendable {
    /// `NAME`, `REF...`.
    var placeholder: String
    /// At least this many.
    var minimum: Int
    /// At most this many (`nil`: no limit).
    var maximum: Int?
}

/// One argument or option of the command `C`, bound to one of its properties.
struct Argument<C>: Sendable {
    enum Kind: Sendable {
        case option(OptionSpec)
        case positional(PositionalSpec)
    }

    /// What it is.
    let kind: Kind
    /// Sets the property from the values given (every value of a repeated option, each positional argument, or
    /// `[""]` for a flag that was given).
    let assign: @Sendable (inout C, [String]) -> Void

    var option: OptionSpec? {
        if case .option(let spec) = kind { return spec }
        return nil
    }

    var positional: PositionalSpec? {
        if case .positional(let spec) = kind { return spec }
        return nil
    }

    // Properties are set through closures rather than key paths (docs/performance.md, "No conformance scans").

    /// `--name VALUE`, the last one given.
    static func option(
        _ name: String, _ value: String, help: String, _ set: @escaping @Sendable (inout C, String?) -> Void
    ) -> Argument {
        Argument(kind: .option(OptionSpec(name: name, value: value, help: help))) { set(&$0, $1.last) }
    }

    /// `--name VALUE`, which may be given several times: every value, in order.
    static func repeatedOption(
        _ name: String, _ value: String, help: String, _ set: @escaping @Sendable (inout C, [String]) -> Void
    ) -> Argument {
        Argument(kind: .option(OptionSpec(name: name, value: value, help: help)), assign: set)
    }

    /// `--name`, with no value.
    static func flag(_ name: String, help: String, _ set: @escaping @Sendable (inout C, Bool) -> Void) -> Argument {
        Argument(kind: .option(OptionSpec(name: name, value: nil, help: help))) { command, _ in set(&command, true) }
    }

    /// Positional arguments, `minimum` to `maximum` of them (`nil`: any number).
    static func positional(
        _ placeholder: String, _ minimum: Int, _ maximum: Int?, _ set: @escaping @Sendable (inout C, [String]) -> Void
    ) -> Argument {
        Argument(
            kind: .positional(PositionalSpec(placeholder: placeholder, minimum: minimum, maximum: maximum)), assign: set
        )
    }
}

/// The global options, accepted before or after the command.
struct GlobalOptions {
    /// `--database PATH|URL`.
    var database: String?
    /// `--household NAME`.
    var household: String?
    /// `--json`.
    var wantsJSON = false
    /// `--no-seed`.
    var noSeed = false

    static let all = [
        OptionSpec(
            name: "database", value: "PATH|URL",
            help: "the database file, or a postgres://user@host:port/db URL (default: $LISTS_DATABASE, else "
                + "$XDG_DATA_HOME/lists/lists.sqlite)"),
        OptionSpec(
            name: "household", value: "NAME",
            help: "the household whose lists to use (default: the only one; see 'lists households list')"),
        OptionSpec(name: "json", value: nil, help: "print JSON, the objects the API returns"),
        OptionSpec(
            name: "no-seed", value: nil,
            help: "when this run creates the database, leave it empty instead of adding the tutorials' data"),
    ]

    /// The global options in `parsed`.
    init(_ parsed: ParsedArguments) {
        database = parsed.options["database"]
        household = parsed.options["household"]
        wantsJSON = parsed.options["json"] != nil
        noSeed = parsed.options["no-seed"] != nil
    }
}

/// A command line split into options and positional arguments, checked against the options a command knows.
struct ParsedArguments {
    /// Option values by name, the last one given of each; flags have the value `""`.
    var options: [String: String] = [:]
    /// Every value given of each option, in order.
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
                let options = known.map { "--\($0.name)" }.joinedInline(separator: ", ")
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
