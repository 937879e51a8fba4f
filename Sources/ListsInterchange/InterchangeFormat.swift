import Foundation
import ListsModel

/// The file formats Lists reads and writes.
public enum InterchangeFormat: String, CaseIterable, Sendable {
    /// Lists's own backup of all three apps.
    case listsJSON = "lists-json"
    /// Shopping List's `items.plist` (NSKeyedArchiver archive of `MTItem`s); read only.
    case itemsPlist = "items-plist"
    /// Shopping List's `seed.plist` (name and price); read only.
    case seedPlist = "seed-plist"
    /// iTahDoodle's `data.td` (a property list array of task texts).
    case dataTD = "data-td"
    /// Taskwarrior's `task export` JSON.
    case taskwarrior
    /// todo.txt.
    case todoTxt = "todo-txt"
    /// eBird's My eBird Data download (`MyEBirdData.csv`), in and out.
    case ebird
    /// The eBird Record Format, the spreadsheet eBird's own import takes; written only.
    case ebirdRecords = "ebird-records"
    /// The shopping catalog as CSV.
    case shoppingCSV = "shopping-csv"
    /// iCalendar `.ics` files of to-dos (VTODO).
    case icalendar

    /// The largest file an import of another program's format reads: 100 MB.
    public static let maximumImportSize = 100_000_000
    /// The largest Lists backup an import reads: 4 GB. A backup must always restore, and Lists's own format is
    /// read a record at a time; a million records take about 170 MB.
    public static let maximumBackupSize = 4_000_000_000

    /// The size limit for a file in this format.
    public var maximumSize: Int { self == .listsJSON ? Self.maximumBackupSize : Self.maximumImportSize }

    /// The formats `import` reads: all but the Record Format, which eBird reads.
    public static let importable = allCases.filter { $0 != .ebirdRecords }

    /// The format `name` names when `import` reads it; `nil` for another name.
    public init?(importing name: String) {
        guard let format = Self(rawValue: name), Self.importable.contains(format) else { return nil }
        self = format
    }

    /// The formats `export` writes.
    public static let exportable: [InterchangeFormat] = [
        .listsJSON, .dataTD, .taskwarrior, .todoTxt, .icalendar, .shoppingCSV, .ebird, .ebirdRecords,
    ]

    /// The format an export to a file named `fileName` writes when it is not given: the one the name's extension
    /// says (`.ics` iCalendar, `.txt` todo.txt, `.td` iTahDoodle's list), else Lists's backup (`.json` and any
    /// other name, as an export without `--output`); `nil` for a `.csv` file, which three formats write (the
    /// shopping catalog, eBird's download and its Record Format) and the person must choose from.
    ///
    /// Decided: a name that says a format is taken at its word, so that `--output todos.ics` never writes a
    /// backup's JSON into a file every calendar app would refuse; a `.json` file stays a backup, Taskwarrior's
    /// export being the other `.json` format.
    public static func exported(toFileNamed fileName: String) -> InterchangeFormat? {
        let name = fileName.lowercased()
        if name.hasSuffix(".ics") { return .icalendar }
        if name.hasSuffix(".txt") { return .todoTxt }
        if name.hasSuffix(".td") { return .dataTD }
        if name.hasSuffix(".csv") { return nil }
        return .listsJSON
    }

    /// The formats an export to a `.csv` file may be written in.
    public static let exportedAsCSV: [InterchangeFormat] = [.shoppingCSV, .ebird, .ebirdRecords]

