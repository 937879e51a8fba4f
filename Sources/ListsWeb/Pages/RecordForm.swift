import Foundation
import ListsModel

/// A form that adds or edits a record of `R`: the fields it shows, in the order it shows them, each read through
/// its field's type as the viewer writes it (a price with their decimal comma, a day in their zone), so that what
/// a page takes and refuses is what the schema takes and refuses, in the model's words.
///
/// The form's rules travel with it to app.js, which reads it with no network by the same rules
/// (``rulesAttribute(_:)``, `Assets/Files/app/22-offline-forms.js`).
struct RecordForm<R: Record>: Sendable {
    /// A field the form shows: its key in the record and its name in the form.
    struct Input: Sendable {
        /// The field's key (`title`).
        let key: String
        /// The input's name in the form (`task`, where the sheet's field is named apart from one behind it).
        let name: String

        /// The input of `field`, named `name` in the form (its key unless told).
        init<Value>(_ field: Field<R, Value>, name: String? = nil) {
            key = field.key
            self.name = name ?? field.key
        }
    }

    /// The fields, in the order the form shows them.
    let inputs: [Input]
    /// ``rulesAttribute(_:)`` for a viewer who writes decimals with a dot, and for one who writes a comma.
    private let rules: (dot: String, comma: String)

    /// A form of `inputs`, in that order.
    init(_ inputs: Input...) {
        self.inputs = inputs
        let fields = inputs.map { (key: $0.key, name: $0.name) }
        let attribute = { (comma: Bool) in
            " data-schema=\"\(HTML.escape(R.schema.formRules(fields, writesDecimalComma: comma)))\""
        }
        rules = (attribute(false), attribute(true))
    }

    /// The form filled from `record`, each value written as `viewer` writes it.
    func state(_ record: R, _ viewer: Viewer) -> FormState {
        let conventions = viewer.conventions()
        var state = FormState()
        for input in inputs {
            state.values[input.name] = R.schema.field(input.key)?.input?.text(record, conventions) ?? ""
        }
        state.order = inputs.map(\.name)
        return state
    }

    /// The form as posted, to be shown again if it is refused, with the fields `keeping` names too (an add form's
    /// chosen id).
    func state(_ body: FormBody, keeping: [String] = []) -> FormState {
        FormState(body, fields: inputs.map(\.name) + keeping)
    }

    /// Adds the record typed in `state` (as `viewer` writes it) at the end of `list`, with the id the form chose;
    /// `nil` when a field was refused, by its type or by the model, every refused field's message then recorded
    /// under it.
    /// - Throws: what the store throws.
    func add(_ state: inout FormState, to list: RecordList<R>, id: UUID?, _ viewer: Viewer) throws -> Added<R>? {
        let now = list.now()
        guard let typed = read(&state, onto: R.schema.draft(now: now), isNew: true, viewer, now: now) else {
            return nil
        }
        do {
            return try list.add(typed.record, id: id)
        } catch let error as ValidationError {
            record(error, in: &state)
            return nil
        }
    }

    /// Changes `record` (the one the form showed) in `list` by what was typed in `state`, as `viewer` writes it:
    /// the fields whose text is what the form showed stay as they are, the others are set in the stored record,
    /// from `expectedVersion`. `false` when a field was refused, its message then recorded under it.
    /// - Throws: ``ListsModel/StoreError/conflict(_:)`` when the record is no longer at `expectedVersion`.
    func change(
        _ record: R, in list: RecordList<R>, _ state: inout FormState, expectedVersion: Int?, _ viewer: Viewer
    ) throws -> Bool {
        guard let typed = read(&state, onto: record, isNew: false, viewer, now: list.now()) else { return false }
        do {
            try list.change([.id(record.id)], expectedVersion: expectedVersion) { typed.apply(to: &$0) }
            return true
        } catch let error as ValidationError {
            self.record(error, in: &state)
            return false
        }
    }

    /// What was typed in `state` onto `record` (the one an edit form showed), as `viewer` writes it, for a caller
    /// that writes the change its own way; `nil` when a field was refused, its message recorded.
    func edited(_ state: inout FormState, _ record: R, _ viewer: Viewer, now: Date) -> TypedRecord<R>? {
        read(&state, onto: record, isNew: false, viewer, now: now)
    }

    /// What was typed in `state`, read onto `record`; `nil` when a field was refused, its message recorded.
    private func read(_ state: inout FormState, onto record: R, isNew: Bool, _ viewer: Viewer, now: Date)
        -> TypedRecord<R>?
    {
        // A choice a form did not send (one drawn before the field was added) leaves an edit's value as it is; an
        // unchecked checkbox is never sent, and means unchecked.
        let texts = inputs.compactMap { input -> (key: String, text: String)? in
            if !isNew, state.values[input.name] == nil, R.schema.field(input.key)?.input?.kind == "choice" {
                return nil
            }
            return (key: input.key, text: state.values[input.name] ?? "")
        }
        let typed = R.schema.read(typed: texts, onto: record, isNew: isNew, viewer.conventions(now: now))
        for error in typed.errors { self.record(error, in: &state) }
        return typed.errors.isEmpty ? typed : nil
    }

    /// Records the model's refusal `error` under the input that shows its field.
    func record(_ error: ValidationError, in state: inout FormState) {
        var named = error
        if let input = inputs.first(where: { $0.key == error.field }) { named.field = input.name }
        state.record(named)
    }

    /// The form's rules for app.js, as `viewer` writes values: the attribute ` data-schema="…"` of the `<form>`
    /// (``ListsModel/RecordSchema/formRules(_:writesDecimalComma:)``).
    func rulesAttribute(_ viewer: Viewer) -> String {
        rulesAttribute(decimalComma: viewer.writesDecimalComma)
    }

    /// ``rulesAttribute(_:)`` for a viewer who writes a decimal comma or not.
    func rulesAttribute(decimalComma: Bool) -> String {
        decimalComma ? rules.comma : rules.dot
    }
}
