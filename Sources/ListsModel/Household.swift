import Foundation

/// Which household a store's records belong to: every shopping catalog, to-do list and sighting log is one
/// household's, and a store scoped to a household (``Store/scoped(to:)``) reads and changes that household's
/// records only. Its numbers, names, counts and revision are the household's own: nothing in them tells of
/// another household.
public struct HouseholdID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number the store gives the household; never shown to people, who see its name.
    public let rawValue: Int64

    /// The household `rawValue` names.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// The first household: the records of a database from before households (migrated into it), and those of
    /// a store opened without a household.
    public static let first = HouseholdID(0)

    /// The most households a store holds; SQLite keeps a household's records in a range of positions of its own
    /// (``positionRange``), 2^40 wide.
    public static let limit: Int64 = 1 << 22

    /// The positions of the household's records in a store that orders every household's records in one table
    /// (SQLite): a range 2^40 wide, so that a household's list is one range of the table read in order.
    public var positionRange: Range<Int64> { (rawValue << 40)..<((rawValue + 1) << 40) }

    public var description: String { "household \(rawValue)" }

    public static func < (lhs: HouseholdID, rhs: HouseholdID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A household: the people who share one set of lists, and its name, unique among one person's households
/// ignoring case (``Households``).
public struct Household: Hashable, Sendable {
    /// Its number in the store.
    public var id: HouseholdID
    /// The name people know it by ("Home", "The Smiths").
    public var name: String
    /// When it was created.
    public var createdAt: Date

    /// A household as the store keeps it.
    public init(id: HouseholdID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// The longest household name, in characters.
    public static let maxNameLength = 100
}
