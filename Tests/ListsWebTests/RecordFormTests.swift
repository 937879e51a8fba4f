import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// The record forms read through their fields' types and the schema: the order a refused form focuses in, the
/// rules app.js is given, and the rows' records as the API writes them.
@Suite struct RecordFormTests {
    /// The first refused field is focused in the order the form shows its fields, whichever they are.
    @Test func aRefusedFormFocusesItsFirstRefusedFieldInTheOrderItShowsThem() throws {
        let harness = try PageHarness()
        let response = harness.post(
            "/birds/new",
            [("name", "Wren"), ("location", String(repeating: "a", count: 201)), ("date", "2031-01-01")])
        #expect(response.status == 422)
        let html = response.text
        #expect(html.contains("A location is 201 characters long; at most 200 are allowed."))
        #expect(html.contains("A sighting&#39;s date must lie between 1800-01-01 and today."))
        #expect(html.occurrences(of: " autofocus") == 1)
        #expect(
            html.contains(
                "name=\"location\" type=\"text\" value=\"\(String(repeating: "a", count: 201))\" aria-invalid=\"true\" autofocus"
            ))

        let item = harness.post("/shopping/new", [("name", ""), ("price", "x")])
        #expect(item.text.occurrences(of: " autofocus") == 1)
        #expect(
            item.text.contains(
                "id=\"field-name\" name=\"name\" type=\"text\" value=\"\" aria-required=\"true\""
                    + " aria-invalid=\"true\" autofocus"))
    }

    /// Each add and edit form carries the rules app.js reads it by with no network: the schema's own, for the
    /// form's fields, with the viewer's decimal comma.
    @Test func eachFormCarriesTheSchemasRulesForItsFields() throws {
        let harness = try PageHarness()
        let german = [("Accept-Language", "de-DE")]
        let walk = try harness.task("Walk the dogs").id
        let expected: [(path: String, headers: [(String, String)], rules: String)] = [
            ("/shopping/new", [], Self.rules(ShoppingViews.sheetForm, comma: false)),
            ("/shopping/new", german, Self.rules(ShoppingViews.sheetForm, comma: true)),
            ("/todo", [], Self.rules(TodoPages.insertForm, comma: false)),
            ("/todo/tasks/\(walk)/edit", [], Self.rules(TodoPages.sheetForm, comma: false)),
            ("/birds/new", [], Self.rules(BirdViews.sheetForm, comma: false)),
        ]
        #expect(
            TodoPages.sheetForm.inputs.map(\.name) == ["task", "due", "repeat", "remindAt", "priority", "note", "list"])
        for (path, headers, rules) in expected {
            let page = harness.get(path, headers: headers).text
            #expect(page.contains(" data-schema=\"\(HTML.escape(rules))\""), "\(path)")
        }
        // The list screens' templates carry the sheets' forms, with their rules, for sheets drawn offline.
        let items = harness.get("/shopping").text
        #expect(items.occurrences(of: " data-schema=") == 2)
    }

    /// A row's `data-record` is the record's own JSON, as the API writes it, meta and details included.
    @Test func aRowsRecordIsTheRecordsOwnJSON() throws {
        let harness = try PageHarness()
        let name = "Farmer's \"best\" <eggs> & more"
        #expect(harness.post("/shopping/new", [("name", name), ("price", "1.5")]).status == 303)
        let item = try harness.item(name)
        #expect(Self.record(in: harness.get("/shopping").text, id: item.id) == Self.json(item))
        #expect(Self.record(in: harness.get("/shopping", query: ["edit": "1"]).text, id: item.id) == Self.json(item))

        try harness.app.lists.birds.edit(.typed("Pigeon"), details: { $0.count = .number(3) })
        let pigeon = try harness.sighting("Pigeon")
        #expect(Self.record(in: harness.get("/birds").text, id: pigeon.id) == Self.json(pigeon))
        let walk = try harness.task("Walk the dogs")
        #expect(Self.record(in: harness.get("/todo").text, id: walk.id) == Self.json(walk))
    }

    /// The rules of `form`'s fields by the schema, as a reader who writes a decimal comma or not is given them.
    static func rules<R: Record>(_ form: RecordForm<R>, comma: Bool) -> String {
        R.schema.formRules(form.inputs.map { (key: $0.key, name: $0.name) }, writesDecimalComma: comma)
    }

    /// The record's JSON as the API writes it.
    static func json(_ record: some Record) -> String {
        var bytes: [UInt8] = []
        record.writeJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `data-record` of the row showing `id`, its character references read.
    static func record(in html: String, id: UUID) -> String? {
        let start = " data-id=\"\(id.uuidString)\" data-record='"
        guard let range = html.range(of: start), let end = html[range.upperBound...].firstIndex(of: "'") else {
            return nil
        }
        return String(html[range.upperBound..<end]).replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
