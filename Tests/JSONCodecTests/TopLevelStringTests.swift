import JSONCodec
import Testing

/// A top-level string member found without parsing the rest (how an imported task's Taskwarrior project is found in
/// the attributes it keeps), as a parse of the whole object finds it.
@Suite struct TopLevelStringTests {
    static let kept: [(json: String, project: String?)] = [
        (#"{"project":"Home","status":"pending"}"#, "Home"),
        (#"{"annotations":[{"description":"x","project":"Nested"}],"project":"Work"}"#, "Work"),
        (#"{"annotations":[{"description":"x","project":"Nested"}]}"#, nil),
        (#"{"description":"the \"project\":\"Fake\" one","tags":["project"]}"#, nil),
        (#"{"note":"project","project" : "Spaced"}"#, "Spaced"),
        (#"{"project":"Caf\u00e9 \"Q\"\\","x":1}"#, "Café \"Q\"\\"),
        (#"{"project":"Café Über","x":1}"#, "Café Über"),
        (#"{"project":"","x":1}"#, ""),
        (#"{"project":null}"#, nil),
        (#"{"project":3}"#, nil),
        (#"{"uda":{"project":"Inner"},"z":"project"}"#, nil),
        (#"{"projects":"Plural"}"#, nil),
        // A string ends at a quote after an even number of backslashes: one that escapes a backslash, not the quote.
        (#"{"description":"ends in \\","project":"After"}"#, "After"),
        (#"{"description":"a \\\" \"project\":\"Fake","x":1}"#, nil),
        ("{}", nil),
    ]

    @Test(arguments: kept)
    func theTopLevelProjectIsFoundAsAWholeParseFindsIt(_ row: (json: String, project: String?)) throws {
        #expect(JSONParser.topLevelString("project", in: row.json) == row.project, "\(row.json)")
        let parsed = try #require(JSONValue.object(row.json))
        if case .string(let project)? = parsed["project"] {
            #expect(project == row.project)
        } else {
            #expect(row.project == nil)
        }
    }
}
