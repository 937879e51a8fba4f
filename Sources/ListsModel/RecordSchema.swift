import Foundation
import JSONCodec

/// One field of a record kind, declared once: its key in JSON and the API, its column in a store, its type and
/// rules, and where it is in the record. Declared as a static of the record (`ShoppingItem.Fields.price`), in the
/// manner of GRDB's column enums, so that code names fields by value rather than by string:
/// `ShoppingItem.Fields.isOnShoppingList == true` is a store filter.
public struct Field<R, Value>: Sendable {
    /// The field's key in the API's JSON and the backup: `inShoppingList`.
    public let key: String
    /// The store's column for it: `on_shopping_list`.
    public let column: String
    /// Its type and rules.
    public let type: FieldType<Value>
    /// What a new record has when the API, a form or a command gives no value: `nil` when a value is required.
    public let initial: FieldInitial<Value>?
    /// Whether the API takes the field in a request (a task's Taskwarrior attributes come only from imports).
    public let isInput: Bool
    /// Reads the field from a record.
    public let get: @Sendable (R) -> Value
    /// Writes the field into a record.
    public let set: @Sendable (inout R, Value) -> Void

    /// A field of `R`, called `key` in JSON and `column` in stores, of `type`, read with `get` and written with
    /// `set`; `initial` is its value when a new record is given none (no `initial`: it must be given).
    ///
    /// The accessors are closures rather than a key path (docs/performance.md, "No conformance scans").
    public init(
        _ record: R.Type, key: String, column: String, type: FieldType<Value>,
        initial: FieldInitial<Value>? = nil, isInput: Bool = true,
        get: @escaping @Sendable (R) -> Value, set: @escaping @Sendable (inout R, Value) -> Void
    ) {
        self.key = key
        self.column = column
        self.type = type
        self.initial = initial
        self.isInput = isInput
        self.get = get
        self.set = set
    }

}

// Constraints sit on the extensions, not on the types' own declarations (docs/performance.md, "No conformance
// scans").
extension Field where R: Record, Value: Equatable & SendableMetatype {
    /// The field's value checked against its rules (texts trimmed).
    /// - Throws: ``ValidationError`` naming the field.
    public func checked(_ value: Value, now: Date = Date()) throws -> Value {
        try type.checked(value, field: key, now: now)
    }

    /// The value a person typed as `text` (a command's option, a file's column), read as `conventions` write it
    /// (a price with their decimal comma, a day in their zone) and checked against the field's rules.
    /// - Throws: ``ValidationError`` naming the field.
    public func parse(_ text: String, _ conventions: InputConventions = InputConventions()) throws -> Value {
        try type.parse(text, field: key, conventions)
    }

    /// The value a new record's input holding `text` gives: as ``parse(_:_:)``, but an input left empty gives the
    /// field's initial value where its type says so (``EmptyInput``): an empty price is 0, an empty date now.
    /// - Throws: ``ValidationError`` naming the field.
    public func read(_ text: String, _ conventions: InputConventions = InputConventions()) throws -> Value {
        if let initial, let input = type.input, input.empty != .text, text.trimmingWhitespace().isEmpty {
            return initial.value(conventions.now)
        }
        return try parse(text, conventions)
    }

    /// The text an input shows for `value`, written as `conventions` write it: `1,99`, `2026-11-29`.
    public func text(_ value: Value, _ conventions: InputConventions = InputConventions()) -> String {
        guard let input = type.input else { preconditionFailure("\(key) is not a value people type") }
        return input.show(value, conventions)
    }

