import Foundation
import JSONCodec
import ListsHTTP
import ListsModel

/// The JSON API of a birder's lists: the life list and a year list (``BirdSightingLog/lifeList(taxonomy:)``), the
/// taxonomy's species found by words of their names (``Taxonomy/suggestions(for:limit:)``), and a name matched to
/// a species with every sighting of it (``BirdSightingLog/match(name:to:)``).
enum BirdListsAPI {
    static let tag = "Birds"

    /// The `order` query parameter of the lists.
    static let orderParameter =
        #"{"name": "order", "in": "query", "description": "taxonomic (the taxonomy's order, the default) or date (first seen first).", "schema": {"type": "string", "enum": ["taxonomic", "date"]}}"#

    /// The order `request` asks for: taxonomic unless told.
    /// - Throws: ``HTTPError`` 400 for another word.
    static func order(_ request: HTTPRequest) throws -> BirdList.Order {
        guard let text = request.query["order"] else { return .taxonomic }
        guard let order = BirdList.Order(rawValue: text) else {
            throw HTTPError.badRequest("order must be taxonomic or date, not \"\(text)\"", field: "order")
        }
        return order
    }

    /// The year a path names: four digits, from 1800 to 9999.
    /// - Throws: ``HTTPError`` 400 otherwise.
    static func year(_ text: String?) throws -> Int {
        guard let year = text.flatMap(BirdList.year) else {
            throw HTTPError.badRequest("year must be a year from 1800 on, such as 2026", field: "year")
        }
        return year
    }

    /// The species `typed` names, as `lists birds match` reads it: a 4-letter code, an English, other or
    /// scientific name.
    /// - Throws: ``ValidationError`` on `species` for none, or for a code two species have.
    static func species(_ typed: String) throws -> Species {
        if typed.count == 4, let byCode = try Taxonomy.world.species(code: typed, field: "species") { return byCode }
        if let found = Taxonomy.world.match(name: typed).species { return found }
        throw ValidationError(
            field: "species", message: "no species of the taxonomy is named \(typed); find one with GET /api/v1/species"
        )
    }

    static var routes: [APIRoute] {
        [
            APIRoute(
                method: "GET", path: "/api/v1/birds/life",
                operation: APIOperation(
                    id: "lifeList", tag: tag,
                    summary: "The life list: every species seen once, with its first sighting, as eBird counts "
                        + "(sp., slash, hybrid and domestic entries and names matching no species are listed apart).",
                    parameters: [orderParameter], answer: APIOperation.json("OK", schema: "BirdList"),
                    refusals: [400])
            ) { request, context in
                let order = try order(request)
                return .json(bytes: BirdListBody(try context.lists.birds.lifeList(), year: nil, order: order).jsonBytes)
            },
            APIRoute(
                method: "GET", path: "/api/v1/birds/year/{year}",
                operation: APIOperation(
                    id: "yearList", tag: tag,
                    summary: "A year list: every species seen in the year (the household's), with its first sighting "
                        + "that year; lifer marks the species first seen ever that year.",
                    parameters: [
                        #"{"name": "year", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1800, "maximum": 9999}}"#,
                        orderParameter,
                    ],
                    answer: APIOperation.json("OK", schema: "BirdList"), refusals: [400])
            ) { request, context in
                let order = try order(request)
                let year = try year(context.parameters["year"])
                return .json(
                    bytes: BirdListBody(try context.lists.birds.yearList(year), year: year, order: order).jsonBytes)
            },
            APIRoute(
                method: "GET", path: "/api/v1/species",
                operation: APIOperation(
                    id: "findSpecies", tag: tag,
                    summary: "Species of the taxonomy (AviList 2025) whose names have every word typed, each as the "
                        + "start of a word, in any order, or whose 4-letter code was typed; best first.",
                    parameters: [
                        APIOperation.typedQuery,
                        #"{"name": "limit", "in": "query", "description": "At most this many, 1 to 50 (10 by default).", "schema": {"type": "integer", "minimum": 1, "maximum": 50}}"#,
                    ],
                    answer: APIOperation.json("OK", schema: "SpeciesList"), refusals: [400])
            ) { request, _ in
                let limit = try request.wholeNumber("limit", in: 1...50, default: 10)
                let typed = try request.typedQuery()
                let found = Taxonomy.world.suggestions(for: typed, limit: limit)
                return .json(bytes: SpeciesListBody(found).jsonBytes)
            },
            APIRoute(
                method: "POST", path: "/api/v1/birds/match",
                operation: APIOperation(
                    id: "matchSightings", tag: tag,
                    summary: "Matches every sighting named name (exactly) to a species: their scientific name "
                        + "becomes the species', and sightings added later under that name follow.",
                    body: APIOperation.jsonBody(schema: "SightingMatch"),
                    answer: APIOperation.json("The sightings matched.", schema: "SightingCollection"),
                    refusals: APIOperation.writeRefusals + [404])
            ) { request, context in
                let members = try JSONInput.object(from: request, allowed: ["name", "species"])
                guard case .string(let name)? = members["name"] else {
                    throw ValidationError(field: "name", message: "the sightings' name is required, as a string")
                }
                guard case .string(let typed)? = members["species"] else {
                    throw ValidationError(
                        field: "species", message: "the species is required: its English or scientific name or code")
                }
                // A species the taxonomy does not have, or a name no sighting has: nothing there to match, 404.
                do {
                    let changed = try context.lists.birds.match(name: name, to: try species(typed))
                    return .json(bytes: CollectionBody(changed).jsonBytes)
                } catch let error as ValidationError {
                    throw HTTPError(status: 404, code: "not_found", message: error.message, field: error.field)
                }
            },
        ]
    }

