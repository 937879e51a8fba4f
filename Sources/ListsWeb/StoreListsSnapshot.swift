import Foundation
import JSONCodec
import ListsModel

/// A household's store lists and their entries as the event hub last read them: what ``ListSnapshot`` is to the
/// three apps' lists, for the named shopping lists, so that a change of a list's entries (a check-off, a put, a
/// quantity, a ✕) reaches the list's open screens, and the Items tab's checkmarks, as records drawn in place.
///
/// A list's entries are kept in a store list of their own, and every write that changes them marks the list
/// changed (``ListsModel/ShoppingLists``: its version grows in the same write). So the hub reads the household's
/// lists at each change of them, and reads again the entries of the lists whose version moved only.
///
/// A change of a list itself (made, renamed, moved, deleted, its aisles set by hand) changes what every screen of
/// the lists draws around the rows (the title, the switcher, the Items tab's footer, the sections): its events
/// carry no records, and pages load their screens. So do the changes of a list longer than ``limit``.
struct StoreListsSnapshot: Sendable {
    /// The longest list whose entries are kept.
    static let limit = ListSnapshot.limit

    /// What is kept of an entry: its version, its row's record (``OfflineViews/rowJSON(_:)``), its item and
    /// whether it is checked off.
    struct Entry: Sendable {
        var version: Int
        var json: [UInt8]
        var item: String
        var isChecked: Bool
    }

    /// What is kept of one list.
    struct List: Sendable {
        /// The list's version: it grows with every change of its entries.
        var version: Int
        /// What the screens draw of the list itself, apart from its entries: its name, place and aisles set by hand.
        var look: [String]
        /// The entries' ids in list order, and each by id; `nil` when the list is longer than ``limit``.
        var order: [UUID]?
        var entries: [UUID: Entry]
        /// For a list read again at this change: its sections as its screen draws them now (``Drawn``).
        var drawn: Drawn?
    }

    /// Where a list's screen draws its entries, for a list read at the change: its sections in order (their
    /// categories' ids, `""` for "Other"), or `nil` when the screen draws its entries without section headers, and
    /// each entry's section and the entry before it there.
    struct Drawn: Sendable {
        var sections: [String]?
        var places: [UUID: (section: String, previous: UUID?)]
    }

    /// The lists, by id.
    let lists: [UUID: List]

    /// Reads the household's lists in `session` (its main list): the entries of each list whose version is not the
    /// one `old` kept are read again, with their screen's sections; the others are taken from `old`.
    static func read(
        in session: any StoreSession, household: HouseholdID, after old: StoreListsSnapshot?
    ) throws -> StoreListsSnapshot {
        let named = try session.list(NamedList.self).map(\.record)
        let fresh = named.filter { list in old?.lists[list.id].map { $0.version != list.meta.version } ?? true }
        let counted = try fresh.filter {
            try session.session(in: $0.entries).count(ListEntry.self, where: nil) <= limit
        }
        let rows = try ShoppingLists.rows(of: counted, in: session)
        var lists: [UUID: List] = [:]
        for list in named {
            let look = [list.name, String(list.rank), String(list.slot)] + list.aisles
            if let kept = old?.lists[list.id], kept.version == list.meta.version {
                lists[list.id] = List(
                    version: kept.version, look: look, order: kept.order, entries: kept.entries, drawn: nil)
                continue
            }
            guard let rows = rows[list.id] else {
                lists[list.id] = List(version: list.meta.version, look: look, order: nil, entries: [:], drawn: nil)
                continue
            }
            var entries: [UUID: Entry] = [:]
            for row in rows {
                let entry = row.entry.record
                entries[entry.id] = Entry(
                    version: entry.meta.version, json: OfflineViews.rowJSON(row), item: entry.item,
                    isChecked: entry.isChecked)
            }
            // Where the screen draws them, as `NamedListPages.sections(of:_:footer:)` does.
            let order = try ShoppingLists.aisles(of: list, household: household, in: session).order
            let sections = ShoppingLists.sections(rows, order: order)
            let headed = sections.count > 1 || sections.first?.category != nil
            var places: [UUID: (section: String, previous: UUID?)] = [:]
            for section in sections {
                let name = section.category?.id.uuidString ?? ""
                var previous: UUID?
                for row in section.rows {
                    places[row.entry.record.id] = (name, previous)
                    previous = row.entry.record.id
                }
            }
            lists[list.id] = List(
                version: list.meta.version, look: look, order: rows.map(\.entry.record.id), entries: entries,
                drawn: Drawn(sections: headed ? sections.map { $0.category?.id.uuidString ?? "" } : nil, places: places)
            )
        }
        return StoreListsSnapshot(lists: lists)
    }

