extension [String] {
    /// The strings with `separator` between each, as `joined(separator:)` gives them, by a loop the compiler
    /// specializes: the standard library's `joined` has the runtime look its associated types up by name the first
    /// time it runs, about 0.06 ms of a command (docs/performance.md, "No conformance scans"). The model, the SQLite
    /// store and the CLI join their texts with it: a command's words, a query's columns and conditions, a repeat's
    /// rule, a message's names.
    public func joinedInline(separator: String) -> String {
        var text = ""
        for (index, part) in enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }
}
