import Foundation

/// A field as a person types it, its value type erased: how an input shows the field and reads it back, and its
/// rules as app.js is told them (see ``TextInput``).
public struct FieldInput<R>: Sendable {
    /// What app.js calls this kind of input (`text`, `price`, `day`, ...).
    public let kind: String
    /// What an input left empty gives.
    public let empty: EmptyInput
    /// The input's limits and messages for app.js, as members of a JSON object.
    public var rules: String { makeRules() }
    /// Writes ``rules``: only a form's page asks (see ``TextInput/rules``).
    let makeRules: @Sendable () -> String
    /// The text an input shows for the record's value.
    let show: @Sendable (R, InputConventions) -> String
    /// Reads a text into the record, checked; answers whether it set the field (an empty date in an edit does not).
    let read: @Sendable (inout R, String, _ isNew: Bool, InputConventions) throws -> Bool
    /// Sets the field of the first record to the second's.
    let copy: @Sendable (inout R, R) -> Void

    /// The text an input shows for `record`'s value, written as `conventions` write it.
    public func text(_ record: R, _ conventions: InputConventions) -> String {
        show(record, conventions)
    }
}

/// What a person typed into a form, read through each field's type onto a record: the record, each refusal, and
/// the fields that were read, to be set in the stored record when it is changed.
public struct TypedRecord<R> {
    /// The record with what was typed; a refused field as it was.
    public var record: R
    /// The refusals, one per refused field, in the order the form gave the fields.
    public var errors: [ValidationError]
    /// How to set each field that was read.
    private let copies: [@Sendable (inout R, R) -> Void]

    init(record: R, errors: [ValidationError], copies: [@Sendable (inout R, R) -> Void]) {
        self.record = record
        self.errors = errors
        self.copies = copies
    }

    /// `target` (the record as stored when it is changed) with the fields that were read set as they were typed,
    /// and the others left as they are.
    public func apply(to target: inout R) {
        for copy in copies { copy(&target, record) }
    }
}

extension RecordSchema where R: Record {
    /// The field whose key in JSON is `key`.
    public func field(_ key: String) -> AnyField<R>? {
        fields.first { $0.key == key }
    }

    /// A new record as a form starts it (its meta a placeholder): each field's initial value, a required field
    /// empty, for what was typed to be read onto (``read(typed:onto:isNew:_:)``).
    public func draft(now: Date) -> R {
        var record = blank(RecordMeta(createdAt: now))
        for field in fields { field.setInitial?(&record, now) }
        return record
    }

    /// What a person typed into a form, read onto `record` through each field's type as `conventions` write it:
    /// `texts` holds the form's fields by key, in the order the form shows them.
    ///
    /// A new record (`isNew`, `record` a ``draft(now:)``) takes every field as typed, an input left empty giving
    /// what its type says (``EmptyInput``). An edit (`record` the one the form showed) leaves a field as it is
    /// where the text is what the form showed for it (a date shown as its day keeps its time), and reads the
    /// others. Each field is checked alone, so that every refused field has its message at once; the rules
    /// between fields are the store's to check (``RecordList``).
    public func read(
        typed texts: [(key: String, text: String)], onto record: R, isNew: Bool, _ conventions: InputConventions
    ) -> TypedRecord<R> {
        var typed = record
        var errors: [ValidationError] = []
        var copies: [@Sendable (inout R, R) -> Void] = []
        for (key, text) in texts {
            guard let input = field(key)?.input else { preconditionFailure("\(key) is not a field people type") }
            if !isNew, text.trimmingWhitespace() == input.show(record, conventions) { continue }
            do {
                if try input.read(&typed, text, isNew, conventions) { copies.append(input.copy) }
            } catch let error as ValidationError {
                errors.append(error)
            } catch {
                preconditionFailure("a field's reading throws only ValidationError")
            }
        }
        return TypedRecord(record: typed, errors: errors, copies: copies)
    }

    /// The rules by which app.js reads a form with no network, as JSON: the form's fields in the order it shows
    /// them (`inputs`: each field's key and its name in the form), each with its kind of input, what it gives
    /// empty, its limits and its messages (the model's own words, placeholders in braces for what was typed);
    /// the initial values of a new record's fields (`initialNow`: the fields whose initial value is the moment of
    /// the add); and whether the person writes decimals with a comma.
    public func formRules(_ inputs: [(key: String, name: String)], writesDecimalComma: Bool) -> String {
        let described = inputs.map { key, name in
            guard let input = field(key)?.input else { preconditionFailure("\(key) is not a field people type") }
            return "{\"name\": \(JSONText.string(name)), \"key\": \(JSONText.string(key)), "
                + "\"input\": \(JSONText.string(input.kind)), \"empty\": \(JSONText.string(input.empty.rawValue)), "
                + input.rules + "}"
        }
        let typed = fields.filter { $0.isInput && $0.input != nil }
        let initial = typed.compactMap { field in field.initialJSON.map { "\(JSONText.string(field.key)): \($0)" } }
        let now = typed.filter(\.isInitialNow).map { JSONText.string($0.key) }
        return "{\"kind\": \(JSONText.string(R.kind.rawValue)), \"decimalComma\": \(writesDecimalComma), "
            + "\"fields\": [\(described.joinedInline(separator: ", "))], "
            + "\"initial\": {\(initial.joinedInline(separator: ", "))}, \"initialNow\": [\(now.joinedInline(separator: ", "))]}"
    }
}