    /// The changes from `old` to this snapshot, as the members of an event's `records` array, or `nil` when they
    /// cannot be drawn in place (a list made, deleted, renamed, moved or its aisles set; a list too long to keep)
    /// or there are more than `limit` of them.
    ///
    /// For each list whose entries changed: `{"kind": "list", "id": …, "sections": [category id or "", …] or null}`
    /// (its screen's sections now); then each entry new or changed, `{"kind": "entry", "id": …, "list": …,
    /// "record": {…}, "section": …, "previous": id or null, "item": …, "toBuy": true}` (its row's record, the
    /// section it is drawn in and the entry before it there, and whether its item is still to buy on the list: the
    /// Items tab's checkmark), and each entry gone, `{"kind": "entry", "id": …, "list": …, "removed": true,
    /// "item": …, "toBuy": false}`.
    func changes(from old: StoreListsSnapshot, limit: Int) -> [[UInt8]]? {
        guard Set(lists.keys) == Set(old.lists.keys) else { return nil }
        var changes: [[UInt8]] = []
        for (id, list) in lists.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            guard let before = old.lists[id], before.look == list.look else { return nil }
            guard before.version != list.version else { continue }
            guard let order = list.order, let oldOrder = before.order, let drawn = list.drawn else { return nil }
            let listID = id.uuidString
            let toBuy = Set(list.entries.values.filter { !$0.isChecked }.map(\.item))
            var change = Array(#"{"kind":"list","id":"\#(listID)","sections":"#.utf8)
            if let sections = drawn.sections {
                change += Array("[".utf8)
                for (index, section) in sections.enumerated() {
                    if index > 0 { change.append(UInt8(ascii: ",")) }
                    JSONValue.writeString(section, to: &change)
                }
                change += Array("]}".utf8)
            } else {
                change += Array("null}".utf8)
            }
            changes.append(change)
            for entryID in oldOrder where list.entries[entryID] == nil {
                guard changes.count < limit, let gone = before.entries[entryID] else { return nil }
                var removal = Array(
                    #"{"kind":"entry","id":"\#(entryID.uuidString)","list":"\#(listID)","removed":true,"item":"#.utf8)
                JSONValue.writeString(gone.item, to: &removal)
                removal += Array(#","toBuy":\#(toBuy.contains(gone.item))}"#.utf8)
                changes.append(removal)
            }
            for entryID in order {
                guard let entry = list.entries[entryID] else { continue }
                if let kept = before.entries[entryID], kept.version == entry.version, kept.json == entry.json {
                    continue
                }
                guard changes.count < limit, let place = drawn.places[entryID] else { return nil }
                var change = Array(
                    #"{"kind":"entry","id":"\#(entryID.uuidString)","list":"\#(listID)","record":"#.utf8)
                change += entry.json
                change += Array(#","section":"#.utf8)
                JSONValue.writeString(place.section, to: &change)
                change += Array(
                    #","previous":\#(place.previous.map { "\"\($0.uuidString)\"" } ?? "null"),"item":"#.utf8)
                JSONValue.writeString(entry.item, to: &change)
                change += Array(#","toBuy":\#(toBuy.contains(entry.item))}"#.utf8)
                changes.append(change)
            }
        }
        return changes
    }
}