    /// The field, type-erased, as a schema lists it.
    public var erased: AnyField<R> {
        let (type, get, set, key, initial) = (type, get, set, key, initial)
        let value: @Sendable (R) -> FieldValue = { type.toStore(get($0)) }
        let load: @Sendable (inout R, FieldValue) throws -> Void = { record, stored in
            set(&record, try type.fromStore(stored))
        }
        let writeJSON: @Sendable (R, inout JSONObjectWriter, inout [UInt8]) -> Void = { record, object, output in
            let value = get(record)
            if !type.writesNull && type.isNone(value) { return }
            object.key(key, &output)
            type.toJSON(value, &output)
        }
        let readJSON: @Sendable (inout R, JSONValue, Date) throws -> Void = { record, json, now in
            set(&record, try type.read(json, field: key, now: now))
        }
        var setInitial: (@Sendable (inout R, Date) -> Void)?
        if let initial { setInitial = { record, now in set(&record, initial.value(now)) } }
        var initialJSON: String?
        if let initial, !initial.isNow {
            var output: [UInt8] = []
            type.toJSON(initial.value(Date(timeIntervalSince1970: 0)), &output)
            initialJSON = String(decoding: output, as: UTF8.self)
        }
        let check: @Sendable (inout R, R?, Date) throws -> Void = { new, old, now in
            let value = get(new)
            if let old, get(old) == value { return }
            set(&new, try type.checked(value, field: key, now: now))
        }
        return AnyField(
            key: key, column: column, storage: type.storage, schema: type.schema, isNullable: type.isNullable,
            isInput: isInput, isRequired: initial == nil && !type.isNullable, isAlwaysWritten: type.writesNull,
            missing: type.missing ?? "\(key) is required", initialJSON: initialJSON,
            isInitialNow: initial?.isNow ?? false, input: type.input.map { input(of: $0) }, value: value, load: load,
            writeJSON: writeJSON, readJSON: readJSON, setInitial: setInitial, check: check)
    }

    /// The field as people type it through `input`, type-erased.
    private func input(of input: TextInput<Value>) -> FieldInput<R> {
        let (get, set, hasInitial) = (get, set, initial != nil)
        return FieldInput(
            kind: input.kind, empty: input.empty, makeRules: { input.rules },
            show: { record, conventions in input.show(get(record), conventions) },
            read: { [self] record, text, isNew, conventions in
                // Left empty in an edit, a field that gives nothing (a date) stays as it is.
                if !isNew, hasInitial, input.empty == .nothing, text.trimmingWhitespace().isEmpty { return false }
                set(&record, try read(text, conventions))
                return true
            },
            copy: { record, source in set(&record, get(source)) })
    }
}

/// Filters a store applies: the records whose field has a value, or not.
extension Field where R: Record, Value: Equatable {
    /// The records whose field equals `value`.
    public static func == (field: Field, value: Value) -> FieldFilter {
        FieldFilter(column: field.column, .equal, field.type.toStore(value))
    }

    /// The records whose field differs from `value`.
    public static func != (field: Field, value: Value) -> FieldFilter {
        FieldFilter(column: field.column, .notEqual, field.type.toStore(value))
    }
}

/// Filters on an ordered field; a store takes them on integer fields and instants (prices, counts, dates), and on
/// text in the order of its bytes, the same in every engine (a due date's `2026-12-24T18:00` sorts as the moments).
extension Field where R: Record, Value: Comparable {
    /// The records whose field is below `value`.
    public static func < (field: Field, value: Value) -> FieldFilter {
        FieldFilter(column: field.column, .less, field.type.toStore(value))
    }

    /// The records whose field is below or equal to `value`.
    public static func <= (field: Field, value: Value) -> FieldFilter {
        FieldFilter(column: field.column, .lessOrEqual, field.type.toStore(value))
    }

    /// The records whose field is above `value`.
    public static func > (field: Field, value: Value) -> FieldFilter {
        FieldFilter(column: field.column, .greater, field.type.toStore(value))
    }

    /// The records whose field is above or equal to `value`.
    public static func >= (field: Field, value: Value) -> FieldFilter {
        FieldFilter(column: field.column, .greaterOrEqual, field.type.toStore(value))
    }
}

