import Foundation
import ListsModel
import Testing

@testable import ListsWeb

/// The record forms read through their fields' types and the schema: the order a refused form focuses in.
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
}
