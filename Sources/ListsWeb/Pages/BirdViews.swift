import Foundation
import ListsModel

/// BirdWatching's screens as HTML: the tutorial's `BirdsMasterViewController`, `BirdsDetailViewController` and
/// `AddSightingViewController`.
enum BirdViews {
    /// The fields of the add and edit sheets, in the order they show them (``fields(_:_:dateHint:)`` draws them).
    static let sheetForm = RecordForm<BirdSighting>(
        .init(BirdSighting.Fields.name), .init(BirdSighting.Fields.location), .init(BirdSighting.Fields.date))

    /// The sheet's fields filled from a stored sighting, the date as its day in the viewer's zone.
    static func formState(_ sighting: BirdSighting, _ viewer: Viewer) -> FormState {
        sheetForm.state(sighting, viewer)
    }

    /// The master list "Bird Sightings": one row per sighting with the bird's name and the date in medium style
    /// (no time), leading to its detail screen; "+" on the right opens the add sheet. A long list shows one page
    /// (`pager`) with links to the others.
    ///
    /// Above the rows, a segmented control chooses the `order`: Order Added or Date.
    static func listScreen(
        _ sightings: [Numbered<BirdSighting>], _ viewer: Viewer, _ pager: ListPager, order: SightingOrder,
        notice: Notice? = nil, undo: String = ""
    ) -> String {
        let rows = sightings.map { row($0.record, viewer, pager) }
        return Layout.screen(
            title: "Bird Sightings", left: Layout.homeLink,
            right: Layout.barLink("+", href: pager.address("/birds/new"), label: "Add Sighting", className: "symbol"),
            content: orderControl(order) + pager.navigation("/birds", noun: "sightings")
                + group(rows)
                + pager.navigation("/birds", noun: "sightings"), notice: notice, undo: undo)
    }

    /// The list of `rows` (markup), or what it says with none.
    static func group(_ rows: [String]) -> String {
        Layout.group(rows, empty: "No sightings yet. Tap + to add one.", label: "Bird sightings")
    }

    /// A row of the list: the bird's name and the date, leading to the detail screen.
    static func row(_ sighting: BirdSighting, _ viewer: Viewer, _ pager: ListPager) -> String {
        """
        <li class="row"\(OfflineViews.attributes(sighting))><a class="row-link" \
        href="\(pager.address("/birds/\(sighting.id.uuidString)"))">\
        <span class="row-title">\(HTML.escape(sighting.name))</span>\
        <span class="row-detail">\(viewer.timeElement(sighting.date))</span>\
        <span class="chevron" aria-hidden="true">›</span></a></li>
        """
    }

    /// The segmented control of the list's order: two links, the current one marked.
    private static func orderControl(_ order: SightingOrder) -> String {
        let segments = [(SightingOrder.added, "Order Added"), (.date, "Date")].map { value, title in
            "<a class=\"segment\" href=\"/birds?order=\(value.rawValue)\""
                + (value == order ? " aria-current=\"true\"" : "") + ">\(title)</a>"
        }
        return "<nav class=\"segmented\" data-sorts aria-label=\"Sort sightings by\">\(segments.joined())</nav>\n"
    }

    /// The detail screen: Bird Name, Location, Date; Edit on the right, Delete below (which asks first, see
    /// ``deleteSheet(_:over:_:)``). Back, Edit and Delete keep the list's page `choice` names (the one the
    /// sighting was opened from).
    static func detailScreen(
        _ sighting: BirdSighting, _ viewer: Viewer, _ choice: ListPager.Choice, notice: Notice? = nil
    ) -> String {
        let id = sighting.id.uuidString
        let location = sighting.location.map { HTML.escape($0) } ?? "<span class=\"none\">None</span>"
        let content = """
            <dl class="group details"\(OfflineViews.attributes(sighting))>
            <div class="row"><dt>Bird Name</dt><dd>\(HTML.escape(sighting.name))</dd></div>
            <div class="row"><dt>Location</dt><dd>\(location)</dd></div>
            <div class="row"><dt>Date</dt><dd>\(viewer.timeElement(sighting.date))</dd></div>
            \(sighting.details.labelled.map { "<div class=\"row\"><dt>\($0.label)</dt><dd>\(HTML.escape($0.value))</dd></div>\n" }.joined())\
            </dl>
            <p class="sheet-actions"><a class="destructive" href="\(ListPager.address("/birds/\(id)/delete", choice))">\
            Delete Sighting</a></p>
            """
        return Layout.screen(
            title: "Bird Sighting",
            left: Layout.barLink("‹ Bird Sightings", href: ListPager.address("/birds", choice), className: "back"),
            right: Layout.barLink(
                "Edit", href: ListPager.address("/birds/\(id)/edit", choice), label: "Edit \(sighting.name)"),
            content: content, notice: notice)
    }

