import Foundation
import Testing

@testable import ListsWeb

/// The check that keeps the OpenAPI document true must itself catch an answer that strays from it.
@Suite struct OpenAPIValidatorTests {
    let validator: OpenAPIValidator

    init() throws {
        validator = try APIHarness().validator
    }

    private func problems(_ status: Int, _ body: String, method: String = "GET", path: String = "/api/v1/tasks")
        -> [String]
    {
        validator.problems(
            method: method, path: path, status: status, contentType: "application/json", body: Array(body.utf8))
    }

    @Test func aConformingAnswerPasses() {
        #expect(problems(200, #"{"tasks": [], "nextCursor": null}"#) == [])
    }

    @Test func strayAnswersAreCaught() {
        let task =
            #""id": "2B0C4D0E-8F1A-4C3B-9D2E-5F6A7B8C9D0E", "createdAt": "2026-11-30T05:45:27.123Z", "#
            + #""updatedAt": "2026-11-30T05:45:27.123Z", "version": 1, "title": "Walk", "due": null, "#
            + #""priority": null, "note": null, "doneAt": null, "repeat": null, "repeatFrom": null, "completions": [], "#
            + #""remindAt": null, "list": null"#
        #expect(problems(200, "{\(task), \"done\": false}", path: "/api/v1/tasks/x") == [])
        #expect(!problems(200, "{\(task), \"done\": 0}", path: "/api/v1/tasks/x").isEmpty)
        #expect(!problems(200, "{\(task)}", path: "/api/v1/tasks/x").isEmpty)
        #expect(!problems(200, "{\(task), \"done\": false, \"extra\": 1}", path: "/api/v1/tasks/x").isEmpty)
        #expect(!problems(200, #"{"tasks": [{"title": 1}], "nextCursor": null}"#).isEmpty)
        #expect(!problems(201, #"{"tasks": [], "nextCursor": null}"#).isEmpty)
        #expect(!problems(418, #"{"error": {"code": "x", "message": "y"}}"#, path: "/nowhere").isEmpty)
        #expect(problems(404, #"{"error": {"code": "x", "message": "y"}}"#, path: "/nowhere") == [])
    }
}
