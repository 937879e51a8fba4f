import Foundation

/// One of a household's named shopping lists ("Groceries", "Hardware store"): its name, its place among the
/// household's lists, and the store list (``ListID``) its entries are kept in.
///
/// The lists themselves are records of the household's main list of their kind; each list's entries are the
/// ``ListEntry`` records of the list numbered ``slot``, so that a list is read, counted, numbered, revised and undone
/// as every list of records is (docs/architecture.md §3, "Shopping lists").
public struct NamedList: Record {
    public static let kind = RecordKind.list

    public var meta: RecordMeta
    /// What the list is called, 1 to 200 characters, unique in the household (case ignored).
    public var name: String
    /// The store list its entries are kept in, from 1 (the main list, 0, holds none).
    public var slot: Int
    /// Its place among the household's lists, from 0: the home screen and the switcher show them by it.
    public var rank: Int
    /// The ids of the household's categories in the order the shopper walks this list's store, when it was set by
    /// hand (a section moved up or down), which then wins over the order learned from check-offs; empty while the
    /// order is learned (``ShoppingLists/aisles(of:)``).
    public var aisles: [String]

    /// A list with already validated values.
    public init(meta: RecordMeta, name: String, slot: Int, rank: Int, aisles: [String] = []) {
        self.meta = meta
        self.name = name
        self.slot = slot
        self.rank = rank
        self.aisles = aisles
    }

    public var displayName: String { name }

    /// The store list of the entries.
    public var entries: ListID { ListID(Int64(slot)) }

    /// A list's fields.
    public enum Fields {
        /// `name`: 1 to 200 characters.
        public static let name = Field(
            NamedList.self, key: "name", column: "name", type: .text(what: "a list's name"), get: { $0.name },
            set: { $0.name = $1 })
        /// `slot`: which store list holds the entries; Lists chooses it.
        public static let slot = Field(
            NamedList.self, key: "slot", column: "slot",
            type: .whole(
                1...Int(ListID.limit - 1), description: "Where the list's entries are kept; Lists chooses it."),
            initial: .value(1), isInput: false, get: { $0.slot }, set: { $0.slot = $1 })
        /// `rank`: the list's place among the household's lists; changed by moving the list.
        public static let rank = Field(
            NamedList.self, key: "rank", column: "rank",
            type: .whole(0...Int(ListID.limit), description: "The list's place among the household's lists, from 0."),
            initial: .value(0), isInput: false, get: { $0.rank }, set: { $0.rank = $1 })
        /// `aisles`: the order of the categories set by hand; changed by moving a section.
        public static let aisles = Field(
            NamedList.self, key: "aisles", column: "aisles",
            type: .recordIDs(
                what: "a category",
                description:
                    "The ids of the categories in the order set by hand for this list's store; empty while it is learned."
            ),
            initial: .value([]), isInput: false, get: { $0.aisles }, set: { $0.aisles = $1 })
    }

    public static let schema = RecordSchema<NamedList>(
        [Fields.name.erased, Fields.slot.erased, Fields.rank.erased, Fields.aisles.erased], name: Fields.name,
        blank: { NamedList(meta: $0, name: "", slot: 1, rank: 0) })
}

/// An item of the household's catalog put on a named list: how much of it, a note, and whether (and when) it was
/// checked off in the shop.
///
/// An item is on a list at most once: putting it on again adds to the quantity when the units agree, and
/// otherwise keeps both quantities in the one entry, joined by " + " (``ShoppingLists/put(_:on:quantity:note:)``).
public struct ListEntry: Record {
    public static let kind = RecordKind.entry

    public var meta: RecordMeta
    /// The item's id.
    public var item: String
    /// The id of the list the entry is on (also where it is kept: the list's ``NamedList/slot``).
    public var list: String
    /// How much, as ``Quantity`` writes it, or none.
    public var quantity: String?
    /// A note for the shopper ("the ripe ones"), or none.
    public var note: String?
    /// When the entry was checked off (the phone's time, also offline), or `nil` while it is still to buy.
    public var checkedAt: Date?
    /// The ids the clients chose for the last puts that added to this entry's quantity (up to
    /// ``ListEntry/keptPuts``, newest first, separated by spaces), so that one of them sent again (a retry, a double
    /// click, a phone's queue sent twice) adds once, even after another put added to the entry since
    /// (``ShoppingLists/put(_:on:quantity:note:id:)``).
    public var lastPut: String?
    /// The content lines of the VTODO a CalDAV client put for the entry that Lists has no field for (its UID, its
    /// alarms, its own properties), unfolded, one a line, kept to be given back unchanged
    /// (``ListsInterchange/ICalendar``); `nil` for entries put on the list in Lists.
    public var icalendar: String?

