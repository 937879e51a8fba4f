import Foundation

/// How much of an item a shopping list wants: a count (`2`), an amount with a unit (`500 g`, `1.5 l`, `2 packs`),
/// or free text kept as typed when it is neither (`a few`, `enough for Sunday`).
///
/// *What is read.* A number (digits, one decimal point or comma, no sign, no exponent) is a count; a number
/// followed by a known unit (``Unit``, in its short or long form, singular or plural, with or without a space) is
/// an amount; text that does not start with a number is kept as typed. A number followed by a word that is no unit
/// is refused, naming the units, rather than kept as text: `2 bootles` is a typo to fix, not a note. So is a
/// quantity of 0 or less, one above a million, and one of more than ``maximumLength`` characters.
///
/// *Adding.* Putting an item on a list again adds to its quantity when the units agree: counts add up, amounts of
/// one dimension add up in the smaller unit and are written in the larger one when the total is at least one of
/// it (`500 ml` + `1 l` = `1.5 l`); anything else (`2` and `500 g`, free text) does not add (``adding(_:)``
/// answers `nil`) and the list keeps both.
///
/// *The total.* A list's total multiplies an item's price by its count: a count, or an amount in packs, cans,
/// bottles and the other countable units (the price being the item's, as bought, one pack). An amount by weight or
/// volume (`500 g`, `1.5 l`) and free text count once: the price is the item as it is bought, and Lists does not
/// know what `1.5 l` of an item sold by the bottle costs (``multiplier``).
public enum Quantity: Sendable, Hashable, CustomStringConvertible {
    case count(Decimal)
    case amount(Decimal, Unit)
    case text(String)

    /// The most characters a quantity may have.
    public static let maximumLength = 40
    /// The largest number a quantity may have.
    public static let largest: Decimal = 1_000_000
    /// The most decimals a quantity's number may have.
    public static let decimals = 3

    /// The units an amount can have.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case milligram = "mg", gram = "g", kilogram = "kg"
        case millilitre = "ml", centilitre = "cl", decilitre = "dl", litre = "l"
        case pack, can, bottle, box, bag, bunch, jar, piece

        /// What the unit measures; amounts add up only within one dimension.
        public enum Dimension: Sendable { case mass, volume, countable }

        public var dimension: Dimension {
            switch self {
            case .milligram, .gram, .kilogram: .mass
            case .millilitre, .centilitre, .decilitre, .litre: .volume
            default: .countable
            }
        }

        /// How many of the dimension's smallest unit (mg, ml) one of this is; 1 for countable units.
        var scale: Decimal {
            switch self {
            case .gram: 1_000
            case .kilogram: 1_000_000
            case .centilitre: 10
            case .decilitre: 100
            case .litre: 1_000
            default: 1
            }
        }

        /// The unit as written after `amount`: the symbol for metric units, the word (plural unless 1) otherwise.
        func written(for amount: Decimal) -> String {
            guard dimension == .countable else { return rawValue }
            guard amount != 1 else { return rawValue }
            switch self {
            case .box: return "boxes"
            case .bunch: return "bunches"
            default: return rawValue + "s"
            }
        }

