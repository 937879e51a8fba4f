import Foundation
import Synchronization

/// A bird species of the world taxonomy Lists ships (AviList 2025): what a birder's life list counts.
public struct Species: Sendable, Hashable, Identifiable {
    /// Its place in the taxonomy's order, from 1: the order a field guide and eBird's life list keep.
    public let order: Int
    /// `Turdus migratorius`.
    public let scientificName: String
    /// `American Robin`.
    public let englishName: String
    /// Its family's scientific name: `Turdidae`.
    public let family: String
    /// The Bird Banding Laboratory's 4-letter codes of the species and of its subspecies (`AMRO`); none for most of
    /// the world's species.
    public let codes: [String]
    /// Other names it goes by: the Bird Banding Laboratory's English name where it differs, and its French name.
    public let otherNames: [String]

    /// The scientific name: it names a species across every taxonomy's English names.
    public var id: String { scientificName }
}

/// What a sighting's name (and scientific name) says was seen, as a life list counts it.
public enum SpeciesMatch: Sendable, Hashable {
    /// A species of the taxonomy (a subspecies or a named form of one counts as the species).
    case species(Species)
    /// An entry a birder keeps but a life list does not count, as eBird counts: see ``UncountedForm``.
    case uncounted(UncountedForm)
    /// A name the taxonomy does not know: kept as typed, shown as not matched, until the birder matches it.
    case unmatched

    /// The species, when it is one.
    public var species: Species? {
        if case .species(let species) = self { species } else { nil }
    }
}

/// The entries eBird keeps on a checklist without counting them as species.
public enum UncountedForm: String, Sendable, Hashable, CaseIterable {
    /// `gull sp.`: a bird known only to its genus or family.
    case spuh
    /// `Greater/Lesser Scaup`: one of two or more species.
    case slash
    /// `Mallard x American Black Duck (hybrid)`.
    case hybrid
    /// `Mallard (Domestic type)`, `Rock Pigeon (Feral Pigeon)` is not one: domestic forms only.
    case domestic

    /// How a screen names it: `sp.`, `slash`, `hybrid`, `domestic`.
    public var label: String {
        switch self {
        case .spuh: "sp."
        case .slash: "slash"
        case .hybrid: "hybrid"
        case .domestic: "domestic"
        }
    }

    /// The form `text` (a name or a scientific name) writes, as eBird writes them; `nil` for a species' name.
    public init?(_ text: String) {
        let lowered = Array(text.lowercased().utf8)
        func has(_ part: String) -> Bool { ByteSearch.contains(Array(part.utf8), in: lowered) }
        func ends(_ part: String) -> Bool { lowered.reversed().starts(with: part.utf8.reversed()) }
        // As eBird writes them: "(Domestic type)", "(hybrid)". A species' own name may hold the word (Passer
        // domesticus, Chloephaga hybrida).
        if has("domestic type") {
            self = .domestic
        } else if has(" x ") || has("(hybrid)") {
            self = .hybrid
        } else if has("/") {
            self = .slash
        } else if ends(" sp.") || ends(" sp") || has(" sp. ") || lowered.elementsEqual("sp.".utf8) {
            self = .spuh
        } else {
            return nil
        }
    }
}

/// The world's bird species, read once from the taxonomy Lists ships (`Files/taxonomy.tsv`, written by
/// `tools/make-taxonomy.py` from AviList 2025 and the Bird Banding Laboratory's codes; sources and licences in
/// `Files/taxonomy-sources.md`), and the three ways Lists looks a bird up in it:
///
/// - ``match(name:scientificName:)``: what a sighting saw. A scientific name decides (a subspecies' or a group's
///   counts as its species, by its first two words); else the name, as an English, other or scientific name or a
///   4-letter code written in capitals (``looksLikeCode(_:)``), compared without case, accents or punctuation
///   (`dark eyed junco`, `Dark-eyed Junco`), and with a named form's parenthesis left out (`Dark-eyed Junco
///   (Slate-colored)`). A name two species share matches neither: a life list cannot guess.
/// - ``species(code:)``: a 4-letter code typed on its own, refused when it names two species.
/// - ``suggestions(for:limit:)``: the species a name being typed may be, for the name field: every word typed is
///   the start of a word of the species' English, other or scientific name, in any order (`rob am` finds American
///   Robin), or the whole text is one of its codes.
public final class Taxonomy: Sendable {
    /// Every species, in the taxonomy's order.
    public let species: [Species]
    /// Each species' names and codes as one byte string of normalized words, each word preceded by a space (and
    /// the string ended by one): `" american robin turdus migratorius amro merle d amerique "`. A typed word is a
    /// word's start where `" " + word` occurs.
    private let haystacks: [[UInt8]]
    /// The normalized English name of each species, for ranking the suggestions whose name starts with the text.
    private let englishKeys: [String]
    /// The English name's words as ``haystacks`` write them (`" american robin"`), for ranking the suggestions whose
    /// English name has every word typed.
    private let englishHaystacks: [[UInt8]]
    /// Names (English, other, scientific), normalized and without spaces → the species that have them.
    private let byName: [String: [Int]]
    /// Upper-case codes → the species that have them.
    private let byCode: [String: [Int]]

