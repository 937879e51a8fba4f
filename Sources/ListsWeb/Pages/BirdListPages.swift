import Foundation
import ListsHTTP
import ListsModel

/// A birder's lists as screens: the life list (`/birds/life`), a year list (`/birds/year/{year}`) and the sheet
/// that matches a name to a species (`/birds/match`). Each works without JavaScript: the order is a link
/// (`?order=date`), the match sheet's search a GET form whose results are buttons.
///
/// A list's rows are its species, each with the date and place of its first sighting there and a link to that
/// sighting; a year list marks the species first seen ever that year "Lifer". Below the species, the entries the
/// list does not count (sp., slash, hybrid, domestic) and the names that match no species, each with a link to
/// match it. Above them, a picture (``BirdCharts``): the life list's total at the end of each year, or the species
/// seen in each month of the year.
struct BirdListPages: Sendable {
    /// The household's lists.
    let lists: ListsServices

    /// The pages of the household a request acts in.
    init(_ context: RequestContext) throws {
        lists = try context.lists
    }

    /// Adds the pages' routes.
    static func addRoutes(to router: inout Router) {
        router.add("GET", "/birds/life", .page) { request, context in
            let pages = try Self(context)
            let order = try BirdListsAPI.order(request)
            return try pages.page(
                Viewer(request), list: try pages.lists.birds.lifeList(), year: nil, order: order,
                choice: try ListPager.choice(request))
        }
        router.add("GET", "/birds/year/{year}", .page) { request, context in
            let pages = try Self(context)
            let order = try BirdListsAPI.order(request)
            let year = try BirdListsAPI.year(context.parameters["year"])
            return try pages.page(
                Viewer(request), list: try pages.lists.birds.yearList(year), year: year, order: order,
                choice: try ListPager.choice(request))
        }
        router.add("GET", "/birds/match", .page) { request, _ in
            guard let name = request.query["name"], !name.trimmingWhitespace().isEmpty else {
                throw HTTPError.badRequest("name is required: the sightings' name", field: "name")
            }
            return Self.matchPage(name: name, query: request.query["q"] ?? name)
        }
        router.add("POST", "/birds/match", .page) { request, context in
            let pages = try Self(context)
            let form = try FormBody(request)
            let name = form["name"] ?? ""
            let scientificName = form["species"] ?? ""
            guard let species = Taxonomy.world.match(name: scientificName, scientificName: scientificName).species
            else {
                return Self.matchPage(
                    name: name, query: scientificName,
                    notice: Notice(message: "Choose one of the species found."), status: FormOutcome.invalidStatus)
            }
            do {
                try pages.lists.birds.match(name: name, to: species)
            } catch let error as ValidationError {
                return Self.matchPage(
                    name: name, query: name, notice: Notice(message: Layout.sentence(error.message)),
                    status: FormOutcome.invalidStatus)
            }
            return .redirect(to: "/birds/life")
        }
    }

    /// The life list (`year` `nil`) or the year list of `year`, its species in `order`, at the page `choice` names
    /// (a life list of more than ``ListPager/pageSize`` species is drawn a page at a time, as every long list is).
    func page(
        _ viewer: Viewer, list: BirdList, year: Int?, order: BirdList.Order, choice: ListPager.Choice
    ) throws -> HTTPResponse {
        let title = year.map { "\($0) List" } ?? "Life List"
        let address = year.map { "/birds/year/\($0)" } ?? "/birds/life"
        let total = list.total == 1 ? "1 species" : "\(Layout.number(list.total)) species"
        let species = list.species(in: order)
        let pager = ListPager(choice, total: species.count)
        let first = (pager.page - 1) * ListPager.pageSize
        let rows = species[min(first, species.count)..<min(first + ListPager.pageSize, species.count)].enumerated()
            .map { index, entry in Self.row(entry, number: first + index + 1, viewer, showsLifer: year != nil) }
        let keeping = order == .taxonomic ? nil : "order=\(order.rawValue)"
        var content = Self.orderControl(order, address: address)
        if let year {
            content +=
                "<nav class=\"list-links\" aria-label=\"Other years\"><a href=\"/birds/year/\(year - 1)\">‹ \(year - 1)</a>"
                + "<a href=\"/birds/year/\(year + 1)\">\(year + 1) ›</a></nav>\n"
        }
        content += year.map { BirdCharts.speciesPerMonth(list, year: $0) } ?? BirdCharts.lifeListGrowth(list)
        content += "<h2 class=\"group-header\">\(total)</h2>\n"
        content += pager.navigation(address, noun: "species", keeping: keeping)
        content += Layout.group(
            rows, empty: year.map { "No species seen in \($0)." } ?? "No species yet.",
            label: year.map { "Species seen in \($0)" } ?? "Species seen")
        content += pager.navigation(address, noun: "species", keeping: keeping)
        if !list.uncounted.isEmpty {
            content +=
                "\n<h2 class=\"group-header\">Not counted</h2>\n"
                + Layout.group(Self.nameRows(list.uncounted, viewer, matchable: false), empty: "")
        }
        if !list.unmatched.isEmpty {
            content +=
                "\n<h2 class=\"group-header\">Not matched to a species</h2>\n"
                + Layout.group(Self.nameRows(list.unmatched, viewer, matchable: true), empty: "")
        }
        return Layout.page(
            title: title,
            main: Layout.screen(
                title: title,
                left: Layout.barLink("‹ Bird Sightings", href: "/birds", className: "back"),
                content: content))
    }