    /// How many puts' ids an entry keeps in ``lastPut``: five ids and their spaces fit its 200 characters.
    public static let keptPuts = 5

    /// Whether the put with `id` added to this entry.
    public func wasPut(by id: UUID) -> Bool {
        lastPut?.split(separator: " ").contains { $0 == id.uuidString } ?? false
    }

    /// ``lastPut`` with `id` first, the oldest id beyond ``keptPuts`` left out.
    func keepingPut(_ id: UUID) -> String {
        Array(([id.uuidString] + (lastPut?.split(separator: " ").map(String.init) ?? [])).prefix(Self.keptPuts))
            .joinedInline(separator: " ")
    }

    /// An entry with already validated values.
    public init(
        meta: RecordMeta, item: UUID, list: UUID, quantity: String? = nil, note: String? = nil, checkedAt: Date? = nil
    ) {
        self.meta = meta
        self.item = item.uuidString
        self.list = list.uuidString
        self.quantity = quantity
        self.note = note
        self.checkedAt = checkedAt
    }

    /// A blank entry for the schema to fill in (``RecordSchema/blank``), its item and list the nil UUID until they
    /// are set: every entry read from a store starts as one, so it draws no random ids (Foundation's `UUID()`
    /// opens `/dev/urandom` for each).
    init(blank meta: RecordMeta) {
        self.meta = meta
        item = Self.unset
        list = Self.unset
    }

    private static let unset = "00000000-0000-0000-0000-000000000000"

    /// Whether it was checked off.
    public var isChecked: Bool { checkedAt != nil }

    /// The item's id, as a UUID.
    public var itemID: UUID? { UUID(text: item) }

    public var displayName: String { item }

    /// An entry's fields.
    public enum Fields {
        /// `item`: the catalog item's id; an entry's name for lookups (one entry per item and list).
        public static let item = Field(
            ListEntry.self, key: "item", column: "item", type: .recordID(what: "an item"), get: { $0.item },
            set: { $0.item = $1 })
        /// `list`: the id of the list; Lists sets it.
        public static let list = Field(
            ListEntry.self, key: "list", column: "list", type: .recordID(what: "a list"), initial: .value(""),
            isInput: false, get: { $0.list }, set: { $0.list = $1 })
        /// `quantity`: none when not given.
        public static let quantity = Field(
            ListEntry.self, key: "quantity", column: "quantity", type: .quantity, initial: .value(nil),
            get: { $0.quantity }, set: { $0.quantity = $1 })
        /// `note`: optional text.
        public static let note = Field(
            ListEntry.self, key: "note", column: "note", type: .optionalText(what: "a note"), initial: .value(nil),
            get: { $0.note }, set: { $0.note = $1 })
        /// `lastPut`: the clients' ids of the last puts added to the entry; Lists sets it.
        public static let lastPut = Field(
            ListEntry.self, key: "lastPut", column: "last_put",
            type: .optionalText(
                what: "a put's id",
                description:
                    "The ids of the last puts (up to five, newest first, separated by spaces) that added to the entry."),
            initial: .value(nil), isInput: false, get: { $0.lastPut }, set: { $0.lastPut = $1 })
        /// `checkedAt`: none while the entry is to buy.
        public static let checkedAt = Field(
            ListEntry.self, key: "checkedAt", column: "checked_at",
            type: .optionalInstant(
                description: "When the entry was checked off (the phone's time), or null while it is to buy.",
                from: Date(timeIntervalSince1970: 946_684_800), slack: 24 * 60 * 60,
                refusal: "a check-off is dated from 2000 to a day after now"),
            initial: .value(nil), get: { $0.checkedAt }, set: { $0.checkedAt = $1 })
        /// `icalendar`: the iCalendar lines a CalDAV client's VTODO kept; the API shows them and never takes them.
        public static let icalendar = Field(
            ListEntry.self, key: "icalendar", column: "icalendar",
            type: .keptText(
                description:
                    "The iCalendar content lines of the VTODO a CalDAV client put for the entry that Lists keeps, one "
                    + "a line.",
                maximum: 100_000),
            initial: .value(nil), isInput: false, get: { $0.icalendar }, set: { $0.icalendar = $1 })
    }

