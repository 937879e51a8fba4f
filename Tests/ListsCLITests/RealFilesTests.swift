import Foundation
import ListsModel
import Testing

/// A fixture file of `Tests/ListsInterchangeTests/Fixtures/`.
private func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ListsInterchangeTests/Fixtures/\(name)").path
}

@Suite("lists import of files as other programs write them, end to end")
struct RealFilesTests {
    @Test func binaryDataTDAndSeedListAreImportedAsWhatTheyHold() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["--no-seed", "import", fixture("data-binary.td")],
            prints: "Imported data-binary.td (data-td): 4 added, 0 updated, 0 already there.\n")
        try sandbox.expect(
            ["import", fixture("seed-binary.plist")],
            prints: "Imported seed-binary.plist (seed-plist): 5 added, 0 updated, 0 already there.\n")
        try sandbox.expect(
            ["todo", "list"],
            prints: """
                1    Walk the dogs
                2    Feed the hogs
                3    Chop the logs
                4    Café <au lait> & "croissants"

                """)
        try sandbox.expect(
            ["shop", "list"],
            prints: """
                1    Pear     0.62
                2    Notepad  2.53
                3    Pencil   0.35
                4    Bread    3.12
                5    Mango    1.25

                """)
    }

    @Test func aRealEBirdDownloadImportsEverySighting() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["--no-seed", "import", fixture("MyEBirdData.csv")],
            prints: "Imported MyEBirdData.csv (ebird): 7 added, 0 updated, 0 already there.\n")
        try sandbox.expect(
            ["birds", "list"],
            prints: """
                1  Mésange charbonnière  May 14, 2023
                2  Rougegorge familier   May 14, 2023
                3  Pic épeiche           May 14, 2023
                4  Héron cendré          Jun 2, 2023
                5  Grand Cormoran        Jun 2, 2023
                6  Bernache du Canada    Oct 21, 2023
                7  Canard colvert        Oct 21, 2023

                """)
        try sandbox.expect(
            ["import", fixture("MyEBirdData.csv")],
            prints: "Imported MyEBirdData.csv (ebird): 0 added, 0 updated, 7 already there.\n")
    }

    @Test func aTodoTxtFromWindowsImportsWholeAndExportsEveryLineAsItWas() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try sandbox.expect(
            ["--no-seed", "import", fixture("todo-windows.txt")],
            prints: "Imported todo-windows.txt (todo-txt): 25 added, 0 updated, 0 already there.\n")
        let original = try #require(sandbox.bytes(fixture("todo-windows.txt")))
        let expected =
            String(decoding: original.dropFirst(3), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n") + "\n"
        try sandbox.expect(["export", "--format", "todo-txt"], prints: expected)
    }

    @Test func aTaskwarriorExportWithATabDeletedTasksAndARecurringTaskListsEachOpenTaskOnce() throws {
        // A template and its instance: one repeating task.
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let file = sandbox.path("tasks.json")
        let export = """
            [
            {"description":"Pay rent","entry":"20261101T000000Z","mask":"-","recur":"monthly","status":"recurring",\
            "uuid":"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80"},
            {"description":"Pay rent","entry":"20261201T000000Z","imask":1,"modified":"20261130T090000Z",\
            "parent":"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80","recur":"monthly","status":"pending",\
            "uuid":"6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b91"},
            {"description":"Old idea","entry":"20261101T000000Z","status":"deleted",\
            "uuid":"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c03"},
            {"description":"Buy\\tmilk","entry":"20261120T081500Z","modified":"20261120T081500Z","status":"pending",\
            "uuid":"3f2c1a4e-5b6d-4e7f-8a9b-0c1d2e3f4a01"}
            ]
            """
        try Data(export.utf8).write(to: URL(fileURLWithPath: file))
        try sandbox.expect(
            ["--no-seed", "import", file],
            prints: "Imported tasks.json (taskwarrior): 2 added, 0 updated, 0 already there.\n")
        // The template and its instance are one repeating task; with no due date in the file, it starts today.
        let today = String(ListsFormat.isoTimestamp(Date()).prefix(10))
        let listed = try sandbox.succeed(["todo", "list"])
        #expect(listed == "1    Buy milk\n2    Pay rent  \(today)  every month\n")
        let written = try sandbox.succeed(["export", "--format", "taskwarrior"])
        #expect(written.contains("\"description\":\"Buy\\tmilk\""), "\(written)")
        // Written back as a template alone, with the template's uuid and dates, for `task` to make instances of.
        #expect(written.contains("\"entry\":\"20261101T000000Z\""), "\(written)")
        #expect(written.contains("\"recur\":\"monthly\"") && written.contains("\"status\":\"recurring\""), "\(written)")
        #expect(written.contains("5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a80") && !written.contains("6f7a8b9c-0d1e"))
        #expect(!written.contains("Old idea") && !written.contains("\"mask\""), "\(written)")
    }
}
