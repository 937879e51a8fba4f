import Foundation
import ListsModel

/// The Shopping List app's screens as HTML: the tutorial's `MTListViewController` (Items),
/// `MTAddItemViewController` and `MTEditItemViewController` (the sheets) and `MTShoppingListViewController`.
enum ShoppingViews {
    /// A price as shown: `$1.99`.
    static func price(_ money: Money) -> String {
        "$\(money.description)"
    }

    /// The fields of the add and edit sheets, in the order they show them (``fields(_:_:)`` draws them).
    static let sheetForm = RecordForm<ShoppingItem>(
        .init(ShoppingItem.Fields.name), .init(ShoppingItem.Fields.price), .init(ShoppingItem.Fields.category))

    /// The sheet's fields filled from a stored item, the price written as `viewer` writes decimals.
    static func formState(_ item: ShoppingItem, _ viewer: Viewer) -> FormState {
        sheetForm.state(item, viewer)
    }

    /// The Items tab: "+" on the left, Edit (or Done in delete mode) on the right; each row shows the name, the
    /// price and a checkmark when the item is to buy on `list` (the Shopping List tab's).
    ///
    /// A row is a button that toggles the checkmark (`aria-pressed` tells screen readers its state); the ⓘ
    /// button opens the edit sheet. In delete mode each row has a red Delete button instead. A long catalog
    /// shows the page `pager` names, and every form and link on it comes back to that page.
    static func itemsScreen(
        _ items: [Numbered<ShoppingItem>], isEditing: Bool, _ pager: ListPager, list: NamedList?,
        notice: Notice? = nil, undo: String = ""
    ) -> String {
        let rows = items.map { isEditing ? deleteRow($0.record, pager) : row($0.record, pager, list: list) }
        let left =
            Layout.homeLink
            + Layout.barLink("+", href: pager.address("/shopping/new"), label: "Add Item", className: "symbol")
        let right =
            isEditing
            ? Layout.barLink("Done", href: pager.address("/shopping"), className: "strong")
            : Layout.barLink("Edit", href: pager.address("/shopping", keeping: "edit=1"))
        let navigation = pager.navigation("/shopping", noun: "items", keeping: isEditing ? "edit=1" : nil)
        // The form that asks before a delete, in an empty catalog too: a row drawn there offline or from another
        // phone's change asks with it.
        let template =
            isEditing
            ? Layout.rowConfirmTemplate(
                fields: "<input type=\"hidden\" name=\"from\" value=\"edit\">", hasCancel: false)
            : ""
        return Layout.screen(
            title: "Items", left: left, right: right,
            content: template + navigation
                + itemsGroup(rows, isEditing: isEditing, list: list) + navigation,
            tabs: Layout.shoppingTabs(current: .items), notice: notice, undo: undo)
    }

    /// The Items tab's list of `rows` (markup), in delete mode when `isEditing`, or what it says with none; its
    /// checkmarks are for `list`, the Shopping List tab's.
    static func itemsGroup(_ rows: [String], isEditing: Bool, list: NamedList?) -> String {
        let footer =
            rows.isEmpty
            ? nil
            : isEditing
                ? "To delete an item, tap the red button beside it, then Delete: it leaves the catalog and every "
                    + "list."
                : "Tap an item to put it on \(listName(list)) or take it off; the (i) button edits it."
        return Layout.group(rows, empty: "No items yet. Tap + to add one.", label: "Items", footer: footer)
    }

    /// The Undo bar of a deleted `item`, on the Items tab's page `pager` shows (in delete mode when `isEditing`,
    /// to which the undo returns).
    static func undoDeleteBar(_ item: ShoppingItem, isEditing: Bool, _ pager: ListPager) -> String {
        Layout.undoBar(
            message: "Deleted “\(item.name)”.", action: pager.address("/shopping/items/\(item.id.uuidString)/restore"),
            fields: isEditing ? "<input type=\"hidden\" name=\"from\" value=\"edit\">" : "",
            announce: "Put back \(item.name).")
    }

    /// The Shopping List tab of a household with no list: empty, as the tutorial's was before an item was put on it.
    static func noListScreen() -> String {
        Layout.screen(
            title: "Shopping List", left: Layout.homeLink,
            content: Layout.group(
                [], empty: "Nothing to buy. Tap items in the Items tab to put them on the shopping list.",
                label: "Shopping list")
                + "<p class=\"group-footer\"><a href=\"/lists\">Store lists</a>: make a list for each shop.</p>",
            tabs: Layout.shoppingTabs(current: .shoppingList))
    }

    /// How the Items tab names `list`, the list its checkmarks are for: “Shopping”, or "the shopping list" when the
    /// household has no list yet (the first checkmark makes one).
    static func listName(_ list: NamedList?) -> String {
        list.map { "“\($0.name)”" } ?? "the shopping list"
    }

    /// A row of the Items tab: the toggle, whose checkmark says whether the item is to buy on `list` (the item's
    /// ``ListsModel/ShoppingItem/isOnShoppingList`` as the page set it), and the ⓘ button.
    static func row(_ item: ShoppingItem, _ pager: ListPager, list: NamedList?) -> String {
        let id = item.id.uuidString
        let isOn = item.isOnShoppingList
        let toggle = pager.address(
            list.map { "/lists/\($0.id.uuidString)/items/\(id)/toggle" } ?? "/shopping/items/\(id)/toggle")
        let edit = pager.address("/shopping/items/\(id)/edit")
        return """
            <li class="row\(isOn ? " checked" : "")"\(OfflineViews.attributes(item))>
            <form class="row-form" method="post" action="\(toggle)" \
            data-announce="\(HTML.escape(item.name)) \(isOn ? "taken off" : "put on") \(HTML.escape(listName(list))).">\
            \(Layout.versionField(item.meta.version))\
            <button class="row-button" type="submit" aria-pressed="\(isOn)">\
            <span class="check" aria-hidden="true">\(isOn ? "✓" : "")</span>\
            <span class="row-title">\(HTML.escape(item.name))</span>\
            <span class="row-detail">\(price(item.price))</span></button></form>
            <a class="info-button" href="\(edit)" aria-label="Edit \(HTML.escape(item.name))">\
            <span class="info-glyph" aria-hidden="true">i</span></a>
            </li>
            """
    }