    public static let schema = RecordSchema<ListEntry>(
        [
            Fields.item.erased, Fields.list.erased, Fields.quantity.erased, Fields.note.erased,
            Fields.checkedAt.erased, Fields.lastPut.erased, Fields.icalendar.erased,
        ], name: Fields.item,
        blank: { ListEntry(blank: $0) })
}

/// One check-off of an entry, kept in the household's log of what was bought (its main list), so that suggestions
/// rank items by how often and how lately they were bought and "Recently bought" lists everything, newest first,
/// whatever became of the entry since. Written and removed with the check-off it records
/// (``ShoppingLists/check(_:on:at:expectedVersion:)``, ``ShoppingLists/uncheck(_:on:expectedVersion:)``).
public struct Purchase: Record {
    public static let kind = RecordKind.purchase

    public var meta: RecordMeta
    /// The id of the entry whose check-off this is (its name for lookups: a check-off taken back removes it).
    public var entry: String
    /// The item's id.
    public var item: String
    /// The id of the list the entry was on.
    public var list: String
    /// The entry's quantity when it was checked off.
    public var quantity: String?
    /// When it was checked off (the phone's time).
    public var boughtAt: Date
    /// The id of the category the item was in when it was bought, or none: what a list's aisle order is learned
    /// from.
    public var category: String?

    public init(meta: RecordMeta, entry: ListEntry, at time: Date, category: String? = nil) {
        self.meta = meta
        self.entry = entry.id.uuidString
        item = entry.item
        list = entry.list
        quantity = entry.quantity
        boughtAt = time
        self.category = category
    }

    init(
        meta: RecordMeta, entry: String, item: String, list: String, quantity: String?, boughtAt: Date,
        category: String? = nil
    ) {
        self.meta = meta
        self.entry = entry
        self.item = item
        self.list = list
        self.quantity = quantity
        self.boughtAt = boughtAt
        self.category = category
    }

    public var displayName: String { entry }

    /// The item's id, as a UUID.
    public var itemID: UUID? { UUID(text: item) }

    /// A purchase's fields; none is taken from the API, which only reads the log.
    public enum Fields {
        public static let entry = Field(
            Purchase.self, key: "entry", column: "entry", type: .recordID(what: "an entry"), isInput: false,
            get: { $0.entry }, set: { $0.entry = $1 })
        public static let item = Field(
            Purchase.self, key: "item", column: "item", type: .recordID(what: "an item"), isInput: false,
            get: { $0.item }, set: { $0.item = $1 })
        public static let list = Field(
            Purchase.self, key: "list", column: "list", type: .recordID(what: "a list"), isInput: false,
            get: { $0.list }, set: { $0.list = $1 })
        public static let quantity = Field(
            Purchase.self, key: "quantity", column: "quantity", type: .quantity, initial: .value(nil), isInput: false,
            get: { $0.quantity }, set: { $0.quantity = $1 })
        public static let boughtAt = Field(
            Purchase.self, key: "boughtAt", column: "bought_at",
            type: .instant(
                description: "When it was checked off (the phone's time).",
                from: Date(timeIntervalSince1970: 946_684_800),
                slack: 24 * 60 * 60, refusal: "a check-off is dated from 2000 to a day after now"),
            isInput: false, get: { $0.boughtAt }, set: { $0.boughtAt = $1 })
        public static let category = Field(
            Purchase.self, key: "category", column: "category",
            type: .optionalRecordID(
                what: "a category", description: "The id of the category the item was in when it was bought."),
            initial: .value(nil), isInput: false, get: { $0.category }, set: { $0.category = $1 })
    }

    public static let schema = RecordSchema<Purchase>(
        [
            Fields.entry.erased, Fields.item.erased, Fields.list.erased, Fields.quantity.erased,
            Fields.boughtAt.erased, Fields.category.erased,
        ], name: Fields.entry,
        blank: {
            Purchase(
                meta: $0, entry: "", item: "", list: "", quantity: nil, boughtAt: Date(timeIntervalSince1970: 0))
        })
}
