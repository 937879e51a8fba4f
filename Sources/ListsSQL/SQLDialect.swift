/// How one SQL engine's SQL differs from the other's, declared as values, so that what is the same SQL on both
/// (``SQLAccounts``) is written once and rendered in each dialect.
///
/// Statements are written in SQLite's placeholders and rendered once per dialect, when a store first needs them.
/// What truly differs between the stores (positions, counts, group commit, notifications) is not a dialect and
/// stays in each store's own code.
public struct SQLDialect: Sendable {
    /// How a statement marks where a value is bound.
    public enum Placeholders: Sendable {
        /// `?`, the value after the highest one named so far, or `?N`, the Nth (SQLite's, the form statements are
        /// written in).
        case questionMarks
        /// `$N` only (PostgreSQL's).
        case dollarNumbers
    }

    /// How an insert that would take a unique name already taken is written, and how it is known.
    public enum TakenNames: Sendable {
        /// The unique index refuses the insert and only that statement is undone (SQLite); the store then asks
        /// whether the name is taken, as a check on the name refuses it too. (Skipping the row instead would spend
        /// a number of the table's `AUTOINCREMENT` key.)
        case refused
        /// The insert skips the row (`ON CONFLICT (...) DO NOTHING`) and returns no id (PostgreSQL, where a
        /// refused statement would abort the whole transaction).
        case skipped
    }

    /// The statements that make every other transaction taking the same lock wait until this one ends.
    public struct Locks: Sendable {
        /// The store's lock: migrations, writes that read a setting, numbering a new household.
        public var store: String
        /// Counting failed sign-ins (``ListsModel/AccountSession/lockSignInFailures()``).
        public var signInFailures: String

        /// PostgreSQL's: transaction-scoped advisory locks keyed by a number and the schema, so that stores in
        /// other schemas of one database do not wait for each other. (1279870805 is the fold's, which
        /// `PostgresStore` only tries.)
        public static let advisory = Locks(
            store: "SELECT pg_advisory_xact_lock(1279870804, hashtext(current_schema()))",
            signInFailures: "SELECT pg_advisory_xact_lock(1279870806, hashtext(current_schema()))")
    }

    // MARK: Statements

    /// How statements mark their values.
    public var placeholders: Placeholders
    /// The collation that orders text byte by byte, as Lists orders names in every store, or `nil` where the
    /// engine's default does (SQLite's `BINARY`; PostgreSQL's default follows the database's locale).
    public var bytewiseCollation: String?
    /// The hidden column that tells apart rows equal in every column (SQLite's `rowid`, PostgreSQL's `ctid`).
    public var rowIdentity: String
    /// How an insert of a taken name is refused.
    public var takenNames: TakenNames
    /// The locks a transaction takes to make others wait, or `nil` where writes run one at a time anyway
    /// (SQLite's write transactions begin `IMMEDIATE`, holding the database's one write lock from their start).
    public var locks: Locks?

    /// SQLite's dialect.
    public static let sqlite = SQLDialect(
        placeholders: .questionMarks, bytewiseCollation: nil, rowIdentity: "rowid", takenNames: .refused, locks: nil)

    /// PostgreSQL's dialect.
    public static let postgres = SQLDialect(
        placeholders: .dollarNumbers, bytewiseCollation: "C", rowIdentity: "ctid", takenNames: .skipped,
        locks: .advisory)

    /// `column`, ordered byte by byte (in an `ORDER BY`).
    public func bytewise(_ column: String) -> String { column + collating }

    /// What ends an insert that must skip a row taking a name already taken under the unique index on `target`
    /// (``TakenNames``).
    public func skippingTakenNames(on target: String) -> String {
        switch takenNames {
        case .refused: ""
        case .skipped: " ON CONFLICT (\(target)) DO NOTHING"
        }
    }

    private var collating: String { bytewiseCollation.map { " COLLATE \"\($0)\"" } ?? "" }

    /// `statement`, written with SQLite's placeholders (`?` and `?N`), in this dialect's: the same values bound
    /// in the same places. Placeholders inside quotes are left alone.
    public func sql(_ statement: String) -> String {
        guard placeholders == .dollarNumbers else { return statement }
        let bytes = Array(statement.utf8)
        var rendered: [UInt8] = []
        rendered.reserveCapacity(bytes.count + 8)
        var quote: UInt8?
        var highest = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
                rendered.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = byte
                rendered.append(byte)
            case UInt8(ascii: "?"):
                var number = 0
                let start = index
                while index < bytes.count, let digit = Self.digit(bytes[index]) {
                    number = number * 10 + digit
                    index += 1
                }
                // As SQLite numbers them: a bare `?` is the one after the highest so far.
                if index == start {
                    number = highest + 1
                }
                highest = max(highest, number)
                rendered += "$\(number)".utf8
            default:
                rendered.append(byte)
            }
        }
        return String(decoding: rendered, as: UTF8.self)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
