import JSONCodec
import Testing

@testable import ListsModel

/// How an imported task's Taskwarrior project is found in the attributes it keeps: its top-level `project`
/// member, read without parsing the rest, as a parse of the whole object reads it.
@Suite struct TaskListPlacementTests {
    static let kept: [(json: String, project: String?)] = [
        (#"{"project":"Home","status":"pending"}"#, "Home"),
        (#"{"annotations":[{"description":"x","project":"Nested"}],"project":"Work"}"#, "Work"),
        (#"{"annotations":[{"description":"x","project":"Nested"}]}"#, nil),
        (#"{"description":"the \"project\":\"Fake\" one","tags":["project"]}"#, nil),
        (#"{"note":"project","project" : "Spaced"}"#, "Spaced"),
        (#"{"project":"Caf\u00e9 \"Q\"\\","x":1}"#, "Café \"Q\"\\"),
        (#"{"project":null}"#, nil),
        (#"{"project":3}"#, nil),
        (#"{"uda":{"project":"Inner"},"z":"project"}"#, nil),
        (#"{"projects":"Plural"}"#, nil),
        ("{}", nil),
    ]

    @Test(arguments: kept)
    func theTopLevelProjectIsFoundAsAWholeParseFindsIt(_ row: (json: String, project: String?)) throws {
        #expect(TaskListPlacement.topLevelString("project", in: row.json) == row.project, "\(row.json)")
        let parsed = try #require(JSONValue.object(row.json))
        if case .string(let project)? = parsed["project"] {
            #expect(project == row.project)
        } else {
            #expect(row.project == nil)
        }
    }
}