    /// The document's schemas.
    static var schemas: [(name: String, schema: String)] {
        [
            (
                "Species",
                #"{"type": "object", "additionalProperties": false, "required": ["scientificName", "englishName", "family", "order", "codes"], "properties": {"scientificName": {"type": "string"}, "englishName": {"type": "string"}, "family": {"type": "string"}, "order": {"type": "integer", "minimum": 1, "description": "The species' place in the taxonomy's order."}, "codes": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{4}$"}, "description": "The Bird Banding Laboratory's 4-letter codes."}}}"#
            ),
            (
                "SpeciesList",
                ##"{"type": "object", "additionalProperties": false, "required": ["species"], "properties": {"species": {"type": "array", "items": {"$ref": "#/components/schemas/Species"}}}}"##
            ),
            (
                "BirdList",
                ##"{"type": "object", "additionalProperties": false, "required": ["year", "total", "order", "species", "uncounted", "unmatched", "speciesPerMonth", "totalByYear"], "properties": {"year": {"type": ["integer", "null"], "description": "The year of a year list; null for the life list."}, "total": {"type": "integer", "minimum": 0}, "order": {"type": "string", "enum": ["taxonomic", "date"]}, "species": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["species", "first", "sightings", "lifer"], "properties": {"species": {"$ref": "#/components/schemas/Species"}, "first": {"$ref": "#/components/schemas/Sighting"}, "sightings": {"type": "integer", "minimum": 1}, "lifer": {"type": "boolean"}}}}, "uncounted": {"type": "array", "items": {"$ref": "#/components/schemas/NamedSightings"}, "description": "The sp., slash, hybrid and domestic entries' names, in the order first seen."}, "unmatched": {"type": "array", "items": {"$ref": "#/components/schemas/NamedSightings"}, "description": "The names no species has (until matched), in the order first seen."}, "speciesPerMonth": {"type": "array", "items": {"type": "integer", "minimum": 0}, "description": "A year list's species seen in each month, January first; empty for the life list."}, "totalByYear": {"type": "array", "items": {"type": "object", "additionalProperties": false, "required": ["year", "total"], "properties": {"year": {"type": "integer"}, "total": {"type": "integer", "minimum": 0}}}, "description": "The life list's total at the end of each year; empty for a year list."}}}"##
            ),
            (
                "NamedSightings",
                #"{"type": "object", "additionalProperties": false, "required": ["name", "sightings"], "properties": {"name": {"type": "string"}, "sightings": {"type": "integer", "minimum": 1}}}"#
            ),
            (
                "SightingMatch",
                #"{"type": "object", "additionalProperties": false, "required": ["name", "species"], "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 200, "description": "The sightings' name, exactly."}, "species": {"type": "string", "minLength": 1, "maxLength": 200, "description": "The species' English or scientific name, or its 4-letter code."}}}"#
            ),
        ]
    }
}