/// A field with its value type erased, so that a schema can list fields of several types.
public struct AnyField<R>: Sendable {
    /// The key in JSON.
    public let key: String
    /// The store's column.
    public let column: String
    /// How a store keeps it.
    public let storage: FieldKind
    /// Its JSON Schema, as JSON text.
    public let schema: String
    /// Whether `null` is one of its values.
    public let isNullable: Bool
    /// Whether the API takes it in a request.
    public let isInput: Bool
    /// Whether a new record must be given a value for it.
    public let isRequired: Bool
    /// Whether the record's JSON always has it (`null` when none), or leaves it out when none.
    public let isAlwaysWritten: Bool
    /// What a refusal says when a new record is given no value for it.
    let missing: String
    /// The JSON of its initial value, when that is a value (not the moment of the add, nor none: required).
    public let initialJSON: String?
    /// Whether its initial value is the moment of the add.
    public let isInitialNow: Bool
    /// How a person types it, or `nil` for a field nobody types.
    public let input: FieldInput<R>?
    let value: @Sendable (R) -> FieldValue
    let load: @Sendable (inout R, FieldValue) throws -> Void
    let writeJSON: @Sendable (R, inout JSONObjectWriter, inout [UInt8]) -> Void
    let readJSON: @Sendable (inout R, JSONValue, Date) throws -> Void
    let setInitial: (@Sendable (inout R, Date) -> Void)?
    /// Checks the field of `new` when it differs from `old` (or always, without `old`), normalizing it.
    let check: @Sendable (inout R, R?, Date) throws -> Void
}

/// Every field of a record kind, in store order, and what comes from them: the store's columns and values, the
/// record's JSON, the checks of a record read from JSON or made in Swift, and its schemas in the API's document.
public struct RecordSchema<R>: Sendable {
    /// The fields in the order stores keep them.
    public let fields: [AnyField<R>]
    /// The column of the field people refer to a record by (its name or title).
    public let nameColumn: String
    /// A record with `meta` and placeholder values, which reading then fills in.
    let blank: @Sendable (RecordMeta) -> R
    /// What must hold between fields (a latitude needs a longitude).
    let rules: @Sendable (R) throws -> Void
    /// ``rules`` in JSON Schema, as members added to the schema of what the API takes (`"anyOf": [...]`), or `""`.
    let rulesSchema: String
    /// Sets what follows from the other fields in a record added or changed (`old`: as it was), at `now`, in the
    /// household's zone (`zone`, looked up only when asked): a task marked done gets the moment it was, a
    /// repeating one moves to its next due date; throws ``ValidationError`` for what cannot follow (a repeat whose
    /// UNTIL is before the task's due date).
    let derive: @Sendable (_ record: inout R, _ old: R?, _ now: Date, _ zone: () throws -> Zone) throws -> Void
    /// Fields whose change, in a merge, stands only with another's base (`(field, on)`): a check-off (`done`) of a
    /// repeating task is for the due date it saw, and once another phone's check-off moved that date (a conflict
    /// on `due`), it is not applied either (``merge(_:wanted:base:now:)``).
    let mergeLinks: [(field: String, on: String)]
    /// The members of the record's JSON in key order.
    private let jsonOrder: [RecordJSONMember]
    /// The fields as stores name and type their columns, in order.
    public let fieldSpecs: [FieldSpec]
    /// The keys of the fields the API takes in a request.
    public let inputKeys: [String]
    /// The keys the API takes in a request that adds a record: ``inputKeys`` and `id`, the id the client chose
    /// for the new record, so that an add sent twice adds once (see ``chosenID(in:)``).
    public let createKeys: [String]
    /// The keys a record has in a backup: its meta and every field.
    public let backupKeys: [String]

    /// The keys of every record's meta in JSON.
    public static var metaKeys: [String] { ["id", "createdAt", "updatedAt", "version"] }

