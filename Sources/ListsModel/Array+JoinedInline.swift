extension [String] {
    /// The strings with `separator` between each, as `joined(separator:)` gives them, by a loop the compiler
    /// specializes: the standard library's `joined` has the runtime look its associated types up by name the first
    /// time it runs, a tenth of a millisecond of a command (docs/performance.md, "No conformance scans"). For what
    /// every command of its kind joins: its words, the texts of the start, a query's conditions.
    public func joinedInline(separator: String) -> String {
        var text = ""
        for (index, part) in enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }
}
