import ListsModel

/// Where SQLite keeps the records of a scope. The records of one kind, of every household and list, share one
/// table ordered by `position`, its rowid (schema 7), so that a list read in order is a range of the table: a
/// household's records hold the positions of its range (``HouseholdID/positionRange``, 2^40 wide, schema 9), and a
/// list's a range inside it. The main list keeps the lower half, 2^39 positions, where every household's records
/// were before it had other lists (so none moved); each other list has 2^24 positions of the upper half (number 1
/// the first of them), enough for 16 million records added since it was last emptied.
enum RowPositions {
    /// How many positions the main list has.
    static let mainWidth: Int64 = 1 << 39
    /// How many positions each other list has.
    static let listWidth: Int64 = 1 << 24

    /// The positions of `list`'s records in `household`.
    static func range(of list: ListID, in household: HouseholdID) -> Range<Int64> {
        let base = household.positionRange.lowerBound
        guard list != .main else { return base..<(base + mainWidth) }
        let start = base + mainWidth + (list.rawValue - 1) * listWidth
        return start..<(start + listWidth)
    }

    /// The positions of the records of `scope`: its list's, or its whole household's.
    static func range(of scope: StoreScope) -> Range<Int64> {
        scope.list.map { range(of: $0, in: scope.household) } ?? scope.household.positionRange
    }

    /// The list whose records hold `position`.
    static func list(at position: Int64) -> ListID {
        let offset = position & ((1 << 40) - 1)
        return offset < mainWidth ? .main : ListID(((offset - mainWidth) >> 24) + 1)
    }
}