    /// A schema of `fields`; `name` is the field people refer to records by, `blank` makes a record to fill in,
    /// `rules` checks what must hold between fields and `rulesSchema` says it in JSON Schema (members of an object
    /// schema), for what the API takes; `derive` sets what follows from the other fields in a record added or changed;
    /// `mergeLinks` names the fields whose change in a merge stands only with another's base.
    public init(
        _ fields: [AnyField<R>], name: Field<R, String>, blank: @escaping @Sendable (RecordMeta) -> R,
        rules: @escaping @Sendable (R) throws -> Void = { _ in }, rulesSchema: String = "",
        derive:
            @escaping @Sendable (_ record: inout R, _ old: R?, _ now: Date, _ zone: () throws -> Zone) throws
            -> Void = { _, _, _, _ in },
        mergeLinks: [(field: String, on: String)] = []
    ) {
        self.fields = fields
        self.derive = derive
        self.mergeLinks = mergeLinks
        nameColumn = name.column
        self.blank = blank
        self.rules = rules
        self.rulesSchema = rulesSchema
        var members: [(String, RecordJSONMember)] = [
            ("id", .id), ("createdAt", .createdAt), ("updatedAt", .updatedAt), ("version", .version),
        ]
        members += fields.indices.map { (fields[$0].key, .field($0)) }
        // Keys sorted, as a sorted-keys JSON encoder writes them: the same record always has the same bytes.
        jsonOrder = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }.map { $0.1 }
        // Computed once: closures rather than key paths, which a generic type builds anew at every use.
        fieldSpecs = fields.map { FieldSpec($0.column, $0.storage) }
        inputKeys = fields.filter { $0.isInput }.map { $0.key }
        createKeys = inputKeys + ["id"]
        backupKeys = Self.metaKeys + fields.map { $0.key }
    }

}

extension RecordSchema where R: Record {
    // MARK: Stores

    /// The values a store keeps of `record`, in field order.
    public func values(of record: R) -> [FieldValue] {
        fields.map { $0.value(record) }
    }

    /// The record a store read back: `meta` and the values in field order.
    /// - Throws: ``StoreError/corrupt(_:)`` when a value has the wrong shape.
    public func record(meta: RecordMeta, values: [FieldValue]) throws -> R {
        guard values.count == fields.count else {
            throw StoreError.corrupt("\(R.kind.noun) has \(values.count) values")
        }
        var record = blank(meta)
        for (field, value) in zip(fields, values) { try field.load(&record, value) }
        return record
    }

    // MARK: JSON

    /// Writes `record` as the API's JSON object: its meta and fields, keys sorted.
    public func writeJSON(_ record: R, to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        for member in jsonOrder {
            switch member {
            case .id: object.string("id", record.id.text, &output)
            case .createdAt: object.date("createdAt", record.meta.createdAt, &output)
            case .updatedAt: object.date("updatedAt", record.meta.updatedAt, &output)
            case .version: object.raw("version", "\(record.meta.version)", &output)
            case .field(let index): fields[index].writeJSON(record, &object, &output)
            }
        }
        object.close(&output)
    }

    /// The id the members of an add's JSON object chose for the new record (`id`: a UUID in text, in either
    /// case), or `nil` when they chose none. The add then answers the record stored with that id, if there is one
    /// (``RecordList/add(_:numbered:id:)``).
    /// - Throws: ``ValidationError`` naming `id` for anything but a UUID in text.
    public func chosenID(in members: [String: JSONValue]) throws -> UUID? {
        guard let json = members["id"] else { return nil }
        guard case .string(let text) = json, let id = UUID(text: text) else {
            throw ValidationError(
                field: "id", message: "an id is a UUID in text, like \"2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E\"")
        }
        return id
    }

    /// A new record read from the members of a JSON object (its meta a placeholder): the fields the API takes,
    /// checked with the model's rules; those left out take their initial values, and a required one left out is
    /// refused. Members that are not input fields are not looked at: callers refuse them first, in their own
    /// words (``inputKeys``).
    /// - Throws: ``ValidationError`` naming the field.
    public func create(from members: [String: JSONValue], now: Date) throws -> R {
        var record = blank(RecordMeta(createdAt: now))
        for field in fields where field.isInput {
            if let json = members[field.key] {
                try field.readJSON(&record, json, now)
            } else if let initial = field.setInitial {
                initial(&record, now)
            } else if field.isRequired {
                throw ValidationError(field: field.key, message: field.missing)
            }
        }
        try rules(record)
        return record
    }

    /// Checks each input field the members of a JSON object give, alone (the rules between fields need the record
    /// they change): a request whose values are refused is refused before its record is looked for.
    /// - Throws: ``ValidationError`` naming the field.
    public func checkInput(_ members: [String: JSONValue], now: Date) throws {
        var scratch = blank(.draft)
        for field in fields where field.isInput {
            if let json = members[field.key] { try field.readJSON(&scratch, json, now) }
        }
    }

