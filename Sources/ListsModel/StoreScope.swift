import Foundation

/// One of a household's lists: a household keeps its records of each kind in one or more lists, each with its own
/// order, short numbers, count, revision and undo.
///
/// Every record is in one. While a household has one list of a kind, that is its ``main`` list, where the records
/// of a database from before lists are; the kinds a household keeps once (the shopping catalog) stay there.
public struct ListID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The list's number in its household; never shown to people, who see its name.
    public let rawValue: Int64

    /// The list `rawValue` names, from 0 up to ``limit``: a number outside is a programmer's error (the stores give
    /// every list its own range of positions, and one outside would reach other records).
    public init(_ rawValue: Int64) {
        precondition((0..<Self.limit).contains(rawValue), "a list's number is from 0 to \(Self.limit - 1)")
        self.rawValue = rawValue
    }

    /// The household's first list, number 0.
    public static let main = ListID(0)

    /// The most lists a household holds, numbered from 0: each store keeps a list's records in a range of positions
    /// of its own (docs/architecture.md §3, "Lists").
    public static let limit: Int64 = 1 << 15

    public var description: String { "list \(rawValue)" }

    public static func < (lhs: ListID, rhs: ListID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Which records a store reads and changes (``Store/scoped(to:)``): one household's, in one of its lists or in all
/// of them. Lists, counts, short numbers, names, sums, the revision and what can be undone are the scope's, and
/// nothing a scoped store answers tells of another household's records. Ids are the household's: an add that
/// chose an id another of its lists holds is refused as taken.
public struct StoreScope: Hashable, Sendable, CustomStringConvertible {
    /// The household.
    public var household: HouseholdID
    /// The list, or `nil` for every list of the household together: their records read in list order (the main
    /// list first), counted, revised and undone together. A record added there goes to the main list.
    public var list: ListID?

    /// The scope of `household`'s `list` (its main list unless given), or with `list` `nil`, of all its lists.
    public init(household: HouseholdID, list: ListID? = .main) {
        self.household = household
        self.list = list
    }

    /// Every list of `household` together.
    public static func wholeHousehold(_ household: HouseholdID) -> StoreScope {
        StoreScope(household: household, list: nil)
    }

    /// The list a record added in this scope goes to: the scope's, or the main one in a whole household.
    public var insertList: ListID { list ?? .main }

    public var description: String {
        list.map { "\(household), \($0)" } ?? "\(household), every list"
    }
}
