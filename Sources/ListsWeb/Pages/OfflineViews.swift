import Foundation
import JSONCodec
import ListsModel

/// What lets app.js draw the lists with no network (see `Assets/Files/app/20-offline-queue.js`), as the server
/// would have drawn them:
///
/// - every row says which record it shows: `data-id`, and `data-record`, the record's own JSON as the API writes
///   it (its fast path), from which app.js redraws rows and opens sheets, and takes the values a change made
///   offline starts from;
/// - every form that adds or edits a record carries the rules app.js reads it by (``RecordForm``, `data-schema`);
/// - every list screen carries, in `<template>`s after it, its rows and the sheets and screens that open from it,
///   drawn by the same functions as the real ones from placeholder values: `{{name}}` for a text, the id
///   ``placeholderID`` for a record's id. A row template says the record kind it draws (`data-row`), and, where
///   the row's look depends on a flag, which value it draws (`data-when`). A page template says the address it stands for
///   (`data-page`, with `{id}` for the record's id); its form's fields are left empty, for app.js fills them from
///   the record through the form's rules. Two more draw the screen's list as it is with rows (the list
///   and its footer: `data-group="rows"`) and with none (what the empty list says: `data-group="empty"`), by the
///   screen's own function, so that a list emptied or filled offline reads as it does online.
enum OfflineViews {
    /// The id a template is drawn with, which app.js replaces with the record's.
    static let placeholderID = UUID(
        uuid: (0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF))

    /// A price no real item has (above the largest allowed), which a template's text turns into `{{price}}`.
    private static let placeholderPrice = Money(minorUnits: 98_765_432_10)

    /// An instant a template draws, whose `<time>` element becomes the placeholders of a date.
    private static let placeholderDate = Date(timeIntervalSince1970: 0)

    /// The data attributes of a row showing `record`: its id, and its JSON as the API writes it (the record's
    /// fast path: a list page draws 500 rows), in single quotes, so that the JSON's own quotes need no escaping;
    /// in a template (the placeholder id), the placeholder of the record.
    static func attributes<R: Record>(_ record: R) -> String {
        let id = record.id.uuidString
        guard record.id != placeholderID else { return " data-id=\"\(id)\" data-record=\"{{record}}\"" }
        var json: [UInt8] = []
        json.reserveCapacity(256)
        record.writeJSON(to: &json)
        return quoted(id, json)
    }

    /// ` data-id="…" data-record='…'` of the record `id` whose JSON is `json`.
    private static func quoted(_ id: String, _ json: [UInt8]) -> String {
        var attribute = Array(" data-id=\"\(id)\" data-record='".utf8)
        attribute.reserveCapacity(attribute.count + json.count + 16)
        for byte in json {
            switch byte {
            case UInt8(ascii: "&"): attribute += Array("&amp;".utf8)
            case UInt8(ascii: "'"): attribute += Array("&#39;".utf8)
            case UInt8(ascii: "<"): attribute += Array("&lt;".utf8)
            case UInt8(ascii: ">"): attribute += Array("&gt;".utf8)
            default: attribute.append(byte)
            }
        }
        attribute.append(UInt8(ascii: "'"))
        return String(decoding: attribute, as: UTF8.self)
    }

    /// The data attributes of a store list's row: its entry's id, and its entry's JSON as the API writes it with
    /// the item's `name`, `price` and `category` added (what the row draws, and the section it goes in), so that a
    /// row drawn offline shows its item as the server does.
    static func attributes(_ row: ShoppingLists.Row) -> String {
        let entry = row.entry.record
        guard entry.id != placeholderID else { return attributes(entry) }
        return quoted(entry.id.uuidString, rowJSON(row))
    }

