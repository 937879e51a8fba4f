import Foundation
import JSONCodec
import ListsHTTP
import ListsInterchange
import ListsModel

/// Data in and out on the web: `GET /api/v1/export?format=F` and `POST /api/v1/import?format=F` (the file
/// as the body), and the Import & Export page (`/settings`) with a download per format and an upload form.
///
/// Both call the same readers and writers as `lists import` and `lists export`.
struct TransferController: Sendable {
    /// The API's routes: the export and the import, whose body may be a file of up to 100 MB.
    var apiRoutes: [APIRoute] {
        let exportable = InterchangeFormat.exportable.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let importable = InterchangeFormat.importable.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return [
            APIRoute(
                method: "GET", path: "/api/v1/export",
                operation: APIOperation(
                    id: "export", tag: "Data",
                    summary:
                        "Everything in one format, as a download: lists-json (the lossless backup of all three apps) or another program's format.",
                    parameters: [
                        #"{"name": "format", "in": "query", "required": false, "schema": {"type": "string", "enum": [\#(exportable)], "default": "lists-json"}}"#
                    ],
                    answer:
                        #"{"description": "The file.", "content": {"application/json": {"schema": {}}, "text/csv": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}, "application/xml": {"schema": {"type": "string"}}}}"#,
                    refusals: [400])
            ) { request, context in
                try Self.download(context.lists, format: Self.exportFormat(request.query["format"]))
            },
            APIRoute(
                method: "POST", path: "/api/v1/import",
                operation: APIOperation(
                    id: "import", tag: "Data",
                    summary:
                        "Adds the records of a file sent as the body, all or nothing; the format is detected unless given. Up to 100 MB.",
                    parameters: [
                        #"{"name": "format", "in": "query", "required": false, "schema": {"type": "string", "enum": [\#(importable)]}}"#,
                        #"{"name": "list", "in": "query", "required": false, "description": "Put the file's shopping items on this named shopping list (made when new) instead of the Shopping List tab: those the file has on its list, or all of a file that marks none. Only for items-plist, seed-plist and shopping-csv.", "schema": {"type": "string", "minLength": 1, "maxLength": 200}}"#,
                    ],
                    body:
                        #"{"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}"#,
                    answer: APIOperation.json("What changed.", schema: "ImportSummary"), refusals: [400, 403, 413, 422]),
                traits: .api.upload
            ) { request, context in
                let format = try Self.importFormat(request.query["format"], bytes: request.body, fileName: "")
                let summary = try Self.importing(
                    request.body, format: format, into: context.lists, list: request.query["list"])
                return .json(bytes: ImportBody(format: format.rawValue, summary: summary).jsonBytes)
            },
        ]
    }

    /// Adds the Import & Export page's routes (a household's pages; the upload's body may be a file of up to
    /// 100 MB).
    func addRoutes(to router: inout Router) {
        router.add("GET", "/settings", .page) { _, _ in Self.settingsPage(notice: nil) }
        router.add("GET", "/settings/export", .page) { request, context in
            try Self.download(context.lists, format: Self.exportFormat(request.query["format"]))
        }
        router.add("POST", "/settings/import", .page.upload) { request, context in
            let lists = try context.lists
            guard request.mediaType == "multipart/form-data", let type = request.headers["Content-Type"] else {
                throw HTTPError.unsupportedMediaType(request.mediaType, expected: "multipart/form-data (a file upload)")
            }
            let form = try Multipart(request.body, contentType: type)
            guard let file = form["file"], !file.body.isEmpty else {
                return Self.settingsPage(notice: Notice(message: "Choose a file to import."), status: 422)
            }
            let bytes = Array(file.body)
            let chosen = form["format"].map { String(decoding: $0.body, as: UTF8.self) }.flatMap {
                $0.isEmpty ? nil : $0
            }
            do {
                let format = try Self.importFormat(chosen, bytes: bytes, fileName: file.fileName ?? "")
                let summary = try Self.importing(bytes, format: format, into: lists)
                let name = file.fileName.map { "\($0) " } ?? ""
                return Self.settingsPage(
                    notice: Notice(message: "Imported \(name)(\(format.rawValue)): \(summary).", kind: .status))
            } catch let error as HTTPError where error.status == 422 {
                return Self.settingsPage(notice: Notice(message: "Nothing was imported: \(error.message)"), status: 422)
            }
        }
    }

