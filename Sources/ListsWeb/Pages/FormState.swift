import Foundation
import ListsModel

/// What a form shows: the values in its fields and, after a refused post, each field's message.
///
/// A refused form is rendered again with what the user typed, never with the stored values, so nothing typed
/// is lost; each message sits under its field, tied to it with `aria-describedby`, the field marked
/// `aria-invalid` and the first such field focused.
struct FormState: Sendable {
    /// The fields' values by name, as typed or as stored.
    var values: [String: String] = [:]
    /// The message for each refused field, by field name.
    var errors: [String: String] = [:]
    /// A message about the whole form (a conflict), shown above the fields.
    var notice: Notice?
    /// The field focused when the page opens and no field was refused (a sheet's first field), without
    /// JavaScript too (`autofocus`); a refusal focuses the first refused field instead.
    var initialFocus: String?
    /// The fields in the order the form shows them, in which the first refused one is focused.
    var order: [String] = []

    /// A form showing `values`.
    init(values: [String: String] = [:]) {
        self.values = values
    }

    /// The form as posted: `fields` (in the order the form shows them) taken from `form`; one it did not send has no
    /// value.
    init(_ form: FormBody, fields: [String]) {
        // A field the form did not send has no value (a choice an older form lacks leaves an edit's value alone).
        for field in fields { values[field] = form[field] }
        order = fields
    }

    /// This form with `field` focused when it opens (see ``initialFocus``).
    func focusing(_ field: String) -> FormState {
        var copy = self
        copy.initialFocus = field
        return copy
    }

    /// Records `error` against its field (the first message of a field stays).
    mutating func record(_ error: ValidationError) {
        if errors[error.field] == nil { errors[error.field] = error.message }
    }

    /// A labelled field: a `<label>`, the `<input>` and its message or hint.
    ///
    /// - Parameters:
    ///   - name: the field's name in the form, also the key of its value and message.
    ///   - label: the visible label.
    ///   - type: the input type (`text`, `date`).
    ///   - hint: a line under the field saying what is allowed, tied to it with `aria-describedby`.
    ///   - isLabelHidden: whether the label is for screen readers only (the field's place says what it is).
    ///   - attributes: further attributes, markup (`inputmode="decimal"`).
    func field(
        _ name: String, label: String, type: String = "text", placeholder: String? = nil, isRequired: Bool = false,
        hint: String? = nil, isLabelHidden: Bool = false, attributes: String = ""
    ) -> String {
        let id = "field-\(name)"
        var extra = ""
        if let placeholder { extra += " placeholder=\"\(HTML.escape(placeholder))\"" }
        if isRequired { extra += " aria-required=\"true\"" }
        if errors.isEmpty, initialFocus == name { extra += " autofocus" }
        let (description, after) = described(name, hint: hint)
        extra += description
        if !attributes.isEmpty { extra += " " + attributes }
        return """
            <div class="field\(errors[name] == nil ? "" : " invalid")">
            <label for="\(id)"\(isLabelHidden ? " class=\"visually-hidden\"" : "")>\(HTML.escape(label))</label>
            <input id="\(id)" name="\(name)" type="\(type)" value="\(HTML.escape(values[name] ?? ""))"\(extra)>
            \(after)
            </div>
            """
    }

    /// A labelled text of several lines (a note): a `<label>`, the `<textarea>` holding `values[name]` and its
    /// message or hint.
    func textArea(_ name: String, label: String, rows: Int = 4, hint: String? = nil) -> String {
        let id = "field-\(name)"
        let (extra, after) = described(name, hint: hint)
        return """
            <div class="field\(errors[name] == nil ? "" : " invalid")">
            <label for="\(id)">\(HTML.escape(label))</label>
            <textarea id="\(id)" name="\(name)" rows="\(rows)"\(extra)>\(HTML.escape(values[name] ?? ""))</textarea>
            \(after)
            </div>
            """
    }

    /// A choice among `options` (value, text), the one `values[name]` holds chosen, with its error under it.
    func select(_ name: String, label: String, options: [(value: String, text: String)], hint: String? = nil) -> String
    {
        let id = "field-\(name)"
        let chosen = values[name] ?? ""
        let (extra, after) = described(name, hint: hint)
        let choices = options.map { option in
            "<option value=\"\(HTML.escape(option.value))\"\(option.value == chosen ? " selected" : "")>"
                + "\(HTML.escape(option.text))</option>"
        }.joined()
        return """
            <div class="field\(errors[name] == nil ? "" : " invalid")">
            <label for="\(id)">\(HTML.escape(label))</label>
            <select id="\(id)" name="\(name)"\(extra)>\(choices)</select>
            \(after)
            </div>
            """
    }

    /// The attributes that tie a field `name` to its error and `hint` (and focus it when it is the first refused),
    /// and the paragraphs that show them after it.
    private func described(_ name: String, hint: String?) -> (attributes: String, after: String) {
        let id = "field-\(name)"
        var described: [String] = []
        var extra = ""
        var after = ""
        if let message = errors[name] {
            described.append("\(id)-error")
            extra += " aria-invalid=\"true\""
            if firstRefused == name { extra += " autofocus" }
            after += "<p class=\"field-error\" id=\"\(id)-error\">\(HTML.escape(Layout.sentence(message)))</p>"
        }
        if let hint {
            described.append("\(id)-hint")
            after += "<p class=\"field-hint\" id=\"\(id)-hint\">\(HTML.escape(hint))</p>"
        }
        if !described.isEmpty { extra += " aria-describedby=\"\(described.joined(separator: " "))\"" }
        return (extra, after)
    }

    /// The refused field focused when the page opens: the first in the form's ``order`` (any, for a field it
    /// does not name).
    private var firstRefused: String? {
        order.first { errors[$0] != nil } ?? errors.keys.min()
    }
}

/// What a handler of a posted form answers when the model refuses it or the record changed meanwhile.
enum FormOutcome {
    /// The page for a form refused field by field: 422.
    static let invalidStatus = 422
    /// The page for a form made from a version that is no longer the stored one: 409, as the post carried the
    /// version in a form field rather than in `If-Match` (the API answers 412 there).
    static let conflictStatus = 409

    /// The refusal of a name another `noun` of the household has (case ignored), shown under the name field.
    static func nameTaken(_ noun: String) -> ValidationError {
        ValidationError(field: "name", message: "another \(noun) has that name; choose another")
    }

    /// The sentence shown when a record changed since its form was drawn.
    static func conflictMessage(_ noun: String) -> String {
        "This \(noun) was changed elsewhere (in another tab or on another device) since you opened it. "
            + "Here is the current version; make your change again if you still want it."
    }
}