    /// A store list row's record: its entry's JSON as the API writes it with the item's `name`, `price` and
    /// `category` added (what a row's `data-record` holds, and what a live change of the entry carries).
    static func rowJSON(_ row: ShoppingLists.Row) -> [UInt8] {
        var json = row.entry.record.jsonBytes
        json.removeLast()
        json += Array(#","category":"#.utf8)
        if let category = row.item?.category {
            JSONValue.writeString(category, to: &json)
        } else {
            json += Array("null".utf8)
        }
        json += Array(#","name":"#.utf8)
        JSONValue.writeString(row.item?.name ?? "(deleted item)", to: &json)
        json += Array(#","price":\#(row.item?.price.description ?? "null")}"#.utf8)
        return json
    }

    // MARK: Templates

    /// A template element holding `html`, with `attributes` (markup).
    private static func template(_ attributes: String, _ html: String) -> String {
        "<template \(attributes)>\(html)</template>\n"
    }

    /// `html` drawn with the placeholders' stand-ins, their stand-ins replaced by the placeholders themselves.
    private static func placeholders(_ html: String, _ viewer: Viewer) -> String {
        pricePlaceholder(html)
            .replacingOccurrences(
                of: viewer.timeElement(placeholderDate),
                with: "<time datetime=\"{{date}}\" lang=\"\(HTML.escape(viewer.languageTag))\">{{dateText}}</time>")
    }

    /// `html` drawn with the placeholder price, which becomes `{{price}}`.
    private static func pricePlaceholder(_ html: String) -> String {
        html.replacingOccurrences(of: placeholderPrice.description, with: "{{price}}")
    }

    private static let placeholderMeta = RecordMeta(id: placeholderID, createdAt: placeholderDate)

    /// The two states of a screen's list, drawn by `group` (the screen's function from rows' markup to the list):
    /// with rows (an empty row, which app.js leaves out) and with none.
    private static func groupStates(_ group: ([String]) -> String) -> String {
        template("data-group=\"rows\"", group([""])) + template("data-group=\"empty\"", group([]))
    }

    /// The Items tab's templates: its rows (with the checkmark and without; in delete mode both alike; naming the
    /// list their checkmarks are for, `marks`, so that app.js draws that list's changes of entries on them), and the
    /// add sheet, the edit sheet and the action sheet of a delete.
    static func shopping(
        _ viewer: Viewer, _ pager: ListPager, categories: [ItemCategory], marks: NamedList?,
        group: ([String]) -> String, row: (ShoppingItem) -> String
    ) -> String {
        let item = { (isOn: Bool) in
            ShoppingItem(meta: placeholderMeta, name: "{{name}}", price: placeholderPrice, isOnShoppingList: isOn)
        }
        let flag = ShoppingItem.Fields.isOnShoppingList.key
        var rows = ""
        for isOn in [true, false] {
            rows += template(
                "data-row=\"item\" data-when=\"\(flag):\(isOn)\""
                    + (marks.map { " data-marks=\"\($0.id.uuidString)\"" } ?? ""),
                placeholders(row(item(isOn)), viewer))
        }
        let choice = pager.choice
        let sheets =
            template(
                "data-page=\"/shopping/new\"",
                Layout.sheet(over: "", ShoppingViews.addForm(FormState(), viewer, choice, categories: categories)))
            + template(
                "data-page=\"/shopping/items/{id}/edit\"",
                Layout.sheet(
                    over: "", ShoppingViews.editForm(item(false), FormState(), viewer, pager, categories: categories)))
            + template(
                "data-page=\"/shopping/items/{id}/delete\"",
                ShoppingViews.deleteSheet(item(false), over: "", fromDeleteMode: false, choice))
        return "<div class=\"offline-templates\" hidden>\n\(rows)\(groupStates(group))\(sheets)</div>"
    }

    /// A store list's templates: an entry's row, to buy and bought (its list named, so that app.js draws only this
    /// list's changes on it), the list's two states, and the entry's sheet (`sheet` of an entry).
    static func entries(
        _ list: NamedList, group: ([String]) -> String, row: (ShoppingLists.Row) -> String,
        sheet: (ListEntry) -> String
    ) -> String {
        let entry = { (isChecked: Bool) in
            ListEntry(
                meta: placeholderMeta, item: placeholderID, list: list.id, quantity: "{{quantity}}", note: "{{note}}",
                checkedAt: isChecked ? placeholderDate : nil)
        }
        let item = ShoppingItem(meta: placeholderMeta, name: "{{name}}", price: placeholderPrice)
        let key = ListEntry.Fields.checkedAt.key
        let rows = [false, true].map { isChecked in
            template(
                "data-row=\"entry\" data-list=\"\(list.id.uuidString)\" data-when=\"\(key):\(isChecked ? "any" : "null")\"",
                pricePlaceholder(
                    row(ShoppingLists.Row(entry: Numbered(number: 0, record: entry(isChecked)), item: item))))
        }
        let page = template(
            "data-page=\"/lists/\(list.id.uuidString)/entries/{id}/edit\"", Layout.sheet(over: "", sheet(entry(false))))
        return "<div class=\"offline-templates\" hidden>\n\(rows.joined())\(groupStates(group))\(page)</div>"
    }

    /// To-Do's templates: a task's row, done and not, the list's two states, and the edit sheet (`editForm` of a
    /// task).
    static func todo(
        _ choice: ListPager.Choice, list: TaskList?, group: ([String]) -> String, row: (TodoTask) -> String,
        editForm: (TodoTask) -> String
    ) -> String {
        let task = { (isDone: Bool) in TodoTask(meta: placeholderMeta, title: "{{title}}", isDone: isDone) }
        // The list the screen shows (`data-tasks-of`): a change of a task of another list is not drawn there.
        let of = list.map { " data-tasks-of=\"\($0.id.uuidString)\"" } ?? ""
        let rows = [true, false].map { isDone in
            template(
                "data-row=\"task\" data-when=\"\(TodoTask.Fields.isDone.key):\(isDone)\"\(of)", row(task(isDone)))
        }
        let sheet = template(
            "data-page=\"/todo/tasks/{id}/edit\"", Layout.sheet(over: "", editForm(task(false))))
        return "<div class=\"offline-templates\" hidden>\n\(rows.joined())\(groupStates(group))\(sheet)</div>"
    }

    /// Bird Sightings' templates: the row, the list's two states, the add sheet, the detail screen, the edit sheet
    /// and the action sheet of a delete.
    static func birds(
        _ viewer: Viewer, _ pager: ListPager, group: ([String]) -> String, row: (BirdSighting) -> String
    ) -> String {
        let sighting = BirdSighting(
            meta: placeholderMeta, name: "{{name}}", location: "{{location}}", date: placeholderDate)
        let choice = pager.choice
        let html =
            template("data-row=\"sighting\"", placeholders(row(sighting), viewer)) + groupStates(group)
            + template(
                "data-page=\"/birds/new\"", Layout.sheet(over: "", BirdViews.addForm(FormState(), viewer, choice)))
            + template(
                "data-page=\"/birds/{id}\"", placeholders(BirdViews.detailScreen(sighting, viewer, choice), viewer))
            + template(
                "data-page=\"/birds/{id}/edit\"",
                Layout.sheet(over: "", BirdViews.editForm(sighting, FormState(), viewer, choice)))
            + template("data-page=\"/birds/{id}/delete\"", BirdViews.deleteSheet(sighting, over: "", choice))
        return "<div class=\"offline-templates\" hidden>\n\(html)</div>"
    }
}
