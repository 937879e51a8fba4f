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

    /// A new record made of what was typed in `state`, as `viewer` writes it at `now`; `nil` when a field was
    /// refused, its message then recorded under it (every refused field's at once).
    func readNew(_ state: inout FormState, _ viewer: Viewer, now: Date) -> R? {
        read(&state, onto: R.schema.draft(now: now), isNew: true, viewer, now: now)?.record
    }

    /// What was typed in `state` to change `record` (the one the form showed; a field still showing what it
    /// showed stays as it is), as `viewer` writes it at `now`: to apply to the stored record in the change
    /// (``ListsModel/TypedRecord/apply(to:)``). `nil` when a field was refused, its message recorded under it.
    func readChange(_ state: inout FormState, of record: R, _ viewer: Viewer, now: Date) -> TypedRecord<R>? {
        read(&state, onto: record, isNew: false, viewer, now: now)
    }

    private func read(_ state: inout FormState, onto record: R, isNew: Bool, _ viewer: Viewer, now: Date)
        -> TypedRecord<R>?
    {
        let texts = inputs.map { (key: $0.key, text: state.values[$0.name] ?? "") }
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
        viewer.writesDecimalComma ? rules.comma : rules.dot
    }
}
