import Foundation
import ListsModel

/// BirdWatching's screens as HTML: the tutorial's `BirdsMasterViewController`, `BirdsDetailViewController` and
/// `AddSightingViewController`.
enum BirdViews {
    /// The fields of the add and edit sheets, in the order they show them (``fields(_:_:dateHint:)`` draws them).
    static let sheetForm = RecordForm<BirdSighting>(
        .init(BirdSighting.Fields.name), .init(BirdSighting.Fields.count), .init(BirdSighting.Fields.location),
        .init(BirdSighting.Fields.date), .init(BirdSighting.Fields.comments))

    /// The sheet's fields filled from a stored sighting, the date as its day in the viewer's zone.
    static func formState(_ sighting: BirdSighting, _ viewer: Viewer) -> FormState {
        sheetForm.state(sighting, viewer)
    }

    /// The master list "Bird Sightings": one row per sighting with the bird's name and the date in medium style
    /// (no time), leading to its detail screen; "+" on the right opens the add sheet. A long list shows one page
    /// (`pager`) with links to the others.
    ///
    /// Above the rows, a segmented control chooses the `order`: Order Added or Date.
    ///
    /// A sighting that added a species to the life list says "Lifer", one that added it to its year's list "First
    /// of the year" (`firsts`). Links to the life list and this year's list sit above the rows.
    static func listScreen(
        _ sightings: [Numbered<BirdSighting>], _ viewer: Viewer, _ pager: ListPager, order: SightingOrder,
        firsts: SightingFirsts? = nil, notice: Notice? = nil, undo: String = ""
    ) -> String {
        let rows = sightings.map { row($0.record, viewer, pager, mark: mark($0.record, firsts)) }
        return Layout.screen(
            title: "Bird Sightings", left: Layout.homeLink,
            right: Layout.barLink("+", href: pager.address("/birds/new"), label: "Add Sighting", className: "symbol"),
            content: listLinks(viewer) + orderControl(order) + pager.navigation("/birds", noun: "sightings")
                + group(rows)
                + pager.navigation("/birds", noun: "sightings"), notice: notice, undo: undo)
    }

    /// The list of `rows` (markup), or what it says with none.
    static func group(_ rows: [String]) -> String {
        Layout.group(rows, empty: "No sightings yet. Tap + to add one.", label: "Bird sightings")
    }

    /// A row of the list: the bird's name, its count and `mark` ("Lifer"), and the date, leading to the detail
    /// screen.
    static func row(_ sighting: BirdSighting, _ viewer: Viewer, _ pager: ListPager, mark: String? = nil) -> String {
        let count = sighting.details.count.map { " <span class=\"count\">×\($0)</span>" } ?? ""
        return """
            <li class="row"\(OfflineViews.attributes(sighting))><a class="row-link" \
            href="\(pager.address("/birds/\(sighting.id.uuidString)"))">\
            <span class="row-title">\(HTML.escape(sighting.name))\(count)\(badge(mark))</span>\
            <span class="row-detail">\(viewer.timeElement(sighting.date))</span>\
            <span class="chevron" aria-hidden="true">›</span></a></li>
            """
    }

    /// "Lifer" for a sighting that is its species' first ever, "First of the year" for the first of its year.
    static func mark(_ sighting: BirdSighting, _ firsts: SightingFirsts?) -> String? {
        guard let firsts else { return nil }
        if firsts.lifers.contains(sighting.id) { return "Lifer" }
        return firsts.firstsOfYear.contains(sighting.id) ? "First of the year" : nil
    }

    /// A small label after a name (`Lifer`); nothing without one.
    static func badge(_ text: String?) -> String {
        text.map { " <span class=\"badge\">\(HTML.escape($0))</span>" } ?? ""
    }

    /// The links above the list to the life list and this year's list (a year of the viewer's zone).
    private static func listLinks(_ viewer: Viewer) -> String {
        let year = String(viewer.dayValue(Date()).prefix(4))
        return "<nav class=\"list-links\" aria-label=\"Bird lists\"><a href=\"/birds/life\">Life List</a>"
            + "<a href=\"/birds/year/\(year)\">\(year) List</a></nav>\n"
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
    ///
    /// With `species` (what the sighting's name matched, and whether it is a lifer or the first of its year), a
    /// Species row says it, or that the name matches no species yet, with a link to match it.
    static func detailScreen(
        _ sighting: BirdSighting, _ viewer: Viewer, _ choice: ListPager.Choice,
        species: (match: SpeciesMatch, mark: String?)? = nil, notice: Notice? = nil
    ) -> String {
        let id = sighting.id.uuidString
        let location = sighting.location.map { HTML.escape($0) } ?? "<span class=\"none\">None</span>"
        let content = """
            <dl class="group details"\(OfflineViews.attributes(sighting))>
            <div class="row"><dt>Bird Name</dt><dd>\(HTML.escape(sighting.name))</dd></div>
            \(species.map { speciesRow(sighting, $0.match, mark: $0.mark) } ?? "")
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

    /// The Species row of a detail screen: the species' English and scientific names and `mark` ("Lifer"); for a
    /// sp., slash, hybrid or domestic entry, that it is not counted; for a name no species has, that it is not
    /// matched, with a link to the sheet that matches it.
    private static func speciesRow(_ sighting: BirdSighting, _ match: SpeciesMatch, mark: String?) -> String {
        let value: String
        switch match {
        case .species(let species):
            value =
                "\(HTML.escape(species.englishName)) <i class=\"scientific\">"
                + "\(HTML.escape(species.scientificName))</i>\(badge(mark))"
        case .uncounted(let form):
            value = "<span class=\"none\">A \(HTML.escape(form.label)) entry, not counted as a species</span>"
        case .unmatched:
            value =
                "<span class=\"none\">Not matched</span> <a class=\"row-action\" href=\"\(matchAddress(sighting.name))\">"
                + "Match to a species…</a>"
        }
        return "<div class=\"row\"><dt>Species</dt><dd>\(value)</dd></div>"
    }

    /// The address of the sheet that matches every sighting named `name` to a species.
    static func matchAddress(_ name: String, query: String? = nil) -> String {
        "/birds/match?name=\(HTML.escape(AccountPages.percentEncoded(name)))&amp;q=\(HTML.escape(AccountPages.percentEncoded(query ?? name)))"
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
            + state.field(
                "name", label: "Bird Name", isRequired: true,
                hint: "A species' English or scientific name, or its 4-letter code, finds the species.",
                attributes: "autocomplete=\"off\" data-species=\"\(Assets.taxonomy.url)\"") + "\n"
            + state.field(
                "count", label: "Count", hint: "Optional: how many, or X for present.",
                attributes: "autocomplete=\"off\" inputmode=\"text\" size=\"8\"") + "\n"
            + state.field("location", label: "Location", hint: "Optional.", attributes: "autocomplete=\"off\"")
            + "\n"
            + state.field(
                "date", label: "Date", type: "date", hint: dateHint, attributes: "min=\"1800-01-01\" max=\"\(today)\"")
            + "\n" + state.textArea("comments", label: "Comments", rows: 3, hint: "Optional.")
            + "\n</div>"
    }
}