    /// `record` with the input fields the members of a JSON object give replaced, each checked.
    /// - Throws: ``ValidationError`` naming the field.
    public func change(_ record: R, with members: [String: JSONValue], now: Date) throws -> R {
        var changed = record
        for field in fields where field.isInput {
            if let json = members[field.key] { try field.readJSON(&changed, json, now) }
        }
        try rules(changed)
        return changed
    }

    /// A record restored from a backup: `meta` and every field from the members of a JSON object, each checked;
    /// a field that cannot be none must be there. Members that are not fields are not looked at
    /// (``backupKeys``).
    /// - Throws: ``ValidationError`` naming the field.
    public func restore(meta: RecordMeta, from members: [String: JSONValue], now: Date) throws -> R {
        var record = blank(meta)
        for field in fields {
            if let json = members[field.key] {
                try field.readJSON(&record, json, now)
            } else if !field.isNullable {
                throw ValidationError(field: field.key, message: "is missing")
            }
        }
        try rules(record)
        return record
    }

    /// `record` checked against every field's rules and the rules between fields, texts trimmed; with `old`,
    /// only the fields that changed from it are checked (a record imported long ago keeps what it was given).
    /// What follows from its fields is derived in the household's zone, which `zone` gives when asked (the
    /// server's by default).
    /// - Throws: ``ValidationError`` naming the field.
    public func checked(
        _ record: R, changedFrom old: R? = nil, now: Date,
        zone: () throws -> Zone = { HouseholdTimeZone.serverDefault }
    ) throws -> R {
        var checked = record
        try derive(&checked, old, now, zone)
        for field in fields { try field.check(&checked, old, now) }
        try rules(checked)
        return checked
    }

    // MARK: The API's document

    /// The JSON Schema of a record as the API writes it, as JSON text.
    public var recordSchema: String {
        let required = Self.metaKeys + fields.filter(\.isAlwaysWritten).map(\.key)
        var properties = [
            #""id": {"type": "string", "format": "uuid", "pattern": "^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$", "description": "Upper-case hyphenated UUID, as the tutorials wrote it."}"#,
            #""createdAt": {"type": "string", "format": "date-time"}"#,
            #""updatedAt": {"type": "string", "format": "date-time"}"#,
            #""version": {"type": "integer", "minimum": 1, "description": "Grows by one on every change; send it back in If-Match."}"#,
        ]
        properties += fields.map { "\"\($0.key)\": \($0.schema)" }
        return Self.object(properties: properties, required: required)
    }

    /// The JSON Schema of what the API takes to add a record (`.create`: the input fields and an optional `id`,
    /// ``chosenID(in:)``) or change one (any of the fields).
    public func inputSchema(forChange: Bool) -> String {
        let inputs = fields.filter(\.isInput)
        let required = forChange ? [] : inputs.filter(\.isRequired).map(\.key)
        var properties = inputs.map { "\"\($0.key)\": \($0.schema)" }
        if !forChange { properties.append(Self.chosenIDSchema) }
        return Self.object(properties: properties, required: required, more: rulesSchema)
    }

    /// The member `id` of what adds a record, in JSON Schema.
    private static var chosenIDSchema: String {
        #""id": {"type": "string", "format": "uuid", "pattern": "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", "description": "The id the new record is to have, chosen by the client (a random UUID, made once per record to add), so that an add sent twice adds once: when a record with this id is stored already, nothing is added and that record is answered as stored, with 200 instead of 201."}"#
    }

    private static func object(properties: [String], required: [String], more: String = "") -> String {
        let requiredList = required.map { "\"\($0)\"" }.joinedInline(separator: ", ")
        return #"{"type": "object", "additionalProperties": false, "required": [\#(requiredList)], "properties": {"#
            + properties.joinedInline(separator: ", ") + "}" + (more.isEmpty ? "" : ", " + more) + "}"
    }
}

/// A member of a record's JSON object: one of the meta every record has, or the field at an index of its schema.
public enum RecordJSONMember: Sendable {
    case id, createdAt, updatedAt, version
    case field(Int)
}