    /// The action sheet asking before `sighting` is deleted, over its detail screen, to which Cancel returns.
    static func deleteSheet(_ sighting: BirdSighting, over background: String, _ choice: ListPager.Choice) -> String {
        let id = sighting.id.uuidString
        let confirm = """
            <form method="post" action="\(ListPager.address("/birds/\(id)/delete", choice))" \
            data-announce="Deleted the sighting of \(HTML.escape(sighting.name)).">\
            \(Layout.versionField(sighting.meta.version))\
            \(Layout.destructiveButton("Delete Sighting", label: "Delete Sighting"))</form>
            """
        return Layout.actionSheet(
            over: background, title: "Delete this sighting of “\(sighting.name)”?",
            message: "It leaves the list of sightings.", confirm: confirm,
            cancel: ListPager.address("/birds/\(id)", choice))
    }

    /// The add sheet: Bird Name, Location and an optional date; Cancel / Done. Cancel returns to the list's page
    /// `choice` names.
    static func addForm(_ state: FormState, _ viewer: Viewer, _ choice: ListPager.Choice) -> String {
        let rules = sheetForm.rulesAttribute(viewer)
        return """
            <form class="sheet-form" method="post" action="\(ListPager.address("/birds/new", choice))"\(rules) \
            data-announce="Added a sighting of {name}." autocomplete="off">\
            \(Layout.chosenIDField(state))
            \(Layout.navigationBar(
            title: "Add Sighting", left: Layout.cancelLink(href: ListPager.address("/birds", choice)),
            right: Layout.barSubmit("Done"), titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(fields(state, viewer, dateHint: "Empty means now."))
            </div>
            </form>
            """
    }

    /// The edit sheet: the same fields filled in; Cancel returns to the detail screen (which keeps the list's
    /// page `choice` names).
    static func editForm(
        _ sighting: BirdSighting, _ state: FormState, _ viewer: Viewer, _ choice: ListPager.Choice
    ) -> String {
        let id = sighting.id.uuidString
        let rules = sheetForm.rulesAttribute(viewer)
        return """
            <form class="sheet-form" method="post" action="\(ListPager.address("/birds/\(id)/edit", choice))"\(rules) \
            data-announce="Saved {name}.">
            \(Layout.navigationBar(
                title: "Edit Sighting", left: Layout.cancelLink(href: ListPager.address("/birds/\(id)", choice)),
                right: Layout.barSubmit("Done"), titleID: "sheet-title"))
            <div class="content">
            \(state.notice?.html ?? "")\(Layout.versionField(sighting.meta.version))\
            \(fields(state, viewer, dateHint: "Unchanged keeps the time; another day means noon that day."))
            </div>
            </form>
            """
    }

    /// The sheets' fields (``sheetForm``), the date's hint `dateHint`.
    private static func fields(_ state: FormState, _ viewer: Viewer, dateHint: String) -> String {
        let today = viewer.dayValue(Date())
        let state = state.focusing("name")
        return "<div class=\"fields\">\n"
            + state.field("name", label: "Bird Name", isRequired: true, attributes: "autocomplete=\"off\"") + "\n"
            + state.field("location", label: "Location", hint: "Optional.", attributes: "autocomplete=\"off\"")
            + "\n"
            + state.field(
                "date", label: "Date", type: "date", hint: dateHint, attributes: "min=\"1800-01-01\" max=\"\(today)\"")
            + "\n</div>"
    }
}
