import ListsModel
import Testing

/// The world taxonomy Lists ships (AviList 2025 with the Bird Banding Laboratory's codes), and how a sighting's
/// name finds its species in it.
@Suite struct TaxonomyTests {
    let world = Taxonomy.world

    @Test func theShippedTaxonomyHasAviListsSpeciesInTheirOrder() throws {
        #expect(world.species.count == 11_131)
        #expect(world.species.first?.englishName == "Somali Ostrich")
        let robin = try #require(world.match(name: "American Robin").species)
        #expect(robin.scientificName == "Turdus migratorius")
        #expect(robin.family == "Turdidae")
        #expect(robin.codes == ["AMRO"])
        #expect(robin.otherNames.contains("Merle d'Amérique"))
        // Taxonomic order: the ostriches before the thrushes, the thrushes before the New World sparrows.
        let junco = try #require(world.match(name: "Dark-eyed Junco").species)
        #expect(world.species[robin.order - 1] == robin)
        #expect(1 < robin.order && robin.order < junco.order)
    }

    @Test(
        arguments: [
            ("American Robin", nil, "Turdus migratorius"),
            ("american robin", nil, "Turdus migratorius"),
            ("  AMERICAN-ROBIN ", nil, "Turdus migratorius"),
            ("AMRO", nil, "Turdus migratorius"),
            ("Turdus migratorius", nil, "Turdus migratorius"),
            ("Merle d'Amérique", nil, "Turdus migratorius"),
            ("merle d amerique", nil, "Turdus migratorius"),
            ("Coopers Hawk", nil, "Astur cooperii"),
            // eBird's named forms and subspecies count as their species.
            ("Dark-eyed Junco (Slate-colored)", nil, "Junco hyemalis"),
            ("Dark-eyed Junco (Oregon)", "Junco hyemalis [oreganus Group]", "Junco hyemalis"),
            ("robin", "Turdus migratorius", "Turdus migratorius"),
            ("Robin", "Turdus migratorius migratorius", "Turdus migratorius"),
            // The scientific name decides when it is known.
            ("Blackbird", "Turdus merula", "Turdus merula"),
            // A species whose own name holds eBird's words for forms is a species.
            ("House Sparrow", "Passer domesticus", "Passer domesticus"),
            ("Kelp Goose", nil, "Chloephaga hybrida"),
            // An unknown scientific name leaves the name to decide.
            ("American Robin", "Turdus imaginarius", "Turdus migratorius"),
        ] as [(String, String?, String)])
    func aNameOrScientificNameFindsItsSpecies(_ name: String, _ scientific: String?, _ expected: String) {
        #expect(world.match(name: name, scientificName: scientific).species?.scientificName == expected)
    }

    @Test(
        arguments: [
            ("gull sp.", "Larinae sp.", UncountedForm.spuh),
            ("Accipitrine hawk sp.", nil, .spuh),
            ("Greater/Lesser Scaup", "Aythya marila/affinis", .slash),
            ("Mallard x American Black Duck (hybrid)", "Anas platyrhynchos x rubripes", .hybrid),
            ("Mallard (Domestic type)", "Anas platyrhynchos (Domestic type)", .domestic),
            ("Swan Goose (Domestic type)", nil, .domestic),
        ] as [(String, String?, UncountedForm)])
    func spuhsSlashesHybridsAndDomesticFormsAreKeptButNotCounted(
        _ name: String, _ scientific: String?, _ form: UncountedForm
    ) {
        #expect(world.match(name: name, scientificName: scientific) == .uncounted(form))
    }

    @Test func aNameTheTaxonomyDoesNotKnowIsUnmatched() {
        #expect(world.match(name: "robin") == .unmatched)
        #expect(world.match(name: "The big brown one") == .unmatched)
        #expect(world.match(name: "ZZZZ") == .unmatched)
        // A code is written in capitals: "Wren" is a name, not the Wrentit's code WREN.
        #expect(world.match(name: "WREN").species?.englishName == "Wrentit")
        #expect(world.match(name: "Wren") == .unmatched)
        #expect(world.match(name: "amro") == .unmatched)
    }

    @Test func aNameTwoSpeciesShareMatchesNeither() throws {
        let taxonomy = Taxonomy(
            tsv:
                "Aus bus\tGrey Bird\tAidae\tGRBI\tGray Bird\nAus cus\tGray Bird\tAidae\tGRBI\t\nDus eus\tRed Bird\tDidae\t\t\n"
        )
        #expect(taxonomy.match(name: "Gray Bird") == .unmatched)
        #expect(taxonomy.match(name: "Grey Bird").species?.scientificName == "Aus bus")
        #expect(taxonomy.match(name: "GRBI") == .unmatched)
        #expect(taxonomy.match(name: "Gray Bird", scientificName: "Aus cus").species?.scientificName == "Aus cus")
    }

    @Test func aCodeThatNamesTwoSpeciesIsRefusedNamingThem() throws {
        let taxonomy = Taxonomy(tsv: "Aus bus\tGrey Bird\tAidae\tGRBI\t\nAus cus\tGreen Bird\tAidae\tGRBI\t\n")
        let error = #expect(throws: ValidationError.self) { try taxonomy.species(code: "grbi") }
        #expect(error?.field == "name")
        #expect(error?.message.contains("GRBI matches 2 species: Grey Bird (Aus bus), Green Bird (Aus cus)") == true)
        #expect(try world.species(code: "AMRO")?.englishName == "American Robin")
        #expect(try world.species(code: "QQQQ") == nil)
    }

    @Test func suggestionsTakeTheWordsTypedInAnyOrder() {
        let names = { (text: String) in world.suggestions(for: text).map(\.englishName) }
        #expect(names("american rob").first == "American Robin")
        #expect(names("rob am").contains("American Robin"))
        #expect(names("AMRO").first == "American Robin")
        #expect(names("turdus migr").first == "American Robin")
        #expect(names("mallard").first == "Mallard")
        #expect(names("merle d'am").first == "American Robin")
        // A name that starts with the text comes before one that only has its words.
        let robins = names("robin")
        #expect(robins.first?.hasPrefix("Robin") == true)
        #expect(robins.count == 10)
        #expect(names("").isEmpty)
        #expect(names("  -- ").isEmpty)
        #expect(names("qqqqqq").isEmpty)
        #expect(world.suggestions(for: "robin", limit: 3).count == 3)
    }

    @Test(arguments: [
        ("Cooper's Hawk", "coopers hawk"), ("Dark-eyed  Junco", "dark eyed junco"), ("Grèbe élégant", "grebe elegant"),
        ("Merle d’Amérique", "merle damerique"), ("  ", ""), ("Rüppell's Vulture", "ruppells vulture"),
    ])
    func namesAreComparedWithoutCaseAccentsOrPunctuation(_ text: String, _ key: String) {
        #expect(Taxonomy.key(text) == key)
    }
}