        /// Every way a person writes each unit, lower-cased.
        public static let spellings: [String: Unit] = {
            var spellings: [String: Unit] = [:]
            for unit in Unit.allCases {
                spellings[unit.rawValue] = unit
                spellings[unit.written(for: 2)] = unit
            }
            let more: [String: Unit] = [
                "gr": .gram, "gram": .gram, "grams": .gram, "gramme": .gram, "grammes": .gram, "kilo": .kilogram,
                "kilos": .kilogram, "kilogram": .kilogram, "kilograms": .kilogram, "milligram": .milligram,
                "milligrams": .milligram, "litre": .litre, "litres": .litre, "liter": .litre, "liters": .litre,
                "millilitre": .millilitre, "millilitres": .millilitre, "milliliter": .millilitre,
                "milliliters": .millilitre, "centilitre": .centilitre, "centiliter": .centilitre,
                "decilitre": .decilitre, "deciliter": .decilitre, "pcs": .piece, "pc": .piece, "pkg": .pack,
                "packet": .pack, "packets": .pack, "tin": .can, "tins": .can,
            ]
            spellings.merge(more) { first, _ in first }
            return spellings
        }()
    }

    /// The quantity `text` says, as a person typed it; `nil` for an empty text (no quantity).
    /// - Throws: ``ValidationError`` on `quantity`, saying what is allowed.
    public init?(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= Self.maximumLength else {
            throw ValidationError(
                field: "quantity", message: "a quantity has at most \(Self.maximumLength) characters")
        }
        if trimmed.unicodeScalars.contains(where: TextRule.isForbidden) {
            throw ValidationError(field: "quantity", message: "a quantity cannot contain control characters")
        }
        let scalars = Array(trimmed.unicodeScalars)
        // A sign or a number at the start makes it a number to read; anything else is free text.
        var end = 0
        if scalars.first == "-" || scalars.first == "+" {
            throw ValidationError(
                field: "quantity", message: "\(Quoted(trimmed)) is not a quantity: it must be above 0")
        }
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "." || scalars[end] == "," {
            end += 1
        }
        guard end > 0, ("0"..."9").contains(scalars[0]) else {
            self = .text(trimmed)
            return
        }
        let digits = String(String.UnicodeScalarView(scalars[..<end])).replacingOccurrences(of: ",", with: ".")
        let rest = String(String.UnicodeScalarView(scalars[end...])).trimmingWhitespace().lowercased()
        let units =
            "a number alone (a count) or a number and a unit: "
            + "g, kg, mg, ml, cl, dl, l, pack, can, bottle, box, bag, bunch, jar, piece"
        // "1,000": a thousands separator to some, 1.000 to others.
        let separators = scalars[..<end].filter { $0 == "." || $0 == "," }
        if separators == [","], let comma = digits.firstIndex(of: "."),
            digits[digits.index(after: comma)...].count == 3
        {
            throw ValidationError(
                field: "quantity",
                message: "\(Quoted(trimmed)) could be read two ways: write 1000 for a thousand, or 1.5 for a decimal")
        }
        if rest.first == "e", rest.dropFirst().allSatisfy({ $0.isNumber || $0 == "+" || $0 == "-" }) {
            throw ValidationError(
                field: "quantity",
                message: "\(Quoted(trimmed)) is not a quantity: write the number in full, up to 1,000,000")
        }
        guard digits.filter({ $0 == "." }).count <= 1, !digits.hasSuffix("."),
            let number = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw ValidationError(field: "quantity", message: "\(Quoted(trimmed)) is not a quantity: write \(units)")
        }
        guard number > 0 else {
            throw ValidationError(
                field: "quantity", message: "\(Quoted(trimmed)) is not a quantity: it must be above 0")
        }
        guard number <= Self.largest else {
            throw ValidationError(field: "quantity", message: "a quantity is at most 1,000,000")
        }
        if let point = digits.firstIndex(of: "."), digits[digits.index(after: point)...].count > Self.decimals {
            throw ValidationError(field: "quantity", message: "a quantity has at most \(Self.decimals) decimals")
        }
        if rest.isEmpty {
            self = .count(number)
        } else if let unit = Unit.spellings[rest] {
            self = .amount(number, unit)
        } else {
            throw ValidationError(
                field: "quantity", message: "\(Quoted(rest)) is not a unit Lists knows: write \(units)")
        }
    }

    /// The quantity as Lists writes it: `2`, `1.5 l`, `2 packs`, or the text as typed.
    public var description: String {
        switch self {
        case .count(let number): Self.written(number)
        case .amount(let number, let unit): "\(Self.written(number)) \(unit.written(for: number))"
        case .text(let text): text
        }
    }

    /// This quantity and `other` together, when their units agree (see the type's notes); `nil` when they do not,
    /// or when the total would be over ``largest``.
    public func adding(_ other: Quantity) -> Quantity? {
        guard let total = unchecked(adding: other) else { return nil }
        switch total {
        case .count(let number), .amount(let number, _): return number <= Self.largest ? total : nil
        case .text: return nil
        }
    }

    private func unchecked(adding other: Quantity) -> Quantity? {
        switch (self, other) {
        case (.count(let first), .count(let second)):
            return .count(first + second)
        case (.amount(let first, let unit), .amount(let second, let otherUnit)) where unit == otherUnit:
            return .amount(first + second, unit)
        case (.amount(let first, let unit), .amount(let second, let otherUnit))
        where unit.dimension == otherUnit.dimension && unit.dimension != .countable:
            let total = first * unit.scale + second * otherUnit.scale
            let larger = unit.scale >= otherUnit.scale ? unit : otherUnit
            let smaller = unit.scale >= otherUnit.scale ? otherUnit : unit
            // In the larger unit when it is at least one of it and needs no more decimals than a quantity has.
            let inLarger = total / larger.scale
            guard total >= larger.scale, Self.fits(inLarger) else { return .amount(total / smaller.scale, smaller) }
            return .amount(inLarger, larger)
        default:
            return nil
        }
    }

    /// What the item's price is multiplied by in a list's total: the count of a count or of countable units, 1 for
    /// an amount by weight or volume and for free text.
    public var multiplier: Decimal {
        switch self {
        case .count(let number): number
        case .amount(let number, let unit) where unit.dimension == .countable: number
        default: 1
        }
    }

    /// Whether `number` has at most ``decimals`` decimals.
    private static func fits(_ number: Decimal) -> Bool {
        var value = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, decimals, .plain)
        return rounded == number
    }

    /// A number as a person writes it: no exponent, no trailing zeros.
    private static func written(_ number: Decimal) -> String {
        var value = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, Self.decimals + 3, .plain)
        return NSDecimalNumber(decimal: rounded).stringValue
    }
}