    /// The format of a file from its content (its first 4 kB, or all of a binary property list), or `nil` when
    /// it is not clear. The name counts only where the content cannot tell: a `.txt` or `.csv` file, and a
    /// property list holding an empty array (`.td`: iTahDoodle's, else a seed list).
    ///
    /// A binary property list is told by its top object, which is at its end: given only the first bytes of one,
    /// this says ``itemsPlist``, whose size limit is every property list's; ``detect(fileName:bytes:)`` on the
    /// whole file then tells which it is.
    public static func detect(fileName: String, bytes: [UInt8]) -> InterchangeFormat? {
        let name = fileName.lowercased()
        let isTaskList = name.hasSuffix(".td")
        if bytes.starts(with: Array("bplist00".utf8)) {
            switch BinaryPropertyList.shape(of: bytes) {
            case .arrayOfStrings: return .dataTD
            case .arrayOfDictionaries: return .seedPlist
            case .emptyArray: return isTaskList ? .dataTD : .seedPlist
            // A keyed archive, or a list the items-plist reader can say what is wrong with.
            case .dictionary, .other: return .itemsPlist
            }
        }
        let head = String(decoding: ImportedText.withoutByteOrderMark(Array(bytes.prefix(4096))), as: UTF8.self)
        let start = head.drop { $0.isWhitespace }
        if start.hasPrefix("<?xml") || start.hasPrefix("<plist") || start.hasPrefix("<!DOCTYPE plist") {
            // An XML keyed archive: detected so that the items-plist reader can say what it needs.
            if head.contains("<key>$archiver</key>") { return .itemsPlist }
            switch firstTags(afterPlistIn: head) {
            case ("dict", _): return .itemsPlist
            case ("array", "dict"): return .seedPlist
            case ("array", "/array"), ("array/", _): return isTaskList ? .dataTD : .seedPlist
            default: return .dataTD
            }
        }
        if start.hasPrefix("{\"format\":\"lists\"")
            || start.hasPrefix("{") && head.contains("\"format\"") && head.contains("\"lists\"")
        {
            return .listsJSON
        }
        if start.hasPrefix("[") || start.hasPrefix("{") {
            return head.contains("\"uuid\"") || head.contains("\"description\"") || start.hasPrefix("[]")
                ? .taskwarrior : nil
        }
        if start.hasPrefix("Submission ID,") { return .ebird }
        if start.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .icalendar }
        if name.hasSuffix(".csv") || start.lowercased().hasPrefix("name,price") { return .shoppingCSV }
        if name.hasSuffix(".txt") { return .todoTxt }
        return nil
    }

    /// The names of the first two tags after `<plist ...>` in an XML property list (`array`, `dict`, `/array`,
    /// `array/`), empty where there are none.
    private static func firstTags(afterPlistIn head: String) -> (String, String) {
        guard let plist = head.range(of: "<plist") else { return ("", "") }
        var rest = head[plist.upperBound...]
        var names: [String] = []
        while names.count < 2, let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { !$0.isWhitespace && $0 != ">" }
            names.append(String(name))
            rest = rest.drop { $0 != ">" }
        }
        return (names.first ?? "", names.count > 1 ? names[1] : "")
    }

    /// The records of `bytes` in this format; an iCalendar file's and a Taskwarrior export's times are read in
    /// `zone`, the household's. Another app's tasks, which name no list, are put on one as they are written
    /// (``ImportBatch/placesTasks``).
    /// - Throws: ``ImportError``.
    public func read(_ bytes: [UInt8], now: Date = Date(), zone: Zone = HouseholdTimeZone.serverDefault) throws
        -> ImportBatch
    {
        var batch = try records(bytes, now: now, zone: zone)
        batch.placesTasks = Self.taskFormats.contains(self)
        return batch
    }

    /// The formats of other apps' tasks.
    static let taskFormats: [InterchangeFormat] = [.dataTD, .taskwarrior, .todoTxt, .icalendar]

    /// The records of `bytes` in this format, as ``read(_:now:zone:)`` gives them.
    private func records(_ bytes: [UInt8], now: Date, zone: Zone) throws -> ImportBatch {
        switch self {
        case .listsJSON: try ListsJSON.read(bytes, now: now)
        case .itemsPlist: try TutorialFiles.readItemsArchive(bytes, now: now)
        case .seedPlist: try TutorialFiles.readSeedList(bytes, now: now)
        case .dataTD: try TutorialFiles.readTaskList(bytes, now: now)
        case .taskwarrior: try Taskwarrior.read(bytes, now: now, zone: zone)
        case .todoTxt: try TodoTxt.read(bytes, now: now)
        case .shoppingCSV: try ShoppingCSV.read(bytes, now: now)
        case .ebird: try EBird.read(bytes, timeZone: zone.foundation)
        case .ebirdRecords:
            throw ImportError(
                "import", field: "format",
                "ebird-records (the eBird Record Format) is written only; import eBird's My eBird Data download "
                    + "(ebird)")
        case .icalendar: try ICalendar.read(bytes, now: now, zone: zone)
        }
    }

    /// Reads `bytes` in this format and writes their records to `store`, all or nothing: what
    /// `read(bytes).apply(to: store)` does. A Taskwarrior file is written while it is still being read, on a second
    /// thread (``ImportBatch/apply(_:to:existing:estimate:progress:reading:)``).
    /// - Parameter progress: told the records written so far and how many there are (an estimate from the file's
    ///   size until it is read), possibly on another thread.
    /// - Throws: ``ImportError``, then ``StoreError``.
    ///
    /// With `list`, the file's shopping items go on the named shopping list (made when the household has none of
    /// that name, case ignored): those the file has on its shopping list, or every one of a file that marks none (the
    /// tutorial's seed list); a file of tasks goes on the named to-do list (made when the household has none of that
    /// name). Without it, the items a file has on its shopping list (the tutorial's checkmark, `inShoppingList`) go
    /// on the list "Shopping", and tasks on the to-do list of their Taskwarrior project, else the household's first
    /// (``ListsModel/TaskListPlacement``).
    /// - Throws: ``ValidationError`` on `list` for a list name that is refused, or a file of neither shopping items
    ///   nor tasks.
    public func importing(
        _ bytes: [UInt8], into store: any Store, now: Date = Date(), list: String? = nil,
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> ImportSummary {
        if let list, !Self.taskFormats.contains(self) {
            guard [.itemsPlist, .seedPlist, .shoppingCSV].contains(self) else {
                throw ValidationError(
                    field: "list",
                    message: "only a file of shopping items (items-plist, seed-plist, shopping-csv) or of tasks "
                        + "(data-td, taskwarrior, todo-txt, icalendar) goes on a list; this is \(rawValue)")
            }
            var batch = try read(bytes, now: now)
            try batch.putShoppingItems(on: NamedList.Fields.name.checked(list))
            return try batch.apply(to: store) { progress($0, batch.count) }
        }
        let taskList = try list.map { try TaskList.Fields.name.checked($0) }
        if self == .ebird {
            // Written while it is read, as a Taskwarrior export is; a download has about 180 bytes a row.
            let zone = try store.householdTimeZone()
            return try ImportBatch.apply(
                BirdSighting.self, to: store, existing: .keep, estimate: max(1, bytes.count / 180), progress: progress
            ) { feed in try EBird.read(bytes, timeZone: zone.foundation, feed: feed) }
        }
        guard self == .taskwarrior else {
            let zone = self == .icalendar ? try store.householdTimeZone() : HouseholdTimeZone.serverDefault
            var batch = try read(bytes, now: now, zone: zone)
            batch.putShoppingItems(on: ShoppingLists.tabListName, everyWhenNoneMarked: false)
            batch.taskList = taskList
            return try batch.apply(to: store) { progress($0, batch.count) }
        }
        // `task export` writes about 240 bytes a task.
        let zone = try store.householdTimeZone()
        return try ImportBatch.apply(
            TodoTask.self, to: store, existing: .update, estimate: max(1, bytes.count / 240), taskList: taskList,
            progress: progress
        ) { feed in try Taskwarrior.read(bytes, now: now, zone: zone, feed: feed) }
    }

    /// Writes what `store` holds in this format to `write`.
    /// - Throws: ``StoreError``, ``ImportError`` for a format Lists only reads.
    public func export(_ store: any Store, to write: ([UInt8]) throws -> Void) throws {
        switch self {
        case .listsJSON:
            try ListsJSON.export(store, to: write)
        case .dataTD:
            try write(TutorialFiles.writeTaskList(store.read { try $0.list(TodoTask.self) }.map(\.record)))
        case .taskwarrior:
            let (tasks, zone, lists) = try store.read {
                (
                    try $0.list(TodoTask.self).map(\.record), try HouseholdTimeZone.of(store.household, in: $0),
                    try TodoLists.inOrder($0)
                )
            }
            try write(Taskwarrior.write(tasks, zone: zone, lists: lists))
        case .todoTxt:
            try write(TodoTxt.write(store.read { try $0.list(TodoTask.self) }.map(\.record)))
        case .icalendar:
            let (tasks, zone) = try store.read {
                (try $0.list(TodoTask.self).map(\.record), try HouseholdTimeZone.of(store.household, in: $0))
            }
            try write(ICalendar.write(tasks, zone: zone))
        case .shoppingCSV:
            let lists = ShoppingLists(store: store)
            let named = try lists.all().map { (list: $0, rows: try lists.rows(of: $0)) }
            try write(
                ShoppingCSV.write(
                    store.read { try $0.list(ShoppingItem.self) }.map(\.record), lists: named,
                    categories: try Categories(store: store).all()))
        case .ebird, .ebirdRecords:
            let (sightings, zone) = try store.read {
                (try $0.list(BirdSighting.self).map(\.record), try HouseholdTimeZone.of(store.household, in: $0))
            }
            try write(
                self == .ebird
                    ? EBird.writeDownload(sightings, timeZone: zone.foundation)
                    : EBird.write(sightings, timeZone: zone.foundation))
        case .itemsPlist, .seedPlist:
            throw ImportError(
                "export", field: "format",
                "\(rawValue) is read only; export one of \(Self.exportable.map(\.rawValue).joined(separator: ", "))")
        }
    }
}