    /// A row in delete mode: the red minus, then the name and price. The minus opens the page that asks; app.js
    /// shows Delete at the row's end instead (as iOS does), from the screen's
    /// ``Layout/rowConfirmTemplate(fields:hasCancel:)``.
    static func deleteRow(_ item: ShoppingItem, _ pager: ListPager) -> String {
        let minus = Layout.deleteReveal(
            href: pager.address("/shopping/items/\(item.id.uuidString)/delete", keeping: "edit=1"),
            version: item.meta.version, label: "Delete \(item.name)", className: "minus-button",
            content: "<span class=\"minus\" aria-hidden=\"true\"></span>")
        return """
            <li class="row editing"\(OfflineViews.attributes(item))>
            \(minus)
            <span class="row-title">\(HTML.escape(item.name))</span>
            <span class="row-detail">\(price(item.price))</span>
            </li>
            """
    }

    /// The action sheet that asks before `item` is deleted, over the Items tab at `choice` (in delete mode when
    /// it was opened from there, else the edit sheet's screen, to which Cancel returns).
    static func deleteSheet(
        _ item: ShoppingItem, over background: String, fromDeleteMode: Bool, _ choice: ListPager.Choice
    ) -> String {
        let id = item.id.uuidString
        let cancel =
            fromDeleteMode
            ? ListPager.address("/shopping", choice, keeping: "edit=1")
            : ListPager.address("/shopping/items/\(id)/edit", choice)
        let confirm = """
            <form method="post" action="\(ListPager.address("/shopping/items/\(id)/delete", choice))" \
            data-announce="Deleted \(HTML.escape(item.name)).">\
            \(Layout.versionField(item.meta.version))\
            \(fromDeleteMode ? "<input type=\"hidden\" name=\"from\" value=\"edit\">" : "")\
            \(Layout.destructiveButton("Delete Item", label: "Delete \(item.name)"))</form>
            """
        return Layout.actionSheet(
            over: background, title: "Delete “\(item.name)”?",
            message: "It leaves the catalog and every list.", confirm: confirm, cancel: cancel)
    }

    /// The add sheet: Name, Price; Cancel / Save. Cancel returns to the catalog's page `choice` names.
    static func addForm(
        _ state: FormState, _ viewer: Viewer, _ choice: ListPager.Choice, categories: [ItemCategory]
    ) -> String {
        let rules = sheetForm.rulesAttribute(viewer)
        return """
            <form class="sheet-form" method="post" action="\(ListPager.address("/shopping/new", choice))"\(rules) \
            data-announce="Added {name}." autocomplete="off">\
            \(Layout.chosenIDField(state))
            \(Layout.navigationBar(
            title: "Add Item", left: Layout.cancelLink(href: ListPager.address("/shopping", choice)),
            right: Layout.barSubmit("Save"), titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(fields(state, viewer, categories: categories, isNew: true))
            </div>
            </form>
            """
    }

    /// The edit sheet: Name, Price; Cancel / Save, and Delete Item below, which asks first (see
    /// ``deleteSheet(_:over:fromDeleteMode:_:)``); each returns to the catalog's page `pager` names.
    static func editForm(
        _ item: ShoppingItem, _ state: FormState, _ viewer: Viewer, _ pager: ListPager, categories: [ItemCategory]
    ) -> String {
        let id = item.id.uuidString
        let rules = sheetForm.rulesAttribute(viewer)
        return """
            <form class="sheet-form" method="post" action="\(pager.address("/shopping/items/\(id)/edit"))"\(rules) \
            data-announce="Saved {name}.">
            \(Layout.navigationBar(
                title: "Edit Item", left: Layout.cancelLink(href: pager.address("/shopping")),
                right: Layout.barSubmit("Save"), titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(Layout.versionField(item.meta.version))\
            \(fields(state, viewer, categories: categories, isNew: false))
            </div>
            </form>
            <p class="sheet-actions"><a class="destructive" href="\(pager.address("/shopping/items/\(id)/delete"))">\
            Delete Item</a></p>
            """
    }

    /// The sheets' fields (``sheetForm``), the price as `viewer` writes decimals, and the category among
    /// `categories` (a new item left without one gets the one suggested for its name).
    private static func fields(_ state: FormState, _ viewer: Viewer, categories: [ItemCategory], isNew: Bool)
        -> String
    {
        let state = state.focusing("name")
        let price = { ShoppingItem.Fields.price.text($0, viewer.conventions()) }
        let none = isNew ? "Suggest from the name" : "None"
        let options = [("", none)] + categories.map { ($0.id.uuidString, $0.name) }
        return "<div class=\"fields\">\n"
            + state.field("name", label: "Name", isRequired: true, attributes: "autocomplete=\"off\"")
            + "\n"
            + state.field(
                "price", label: "Price", placeholder: price(.zero),
                hint: "In dollars, like \(price(Money(minorUnits: 199))). Empty means 0.",
                attributes: "inputmode=\"decimal\" autocomplete=\"off\"")
            + "\n"
            + state.select(
                "category", label: "Aisle", options: options.map { (value: $0.0, text: $0.1) },
                hint: "The section of the store it is in: store lists are walked by it.")
            + "\n</div>"
    }
}
