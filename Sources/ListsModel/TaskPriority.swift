import Foundation

/// How much a task matters: low, medium or high (a task without one has none), as Taskwarrior's `L`, `M` and `H`
/// and iCalendar's `PRIORITY` (1 to 4 high, 5 medium, 6 to 9 low, 0 none) say it.
public enum TaskPriority: String, Sendable, Hashable, CaseIterable, Comparable {
    case low
    case medium
    case high

    /// Its rank: high is the greatest.
    var rank: Int {
        switch self {
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }

    public static func < (lhs: TaskPriority, rhs: TaskPriority) -> Bool { lhs.rank < rhs.rank }

    /// Taskwarrior's letter: `L`, `M`, `H`.
    public var taskwarrior: String {
        switch self {
        case .low: "L"
        case .medium: "M"
        case .high: "H"
        }
    }

    /// The priority of Taskwarrior's letter (`L`, `M`, `H`, either case), or `nil`.
    public init?(taskwarrior letter: String) {
        switch letter.uppercased() {
        case "L": self = .low
        case "M": self = .medium
        case "H": self = .high
        default: return nil
        }
    }

    /// iCalendar's `PRIORITY` for it: 9 for low, 5 for medium, 1 for high.
    public var iCalendar: Int {
        switch self {
        case .low: 9
        case .medium: 5
        case .high: 1
        }
    }

    /// The priority of iCalendar's `PRIORITY` (RFC 5545 §3.8.1.9: 1 to 4 high, 5 medium, 6 to 9 low), or `nil` for
    /// 0 (none) and anything outside 0 to 9.
    public init?(iCalendar number: Int) {
        switch number {
        case 1...4: self = .high
        case 5: self = .medium
        case 6...9: self = .low
        default: return nil
        }
    }

    /// The priority a person types: `low`, `medium`, `high`, their first letters, Taskwarrior's `L`/`M`/`H`, or
    /// `none` (and the empty text) for none.
    /// - Throws: ``ValidationError`` on `field` naming what is allowed.
    public static func typed(_ text: String, field: String = "priority") throws -> TaskPriority? {
        switch text.trimmingWhitespace().lowercased() {
        case "", "none", "-": return nil
        case "low", "l": return .low
        case "medium", "med", "m": return .medium
        case "high", "h": return .high
        default: throw ValidationError(field: field, message: refusal(text))
        }
    }

    /// The refusal of a priority typed as `text`.
    static func refusal(_ text: String) -> String {
        "\(Quoted(text)) is not a priority: write none, low, medium or high"
    }
}