    /// The bytes of the taxonomy Lists ships (`Files/taxonomy.tsv`), which the web app also serves to pages, so
    /// that a phone suggests species with no network.
    public static var shippedFile: [UInt8] { EmbeddedFiles.taxonomyTsv }

    /// The taxonomy Lists ships: AviList 2025's 11,131 species. Read at its first use (a few milliseconds).
    public static let world = Taxonomy(tsv: String(decoding: EmbeddedFiles.taxonomyTsv, as: UTF8.self))

    /// A taxonomy read from lines of `scientific name⇥English name⇥family⇥codes⇥other names` (codes separated by
    /// commas, other names by `|`), in taxonomic order; lines with fewer than two fields are skipped.
    public init(tsv: String) {
        var species: [Species] = []
        var haystacks: [[UInt8]] = []
        var englishKeys: [String] = []
        var englishHaystacks: [[UInt8]] = []
        var byName: [String: [Int]] = [:]
        var byCode: [String: [Int]] = [:]
        species.reserveCapacity(11_200)
        haystacks.reserveCapacity(11_200)
        englishKeys.reserveCapacity(11_200)
        englishHaystacks.reserveCapacity(11_200)
        byName.reserveCapacity(60_000)
        byCode.reserveCapacity(2_000)
        // Split on the bytes: a `String`'s own split walks its characters, most of the time of this reading.
        for fields in Self.rows(Array(tsv.utf8)) {
            guard fields.count >= 2, !fields[0].isEmpty, !fields[1].isEmpty else { continue }
            func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
            let entry = Species(
                order: species.count + 1, scientificName: fields[0], englishName: fields[1], family: field(2),
                codes: field(3).utf8.split(separator: UInt8(ascii: ",")).map {
                    String(decoding: $0, as: UTF8.self).uppercased()
                },
                otherNames: field(4).utf8.split(separator: UInt8(ascii: "|")).map {
                    String(decoding: $0, as: UTF8.self)
                })
            let index = species.count
            species.append(entry)
            let names = [entry.englishName, entry.scientificName] + entry.otherNames
            let keys = names.map(Self.key)
            englishKeys.append(keys[0])
            englishHaystacks.append(Array((" " + keys[0]).utf8))
            for key in Set(keys.map(Self.compact)) where !key.isEmpty { byName[key, default: []].append(index) }
            for code in Set(entry.codes) { byCode[code, default: []].append(index) }
            var haystack: [UInt8] = []
            for key in keys + entry.codes.map(Self.key) where !key.isEmpty {
                // Keys have single spaces between words and none at their ends.
                haystack.append(UInt8(ascii: " "))
                haystack.append(contentsOf: key.utf8)
            }
            haystack.append(UInt8(ascii: " "))
            haystacks.append(haystack)
        }
        self.species = species
        self.haystacks = haystacks
        self.englishKeys = englishKeys
        self.englishHaystacks = englishHaystacks
        self.byName = byName
        self.byCode = byCode
    }

    /// The matches made, by name and scientific name: a log names the same birds again and again, and its life
    /// list matches each of its names once for all its reads. Emptied when it grows past 100,000 names.
    private let matches = Mutex<[MatchKey: SpeciesMatch]>([:])

    /// A name and a scientific name, as a sighting has them: what a match depends on.
    struct MatchKey: Hashable {
        let name: String
        let scientificName: String?
    }

    /// What a sighting named `name` (and `scientificName`, when it has one) saw: see the type's doc.
    public func match(name: String, scientificName: String? = nil) -> SpeciesMatch {
        let key = MatchKey(name: name, scientificName: scientificName)
        if let known = matches.withLock({ $0[key] }) { return known }
        let match = uncachedMatch(name: name, scientificName: scientificName)
        matches.withLock { matches in
            if matches.count >= 100_000 { matches.removeAll() }
            matches[key] = match
        }
        return match
    }

    /// ``match(name:scientificName:)``, worked out.
    private func uncachedMatch(name: String, scientificName: String?) -> SpeciesMatch {
        if let scientificName = scientificName?.trimmingWhitespace(), !scientificName.isEmpty {
            if let form = UncountedForm(scientificName) { return .uncounted(form) }
            if let found = only(byName[Self.compact(Self.key(scientificName))]) ?? binomial(scientificName) {
                return .species(species[found])
            }
        }
        if let form = UncountedForm(name) { return .uncounted(form) }
        if let found = lookUp(name) { return .species(species[found]) }
        return .unmatched
    }

