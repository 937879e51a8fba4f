import Foundation
import JSONCodec

extension Species: JSONWritable {
    /// `{"scientificName": "Turdus migratorius", "englishName": "American Robin", "family": "Turdidae",
    /// "order": 26983, "codes": ["AMRO"]}`.
    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        object.string("scientificName", scientificName, &output)
        object.string("englishName", englishName, &output)
        object.string("family", family, &output)
        object.raw("order", "\(order)", &output)
        object.value("codes", .array(codes.map(JSONValue.string)), &output)
        object.close(&output)
    }
}

/// A life or year list as the API and `lists birds life --json` give it: `{"year": 2026 or null, "total": 2,
/// "order": "taxonomic", "species": [{"species": {...}, "first": {sighting}, "sightings": 3, "lifer": true}],
/// "uncounted": [{"name": "gull sp.", "sightings": 2}], "unmatched": [the same], "speciesPerMonth": [12 counts of a year list],
/// "totalByYear": [{"year": 2025, "total": 40}, ...] of the life list}`.
public struct BirdListBody: JSONWritable {
    /// The list.
    public var list: BirdList
    /// The year of a year list; `nil` for the life list.
    public var year: Int?
    /// The order its species are written in.
    public var order: BirdList.Order

    /// The body of `list`, for `year` (`nil`: the life list), its species in `order`.
    public init(_ list: BirdList, year: Int?, order: BirdList.Order) {
        self.list = list
        self.year = year
        self.order = order
    }

    public func writeJSON(to output: inout [UInt8]) {
        var object = JSONObjectWriter.open(&output)
        object.raw("year", year.map { "\($0)" }, &output)
        object.raw("total", "\(list.total)", &output)
        object.string("order", order.rawValue, &output)
        object.key("species", &output)
        Self.array(list.species(in: order), &output) { entry, output in
            var listed = JSONObjectWriter.open(&output)
            listed.key("species", &output)
            entry.species.writeJSON(to: &output)
            listed.key("first", &output)
            entry.first.writeJSON(to: &output)
            listed.raw("sightings", "\(entry.sightings)", &output)
            listed.bool("lifer", entry.isLifer, &output)
            listed.close(&output)
        }
        let named = { (entry: NamedSightings, output: inout [UInt8]) in
            var object = JSONObjectWriter.open(&output)
            object.string("name", entry.name, &output)
            object.raw("sightings", "\(entry.sightings)", &output)
            object.close(&output)
        }
        object.key("uncounted", &output)
        Self.array(list.uncounted, &output, named)
        object.key("unmatched", &output)
        Self.array(list.unmatched, &output, named)
        object.key("speciesPerMonth", &output)
        Self.array(list.speciesPerMonth, &output) { $1 += Array("\($0)".utf8) }
        object.key("totalByYear", &output)
        Self.array(list.totalByYear, &output) { $1 += Array(#"{"year":\#($0.year),"total":\#($0.total)}"#.utf8) }
        object.close(&output)
    }

    /// `elements` as a JSON array, each written by `write`.
    private static func array<Element>(
        _ elements: [Element], _ output: inout [UInt8], _ write: (Element, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            write(element, &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}

/// Species as the API's suggestions and `lists birds species --json` give them: `{"species": [{...}]}`.
public struct SpeciesListBody: JSONWritable {
    /// The species, best first.
    public var species: [Species]

    /// The body of `species`.
    public init(_ species: [Species]) { self.species = species }

    public func writeJSON(to output: inout [UInt8]) {
        output += Array(#"{"species":["#.utf8)
        for (index, entry) in species.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            entry.writeJSON(to: &output)
        }
        output += Array("]}".utf8)
    }
}
