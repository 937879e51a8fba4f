import Foundation
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// Import and export through the API and the Import & Export page, without a socket.
@Suite struct TransferRouteTests {
    @Test func aBackupDownloadedFromOneServerRestoresIntoAnotherIdentically() throws {
        let source = try APIHarness(seeded: true)
        source.send("POST", "/api/v1/tasks", json: #"{"title": "Crème brûlée", "done": true}"#)
        let backup = source.send("GET", "/api/v1/export")
        #expect(backup.status == 200)
        #expect(backup.headers["Content-Disposition"] == "attachment; filename=\"lists-backup.json\"")
        let target = try APIHarness()
        let restored = target.send(
            "POST", "/api/v1/import", headers: [("Content-Type", "application/octet-stream")], body: backup.body)
        #expect(restored.status == 200)
        #expect(restored.object["added"] as? Double == 11)
        #expect(target.send("GET", "/api/v1/export").body == backup.body)
        let again = target.send(
            "POST", "/api/v1/import", query: ["format": "lists-json"], headers: [("Content-Type", "application/json")],
            body: backup.body)
        #expect(again.object["added"] as? Double == 0)
        #expect(again.object["unchanged"] as? Double == 11)
    }

    @Test func aBadFileImportsNothingAndNamesTheRecordAndField() throws {
        let api = try APIHarness()
        let csv = "name,price,on list\nMilk,1.99,no\nBread,cheap,no\n"
        let answer = api.send(
            "POST", "/api/v1/import", query: ["format": "shopping-csv"], headers: [("Content-Type", "text/csv")],
            body: Array(csv.utf8))
        #expect(answer.status == 422)
        #expect(answer.error["field"] as? String == "price")
        #expect((answer.error["message"] as? String)?.hasPrefix("line 3: price:") == true)
        #expect(try api.snapshot().isEmpty)
    }

    @Test func aFilesShoppingItemsGoToTheListNamed() throws {
        let api = try APIHarness()
        let csv = "name,price,on list\nMilk,1.99,yes\nBread,2.50,no\n"
        let answer = api.send(
            "POST", "/api/v1/import", query: ["format": "shopping-csv", "list": "Corner shop"],
            headers: [("Content-Type", "text/csv")], body: Array(csv.utf8))
        #expect(answer.status == 200)
        let lists = api.send("GET", "/api/v1/lists").object["lists"] as? [[String: Any]] ?? []
        #expect(lists.count == 1 && lists.first?["entries"] as? Double == 1, "\(lists)")
        #expect(((lists.first?["list"] as? [String: Any])?["name"] as? String) == "Corner shop")
        // The household's only list: the Shopping List tab's, and the API's shopping list.
        #expect(
            (api.send("GET", "/api/v1/shopping-list").object["items"] as? [[String: Any]])?.map {
                $0["name"] as? String
            }
                == ["Milk"])
        // A file of neither shopping items nor tasks takes no list.
        let refused = api.send(
            "POST", "/api/v1/import", query: ["format": "ebird", "list": "Corner shop"],
            headers: [("Content-Type", "text/csv")], body: Array("Submission ID,Common Name\n".utf8))
        #expect(refused.status == 422 && refused.error["field"] as? String == "list")
        // A file of tasks goes on the to-do list named.
        let tasks = api.send(
            "POST", "/api/v1/import", query: ["format": "todo-txt", "list": "Errands"],
            headers: [("Content-Type", "text/plain")], body: Array("Call mum\n".utf8))
        #expect(tasks.status == 200)
        let todoLists = api.send("GET", "/api/v1/todo-lists").object["todoLists"] as? [[String: Any]] ?? []
        #expect(todoLists.compactMap { ($0["list"] as? [String: Any])?["name"] as? String }.contains("Errands") == true)
    }

    /// An eBird download goes in and comes back out byte for byte; the Record Format comes out and is not taken in.
    @Test func anEBirdDownloadComesBackAsItWentIn() throws {
        let api = try APIHarness()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ListsInterchangeTests/Fixtures/MyEBirdData-en.csv")
        let download = Array(try Data(contentsOf: fixture))
        let imported = api.send(
            "POST", "/api/v1/import", query: ["format": "ebird"], headers: [("Content-Type", "text/csv")],
            body: download)
        #expect(imported.status == 200)
        #expect(imported.object["added"] as? Double == 7)
        let exported = api.send("GET", "/api/v1/export", query: ["format": "ebird"])
        #expect(exported.headers["Content-Disposition"] == "attachment; filename=\"MyEBirdData.csv\"")
        #expect(exported.body == download)
        let records = api.send("GET", "/api/v1/export", query: ["format": "ebird-records"])
        #expect(records.headers["Content-Disposition"] == "attachment; filename=\"ebird-records.csv\"")
        #expect(String(decoding: records.body, as: UTF8.self).split(separator: "\n").count == 7)
        let refused = api.send(
            "POST", "/api/v1/import", query: ["format": "ebird-records"], headers: [("Content-Type", "text/csv")],
            body: download)
        #expect(refused.status == 400 && refused.error["field"] as? String == "format")
        #expect(api.send("GET", "/api/v1/export", query: ["format": "ebird"]).body == download)
    }

    @Test func anUnknownFormatIsABadRequest() throws {
        let api = try APIHarness()
        #expect(api.send("GET", "/api/v1/export", query: ["format": "xlsx"]).error["field"] as? String == "format")
        #expect(api.send("GET", "/api/v1/export", query: ["format": "items-plist"]).status == 400)
    }

    @Test func theSettingsPageImportsAnUploadedFile() throws {
        let api = try APIHarness()
        let boundary = "----ListsBoundary7MA4YWxk"
        let file = "x 2026-11-30 2026-11-01 (A) Call the vet +pets @phone\n2026-11-02 Feed the hogs\n"
        let body =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"todo.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\n\(file)\r\n--\(boundary)\r\n"
            + "Content-Disposition: form-data; name=\"format\"\r\n\r\n\r\n--\(boundary)--\r\n"
        let response = api.app.respond(
            to: HTTPRequest(
                method: "POST", path: "/settings/import",
                headers: HTTPHeaders([
                    ("Host", "127.0.0.1:8080"), ("Origin", "http://127.0.0.1:8080"), ("Accept", "text/html"),
                    ("Content-Type", "multipart/form-data; boundary=\(boundary)"), ("Cookie", SignedIn.cookie),
                ]), body: Array(body.utf8)))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Imported todo.txt (todo-txt): 2 added"))
        let tasks = try api.store.read { try $0.list(TodoTask.self) }.map(\.record)
        #expect(tasks.map(\.title) == ["(A) Call the vet +pets @phone", "Feed the hogs"])
        #expect(tasks.map(\.isDone) == [true, false])
    }

    @Test func aCrossSiteUploadIsRefused() throws {
        let api = try APIHarness()
        let response = api.app.respond(
            to: HTTPRequest(
                method: "POST", path: "/api/v1/import", query: ["format": "todo-txt"],
                headers: HTTPHeaders([("Host", "127.0.0.1:8080"), ("Origin", "http://evil.example")]),
                body: Array("Pwned\n".utf8)))
        #expect(response.status == 403)
        #expect(try api.snapshot().isEmpty)
    }
}
