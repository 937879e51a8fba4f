import Foundation
import ListsHTTP

/// The frame every page shares, drawn after the tutorials' iPhone screens: a navigation bar with a centred
/// title and bar buttons on either side, grouped table rows, a tab bar at the bottom, sheets that slide up over
/// the screen they were opened from.
///
/// Each function returns HTML text; callers pass user text through ``HTML/escape(_:)`` before it reaches here,
/// and every parameter named `title`, `label` or `text` below is escaped here, so plain text is what they take.
/// Parameters that take markup say so (`content`, `left`, `right`).
enum Layout {
    /// The household's revision the page being drawn shows at least, read before it is drawn; set round a
    /// household's page handler (`ListsWebApp`), `nil` elsewhere.
    @TaskLocal static var revision: Int64?

    /// A whole page: the `<head>` with the stylesheet and the script (no inline styles or scripts: the CSP
    /// forbids them), and `main` as the `<main>` element's content, which app.js swaps on navigation. After the
    /// `<main>`, so that swaps keep it, a live region where app.js says what a tap did (a form's
    /// `data-announce`: "Added Milk.") for screen readers. A page that is not `isLive` is not redrawn when the
    /// lists change elsewhere (a screen of the account, which shows no list), though app.js still notices when its
    /// session ends.
    ///
    /// A live page of a household says on its `<main>` the revision it shows at least (``revision``), from which
    /// app.js follows the lists: a page opened from the service worker's kept copy, with no network, is as old as
    /// that copy, and is drawn again once the server says it is ahead.
    static func page(title: String, main: String, status: Int = 200, isLive: Bool = true) -> HTTPResponse {
        let mark = isLive ? revision.map { " data-revision=\"\($0)\"" } ?? "" : " data-live=\"off\""
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <title>\(HTML.escape(title)) · Lists</title>
            <link rel="stylesheet" href="\(Assets.styleSheet.url)">
            <link rel="icon" href="\(Assets.icon.url)" type="image/svg+xml">
            <link rel="manifest" href="\(Assets.manifest.url)">
            <link rel="apple-touch-icon" href="\(Assets.icon192.url)">
            <meta name="theme-color" content="\(Assets.themeColour)">
            <script src="\(Assets.script.url)" defer></script>
            </head>
            <body>
            <main id="main"\(mark)>
            \(main)
            </main>
            <div class="visually-hidden" id="announcer" role="status" aria-live="polite" aria-atomic="true"></div>
            </body>
            </html>
            """
        return .html(html, status: status)
    }

    /// One screen: a navigation bar (`left` and `right` are markup for the bar buttons), then `content`, then
    /// an optional tab bar (markup). `notice` is a message shown above the content; `undo` is an Undo bar
    /// (``undoBar(message:action:fields:announce:)``), markup, which comes right after the navigation bar so that
    /// keyboards and screen readers reach it at once, and shows at the bottom of the screen.
    static func screen(
        title: String, left: String = "", right: String = "", content: String, tabs: String = "",
        notice: Notice? = nil, undo: String = ""
    ) -> String {
        let classes = "screen" + (tabs.isEmpty ? "" : " has-tabs") + (undo.isEmpty ? "" : " has-undo")
        return """
            <div class="\(classes)">
            \(navigationBar(title: title, left: left, right: right))
            \(undo)<div class="content">
            \(notice?.html ?? "")\(content)
            </div>
            \(tabs)
            </div>
            """
    }

    /// The bar that offers to undo what a tap just did, as iOS apps show one at the bottom of the screen:
    /// `message` says what was done ("Deleted “Milk”."), and its Undo is a form posting to `action` with `fields`
    /// (markup, hidden inputs); `announce` is what app.js says once the undo is done. A polite status region, so a
    /// screen reader says it without interrupting. Without JavaScript it stays until the next screen; app.js takes
    /// it away after a few seconds, later while it has focus or the pointer (see Assets/Files/app/80-undo-bar.js).
    static func undoBar(message: String, action: String, fields: String = "", announce: String) -> String {
        "<div class=\"undo-bar\" role=\"status\" aria-live=\"polite\"><p class=\"undo-message\">"
            + "\(HTML.escape(message))</p><form class=\"undo-form\" method=\"post\" action=\"\(HTML.escape(action))\" "
            + "data-announce=\"\(HTML.escape(announce))\">\(fields)"
            + "<button class=\"undo-button\" type=\"submit\">Undo</button></form></div>\n"
    }

    /// The hidden field of an add form that carries the id the new record is to have, chosen when the form is
    /// first drawn and kept when a refused form is drawn again (`state`'s `id`), so that the same form sent twice
    /// (a double click on Save without JavaScript) adds one record (``ListsModel/RecordList/add(_:numbered:id:)``).
    /// The form says `autocomplete="off"`, so that a browser going Back does not fill an old form's id into a new
    /// one.
    static func chosenIDField(_ state: FormState) -> String {
        let id = state.values["id"].flatMap(UUID.init(text:)) ?? UUID.random()
        return "<input type=\"hidden\" name=\"id\" value=\"\(id.uuidString)\">"
    }

    /// A navigation bar: `left` and `right` are markup, the title is centred and is the page's heading.
    static func navigationBar(title: String, left: String, right: String, titleID: String? = nil) -> String {
        let id = titleID.map { " id=\"\($0)\"" } ?? ""
        return """
            <header class="navbar">
            <div class="bar-left">\(left)</div>
            <h1 class="bar-title"\(id)>\(HTML.escape(title))</h1>
            <div class="bar-right">\(right)</div>
            </header>
            """
    }

    /// A sheet over `background` (a ``screen(title:left:right:content:tabs:notice:)`` that stays visible behind
    /// it, dimmed and out of reach of keyboard and screen reader), holding `sheet` (markup: a form whose first
    /// child is a navigation bar with the title id `sheet-title`).
    static func sheet(over background: String, _ sheet: String) -> String {
        """
        <div class="behind" inert aria-hidden="true">
        \(background)
        </div>
        <div class="sheet-backdrop"></div>
        <section class="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title">
        \(sheet)
        </section>
        """
    }

    /// An action sheet over `background` that asks before a delete, as iOS asks before it deletes: `title` and
    /// `message` say what goes, `confirm` is the form that deletes (markup: a ``destructiveButton(_:label:)`` and
    /// its hidden fields), and Cancel leads to `cancel`. The question has focus when the sheet opens, without
    /// JavaScript too, so that a screen reader reads it first and no key press deletes. The
    /// delete is then two deliberate taps, a good way apart on the screen: without JavaScript this is the page
    /// the first tap opens; with it, rows ask in place instead (see Assets/Files/app/80-undo-bar.js).
    static func actionSheet(
        over background: String, title: String, message: String, confirm: String, cancel: String
    ) -> String {
        """
        <div class="behind" inert aria-hidden="true">
        \(background)
        </div>
        <div class="sheet-backdrop"></div>
        <section class="sheet action-sheet" role="alertdialog" aria-modal="true" aria-labelledby="sheet-title" \
        aria-describedby="sheet-message">
        <div class="action-group">
        <h1 class="action-title" id="sheet-title" tabindex="-1" autofocus>\(HTML.escape(title))</h1>
        <p class="action-message" id="sheet-message">\(HTML.escape(message))</p>
        \(confirm)
        </div>
        <a class="action-button cancel" href="\(HTML.escape(cancel))" data-cancel>Cancel</a>
        </section>
        """
    }

    /// The red button that deletes, in an action sheet or a row asking in place: `text` shows, `label` (which
    /// starts with `text`) names what it deletes for screen readers.
    static func destructiveButton(_ text: String, label: String) -> String {
        "<button class=\"action-button destructive\" type=\"submit\" aria-label=\"\(HTML.escape(label))\">"
            + "\(HTML.escape(text))</button>"
    }

    /// The first tap of a row's delete: a link to the action sheet that asks
    /// (``actionSheet(over:title:message:confirm:cancel:)``), which app.js turns into a button that asks in the
    /// row instead, from ``rowConfirmTemplate(fields:hasCancel:)``: that form posts to the same address with the
    /// record's `version`. `label` names it ("Delete Pear…": the
    /// ellipsis says that it asks); the Delete it shows is named the same without the ellipsis. `content` is
    /// markup.
    static func deleteReveal(href: String, version: Int, label: String, className: String, content: String) -> String {
        "<a class=\"\(className) delete-reveal\" href=\"\(HTML.escape(href))\" data-version=\"\(version)\" "
            + "aria-label=\"\(HTML.escape(label))…\">\(content)</a>"
    }

    /// The form that app.js puts in a row to ask before a delete, once per screen rather than once per row:
    /// `fields` (markup, hidden inputs) beside the version it fills in, the red Delete and, when `hasCancel`, a
    /// Cancel where the first tap was.
    static func rowConfirmTemplate(fields: String = "", hasCancel: Bool) -> String {
        "<template id=\"row-confirm\"><form class=\"row-confirm\" method=\"post\" data-announce=\"Deleted {item}.\">"
            + "<input type=\"hidden\" name=\"version\">\(fields)"
            + "<button class=\"action-button destructive\" type=\"submit\">Delete</button>"
            + (hasCancel ? "<button class=\"cancel-button\" type=\"button\" data-cancel-row>Cancel</button>" : "")
            + "</form></template>\n"
    }

    /// A bar button that is a link; `label` is the accessible name when the visible `text` is a symbol.
    static func barLink(_ text: String, href: String, label: String? = nil, className: String = "") -> String {
        let aria = label.map { " aria-label=\"\(HTML.escape($0))\"" } ?? ""
        let classes = className.isEmpty ? "bar-button" : "bar-button \(className)"
        return "<a class=\"\(classes)\" href=\"\(HTML.escape(href))\"\(aria)>\(HTML.escape(text))</a>"
    }

    /// A sheet's Cancel: a bar button that Escape and a tap beside the sheet also press (`data-cancel`).
    static func cancelLink(href: String) -> String {
        "<a class=\"bar-button\" href=\"\(HTML.escape(href))\" data-cancel>Cancel</a>"
    }

    /// A bar button that submits the form it is in (Save, Done).
    static func barSubmit(_ text: String) -> String {
        "<button class=\"bar-button strong\" type=\"submit\">\(HTML.escape(text))</button>"
    }

    /// The back button to the list of the three apps.
    static let homeLink = barLink("‹ Lists", href: "/", label: "All lists", className: "back")

    /// A grouped table section: `rows` is markup of `<li>` elements; an empty list shows `empty`.
    static func group(
        _ rows: [String], empty: String, label: String? = nil, footer: String? = nil, footerIsTotal: Bool = false
    ) -> String {
        let aria = label.map { " aria-label=\"\(HTML.escape($0))\"" } ?? ""
        let body =
            rows.isEmpty
            ? "<p class=\"empty\">\(HTML.escape(empty))</p>"
            : "<ul class=\"group\"\(aria)>\n\(rows.joined(separator: "\n"))\n</ul>"
        return body + (footer.map { "\n" + groupFooter($0, isTotal: footerIsTotal) } ?? "")
    }

    /// The words under a group; `isTotal` marks them as the list's total (`data-total`), which app.js adds up
    /// again when it draws changes made offline.
    static func groupFooter(_ text: String, isTotal: Bool = false) -> String {
        "<p class=\"group-footer\"\(isTotal ? " data-total" : "")>\(HTML.escape(text))</p>"
    }

    /// `message` as a page shows a sentence: a capital first and a full stop last. The model's messages are
    /// written to follow a field name (`name: an item's name is required`), so they start in lower case.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalised = first.uppercased() + message.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }

    /// A count (0 or more) as the pages write it: thousands separated by commas (`100,000`), as US English does.
    static func number(_ count: Int) -> String {
        let digits = Array(String(count))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// A hidden field carrying a record's version, passed back as `expectedVersion`.
    static func versionField(_ version: Int) -> String {
        "<input type=\"hidden\" name=\"version\" value=\"\(version)\">"
    }

    /// The Shopping List app's tab bar, with `current` marked for screen readers (`aria-current`).
    static func shoppingTabs(current: ShoppingTab) -> String {
        let tabs = ShoppingTab.allCases.map { tab in
            let isCurrent = tab == current
            return "<a class=\"tab\(isCurrent ? " current" : "")\" href=\"\(tab.path)\""
                + (isCurrent ? " aria-current=\"page\"" : "")
                + "><span class=\"tab-icon \(tab.iconClass)\" aria-hidden=\"true\"></span>"
                + "<span class=\"tab-label\">\(tab.title)</span></a>"
        }
        return "<nav class=\"tabbar\" aria-label=\"Shopping\">\(tabs.joined())</nav>"
    }
}

/// The tabs of the Shopping List app.
enum ShoppingTab: CaseIterable {
    case items, shoppingList

    /// The tab's label, which is also its screen's title.
    var title: String {
        switch self {
        case .items: "Items"
        case .shoppingList: "Shopping List"
        }
    }

    /// Where the tab leads.
    var path: String {
        switch self {
        case .items: "/shopping"
        case .shoppingList: "/shopping/list"
        }
    }

    /// The CSS class that draws the tab's icon.
    var iconClass: String {
        switch self {
        case .items: "icon-items"
        case .shoppingList: "icon-list"
        }
    }
}

/// A message above a screen's content: a refusal the user must read (`alert`) or news (`status`).
struct Notice: Sendable {
    /// How urgent the message is, which decides its ARIA role and colour.
    enum Kind: String, Sendable {
        case alert, status
    }

    /// The message, plain text.
    var message: String
    /// How urgent it is.
    var kind: Kind = .alert

    /// The notice as a paragraph with its live-region role.
    var html: String {
        "<p class=\"notice \(kind.rawValue)\" role=\"\(kind.rawValue)\">\(HTML.escape(message))</p>\n"
    }
}

extension Layout {
    /// A row of a list of lists (store lists, to-do lists) at `base` (`/lists/{id}`): its name and `detail`, linking
    /// to it, then ↑ and ↓ (`POST base/move`, disabled at either end), with `renames` a link to `base/rename`, and its
    /// delete (`base/delete`, which asks).
    static func rankedRow(
        base: String, name: String, detail: String, isFirst: Bool, isLast: Bool, renames: Bool = false
    ) -> String {
        let name = HTML.escape(name)
        func move(_ offset: Int, _ glyph: String, _ words: String, disabled: Bool) -> String {
            """
            <form class="list-move" method="post" action="\(base)/move">\
            <input type="hidden" name="offset" value="\(offset)">\
            <button class="move-button" type="submit" aria-label="Move \(name) \(words)"\
            \(disabled ? " disabled" : "")>\(glyph)</button></form>
            """
        }
        return """
            <li class="row list-row"><a class="row-link" href="\(base)"><span class="row-text">\
            <span class="row-title">\(name)</span><span class="row-subtitle">\(HTML.escape(detail))</span></span>\
            <span class="chevron" aria-hidden="true">›</span></a>\
            \(move(-1, "↑", "up", disabled: isFirst))\(move(1, "↓", "down", disabled: isLast))\
            \(renames ? "<a class=\"move-button\" href=\"\(base)/rename\" aria-label=\"Rename \(name)…\">✎</a>" : "")\
            <a class="remove-button" href="\(base)/delete" aria-label="Delete \(name)…">✕</a></li>
            """
    }
}