    /// `{"format": "taskwarrior", "added": 3, "updated": 0, "unchanged": 0}`.
    struct ImportBody: JSONWritable {
        var format: String
        var added: Int
        var updated: Int
        var unchanged: Int

        init(format: String, summary: ImportSummary) {
            self.format = format
            added = summary.added
            updated = summary.updated
            unchanged = summary.unchanged
        }

        func writeJSON(to output: inout [UInt8]) {
            var object = JSONObjectWriter.open(&output)
            object.raw("added", "\(added)", &output)
            object.string("format", format, &output)
            object.raw("unchanged", "\(unchanged)", &output)
            object.raw("updated", "\(updated)", &output)
            object.close(&output)
        }
    }

    static func exportFormat(_ name: String?) throws -> InterchangeFormat {
        let name = name ?? InterchangeFormat.listsJSON.rawValue
        guard let format = InterchangeFormat(rawValue: name), InterchangeFormat.exportable.contains(format) else {
            throw HTTPError.badRequest(
                "format must be one of \(InterchangeFormat.exportable.map(\.rawValue).joined(separator: ", "))",
                field: "format")
        }
        return format
    }

    static func importFormat(_ name: String?, bytes: [UInt8], fileName: String) throws -> InterchangeFormat {
        if let name {
            guard let format = InterchangeFormat(importing: name) else {
                throw HTTPError.badRequest(
                    "format must be one of \(InterchangeFormat.importable.map(\.rawValue).joined(separator: ", "))",
                    field: "format")
            }
            return format
        }
        guard let format = InterchangeFormat.detect(fileName: fileName, bytes: bytes) else {
            throw HTTPError(
                status: 422, code: "invalid_field", message: "the file's format is not clear; choose it",
                field: "format")
        }
        return format
    }

    /// Reads and applies a file, all or nothing.
    static func importing(
        _ bytes: [UInt8], format: InterchangeFormat, into lists: ListsServices, list: String? = nil
    ) throws -> ImportSummary {
        do {
            return try format.importing(bytes, into: lists.store, now: lists.clock(), list: list)
        } catch let error as ImportError {
            throw HTTPError(status: 422, code: "invalid_file", message: error.description, field: error.field)
        }
    }

    /// The export as a download named after the format.
    static func download(_ lists: ListsServices, format: InterchangeFormat) throws -> HTTPResponse {
        var body: [UInt8] = []
        try format.export(lists.store) { body += $0 }
        let (type, name): (String, String) =
            switch format {
            case .listsJSON: ("application/json", "lists-backup.json")
            case .taskwarrior: ("application/json", "taskwarrior.json")
            case .dataTD: ("application/xml", "data.td")
            case .todoTxt: ("text/plain; charset=utf-8", "todo.txt")
            case .icalendar: ("text/calendar; charset=utf-8", "todos.ics")
            case .shoppingCSV: ("text/csv; charset=utf-8", "shopping.csv")
            case .ebird: ("text/csv; charset=utf-8", "MyEBirdData.csv")
            case .ebirdRecords: ("text/csv; charset=utf-8", "ebird-records.csv")
            case .itemsPlist, .seedPlist: ("application/octet-stream", "lists.bin")
            }
        return HTTPResponse(
            status: 200,
            headers: HTTPHeaders([("Content-Type", type), ("Content-Disposition", "attachment; filename=\"\(name)\"")]),
            body: body)
    }

    /// The Import & Export screen (see ``SettingsView``).
    static func settingsPage(notice: Notice?, status: Int = 200) -> HTTPResponse {
        SettingsView.page(notice: notice, status: status)
    }
}