    /// A species' row: its number on the list, names, "Lifer" when `showsLifer` and it is one, and the date and place
    /// of its first sighting, leading to that sighting.
    static func row(_ entry: ListedSpecies, number: Int, _ viewer: Viewer, showsLifer: Bool) -> String {
        let place = entry.first.location.map { " · " + HTML.escape($0) } ?? ""
        return """
            <li class="row"><a class="row-link" href="/birds/\(entry.first.id.uuidString)">\
            <span class="row-number">\(number)</span>\
            <span class="row-title">\(HTML.escape(entry.species.englishName)) \
            <i class="scientific">\(HTML.escape(entry.species.scientificName))</i>\
            \(BirdViews.badge(showsLifer && entry.isLifer ? "Lifer" : nil))</span>\
            <span class="row-detail">\(viewer.timeElement(entry.first.date))\(place)</span>\
            <span class="chevron" aria-hidden="true">›</span></a></li>
            """
    }

    /// One row per name of `entries` with how many sightings have it; a link to match it when `matchable`.
    static func nameRows(_ entries: [NamedSightings], _ viewer: Viewer, matchable: Bool) -> [String] {
        entries.map { entry in
            let detail = entry.sightings == 1 ? "1 sighting" : "\(Layout.number(entry.sightings)) sightings"
            let link =
                matchable ? " <a class=\"row-action\" href=\"\(BirdViews.matchAddress(entry.name))\">Match…</a>" : ""
            return "<li class=\"row\"><span class=\"row-title\">\(HTML.escape(entry.name))</span>"
                + "<span class=\"row-detail\">\(detail)\(link)</span></li>"
        }
    }

    /// The segmented control of a list's order: two links, the current one marked.
    static func orderControl(_ order: BirdList.Order, address: String) -> String {
        let segments = [(BirdList.Order.taxonomic, "Taxonomic"), (.date, "Date")].map { value, title in
            "<a class=\"segment\" href=\"\(address)?order=\(value.rawValue)\""
                + (value == order ? " aria-current=\"true\"" : "") + ">\(title)</a>"
        }
        return "<nav class=\"segmented\" aria-label=\"Sort species by\">\(segments.joined())</nav>\n"
    }

    /// The sheet that matches every sighting named `name` to a species: a search of the taxonomy (`query`, a GET
    /// form) and the species found, each a button that matches.
    static func matchPage(name: String, query: String, notice: Notice? = nil, status: Int = 200) -> HTTPResponse {
        let found = Taxonomy.world.suggestions(for: query, limit: 20)
        let rows = found.map { species in
            """
            <li class="row"><form method="post" action="/birds/match" class="row-form">\
            <input type="hidden" name="name" value="\(HTML.escape(name))">\
            <input type="hidden" name="species" value="\(HTML.escape(species.scientificName))">\
            <button type="submit" class="row-button" \
            aria-label="Match \(HTML.escape(name)) to \(HTML.escape(species.englishName))">\
            <span class="row-title">\(HTML.escape(species.englishName)) \
            <i class="scientific">\(HTML.escape(species.scientificName))</i></span>\
            <span class="row-detail">\(HTML.escape(species.codes.joined(separator: ", ")))</span></button></form></li>
            """
        }
        let content = """
            <p class="explanation">Every sighting named “\(HTML.escape(name))” will count as the species chosen, and \
            so will the sightings added under that name later.</p>
            <form method="get" action="/birds/match" class="search-form" role="search">\
            <input type="hidden" name="name" value="\(HTML.escape(name))">\
            <label for="field-q">Find a species</label>\
            <input id="field-q" name="q" type="search" value="\(HTML.escape(query))" autocomplete="off" \
            data-species="\(Assets.taxonomy.url)">\
            <button type="submit">Find</button></form>
            \(Layout.group(rows, empty: "No species matches “\(query)”. Try fewer or other words.", label: "Species found"))
            """
        return Layout.page(
            title: "Match \(name)",
            main: Layout.screen(
                title: "Match “\(name)”", left: Layout.barLink("‹ Life List", href: "/birds/life", className: "back"),
                content: content, notice: notice),
            status: status)
    }
}
