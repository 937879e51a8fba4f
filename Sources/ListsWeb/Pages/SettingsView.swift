import ListsHTTP
import ListsInterchange

/// The Import & Export screen (`/settings`), drawn as the other screens are: a grouped table of downloads, one
/// per format, and the import form as grouped rows (a file picker row, a format row, Import), with the formats
/// it reads said below.
///
/// The form is a plain multipart post that works without JavaScript; app.js sends it with a progress bar
/// (`.upload-progress`), as a large file takes a while to upload.
enum SettingsView {
    /// The screen with `notice` (the result of an import) above it.
    static func page(notice: Notice?, status: Int = 200) -> HTTPResponse {
        let descriptions: [(InterchangeFormat, String)] = [
            (.listsJSON, "Lists backup (all three apps, lossless)"), (.taskwarrior, "Taskwarrior JSON (To-Do)"),
            (.todoTxt, "todo.txt (To-Do)"),
            (.icalendar, "iCalendar .ics (To-Do)"), (.dataTD, "iTahDoodle data.td (To-Do)"),
            (.shoppingCSV, "Shopping CSV (Items)"), (.ebird, "My eBird Data (Bird Sightings)"),
            (.ebirdRecords, "eBird Record Format, for eBird's import (Bird Sightings)"),
        ]
        let downloads = descriptions.map { format, label in
            """
            <li class="row"><a class="row-link" href="/settings/export?format=\(format.rawValue)" download>\
            <span class="row-title">\(HTML.escape(label))</span>\
            <span class="chevron download" aria-hidden="true">↓</span></a></li>
            """
        }
        let options =
            (["<option value=\"\">Detect from the file</option>"]
            + InterchangeFormat.allCases.map { "<option value=\"\($0.rawValue)\">\($0.rawValue)</option>" })
            .joined()
        let content = """
            <h2 class="group-header" id="export-header">Export</h2>
            <ul class="group" aria-labelledby="export-header">
            \(downloads.joined(separator: "\n"))
            </ul>
            <p class="group-footer">Each download is a file of everything in that format.</p>
            <h2 class="group-header" id="import-header">Import</h2>
            <form class="import-form" method="post" action="/settings/import" enctype="multipart/form-data" \
            aria-labelledby="import-header">
            <div class="fields">
            <div class="field file-field"><label for="file">File</label>\
            <input id="file" name="file" type="file" required aria-describedby="import-hint"></div>
            <div class="field select-field"><label for="format">Format</label>\
            <select id="format" name="format">\(options)</select></div>
            </div>
            <div class="upload-progress" hidden><progress max="100" value="0" aria-labelledby="upload-status">\
            </progress><p class="upload-status" id="upload-status" role="status"></p></div>
            <button class="action-row" type="submit">Import</button>
            </form>
            <p class="group-footer" id="import-hint">A Lists backup, Shopping List's items.plist or seed.plist, \
            iTahDoodle's data.td, a Taskwarrior export, an iCalendar file of to-dos (.ics), My eBird Data (MyEBirdData.csv), todo.txt or a shopping CSV, \
            up to 100 MB. All or nothing: one bad record imports nothing.</p>
            """
        return Layout.page(
            title: "Import & Export",
            main: Layout.screen(title: "Import & Export", left: Layout.homeLink, content: content, notice: notice),
            status: status)
    }
}