    /// The species whose 4-letter code `code` is (any case); `nil` when none has it.
    /// - Throws: ``ValidationError`` for `field` when two or more species have it, naming them.
    public func species(code: String, field: String = "name") throws -> Species? {
        let matches = byCode[code.trimmingWhitespace().uppercased()] ?? []
        guard matches.count > 1 else { return matches.first.map { species[$0] } }
        let names = matches.map { "\(species[$0].englishName) (\(species[$0].scientificName))" }
        throw ValidationError(
            field: field,
            message: "the code \(code.uppercased()) matches \(matches.count) species: "
                + names.joinedInline(separator: ", ") + "; give the species' name instead")
    }

    /// Up to `limit` species `text` may be (see the type's doc), best first: a code typed whole, then the species
    /// whose English name starts with the text, then those whose English name has every word, then the others (by
    /// their scientific or other names), each group in the taxonomy's order.
    public func suggestions(for text: String, limit: Int = 10) -> [Species] {
        let typed = Self.key(text)
        let words = typed.split(separator: " ").map { Array((" " + $0).utf8) }
        guard !words.isEmpty, limit > 0 else { return [] }
        let code = byCode[text.trimmingWhitespace().uppercased()] ?? []
        var first: [Int] = code
        var starting: [Int] = []
        var inEnglish: [Int] = []
        var others: [Int] = []
        for index in haystacks.indices {
            let haystack = haystacks[index]
            let all = words.allSatisfy { ByteSearch.contains($0, in: haystack) }
            guard all, !code.contains(index) else { continue }
            if englishKeys[index].hasPrefix(typed) {
                starting.append(index)
            } else if words.allSatisfy({ ByteSearch.contains($0, in: englishHaystacks[index]) }) {
                inEnglish.append(index)
            } else if others.count < limit {
                others.append(index)
            }
            if first.count + starting.count >= limit { break }
        }
        first += starting
        first += inEnglish
        first += others
        return first.prefix(limit).map { species[$0] }
    }

    /// Whether a name is written as a code: four capital letters (`AMRO`). A name such as `Wren` or `Duck` is a name,
    /// not the code of the species it happens to spell (`WREN` is the Wrentit's).
    public static func looksLikeCode(_ name: String) -> Bool {
        name.unicodeScalars.count == 4 && name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }

    /// The one species `name` names as a name or a code, with a named form's parenthesis left out; `nil` for none
    /// or several.
    private func lookUp(_ name: String) -> Int? {
        if let found = only(byName[Self.compact(Self.key(name))]) { return found }
        let trimmed = name.trimmingWhitespace()
        if Self.looksLikeCode(trimmed), let found = only(byCode[trimmed]) { return found }
        if let open = trimmed.firstIndex(where: { $0 == "(" || $0 == "[" }), open > trimmed.startIndex {
            return only(byName[Self.compact(Self.key(String(trimmed[..<open])))])
        }
        return nil
    }

    /// The species a subspecies' or group's scientific name belongs to: its first two words
    /// (`Junco hyemalis [hyemalis Group]` → `Junco hyemalis`).
    private func binomial(_ scientificName: String) -> Int? {
        let words = Self.key(scientificName).split(separator: " ")
        guard words.count > 2 else { return nil }
        return only(byName[String(words[0] + words[1])])
    }

    /// The one element of `indices`, or `nil`.
    private func only(_ indices: [Int]?) -> Int? {
        guard let indices, indices.count == 1 else { return nil }
        return indices[0]
    }

    /// The lines of a TSV file's bytes, each split into its fields.
    private static func rows(_ bytes: [UInt8]) -> [[String]] {
        var rows: [[String]] = []
        rows.reserveCapacity(11_200)
        bytes.withUnsafeBufferPointer { buffer in
            var fields: [String] = []
            var start = 0
            for index in 0...buffer.count {
                let byte = index < buffer.count ? buffer[index] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self))
                start = index + 1
                if byte == UInt8(ascii: "\n") {
                    if fields != [""] { rows.append(fields) }
                    fields = []
                }
            }
        }
        return rows
    }

    /// A key without its spaces, as names are compared whole: `d'Amérique` and `d Amerique` are one name.
    private static func compact(_ key: String) -> String {
        key.utf8.contains(UInt8(ascii: " "))
            ? String(decoding: key.utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self) : key
    }

    /// `text` as the taxonomy compares names: lower case, without accents, apostrophes dropped (`Cooper's` →
    /// `coopers`), every other character that is not a letter or a digit a word break, words separated by one space.
    public static func key(_ text: String) -> String {
        let folded =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? text : text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" { continue }
            let isWordCharacter =
                scalar.isASCII
                ? (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
                : scalar.properties.isAlphabetic
            guard isWordCharacter else {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            if scalar.isASCII {
                let value = UInt8(scalar.value)
                bytes.append((0x41...0x5A).contains(value) ? value + 0x20 : value)
            } else {
                bytes.append(contentsOf: String(scalar).lowercased().utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
