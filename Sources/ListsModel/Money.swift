import Foundation

/// An exact amount of money, kept as integer minor units (cents), never as a binary float.
///
/// The tutorial's `MTItem.price` was a `float`, so 0.1 + 0.2 drifted; Lists stores and sums cents.
/// A ``Money`` used as an item's price is checked by ``Money/init(validatingPrice:)``; a total of many prices
/// may exceed the per-item limit and is built with ``Money/init(minorUnits:)``.
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The amount in hundredths (cents).
    public var minorUnits: Int64

    /// The largest price an item may have: one million.
    public static let maximumPrice = Money(minorUnits: 100_000_000)

    /// Zero.
    public static let zero = Money(minorUnits: 0)

    /// An amount of `minorUnits` hundredths, unchecked.
    public init(minorUnits: Int64) {
        self.minorUnits = minorUnits
    }

    /// The exact decimal value, for JSON and arithmetic.
    public var decimalValue: Decimal {
        Decimal(minorUnits) / 100
    }

    /// The amount written with a dot and two decimals: `1.99`, `0.35`, `1000000.00`.
    public var description: String {
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    public static func < (lhs: Money, rhs: Money) -> Bool {
        lhs.minorUnits < rhs.minorUnits
    }

    public static func + (lhs: Money, rhs: Money) -> Money {
        Money(minorUnits: lhs.minorUnits + rhs.minorUnits)
    }

    /// What every price message says is allowed.
    static let allowedPrices = "a number from 0 to 1000000 with at most two decimals after a dot, like 1.99"

    /// Reads a price as a person types it: `2`, `1.9`, `1.99`, `.5`, with an optional leading `$`.
    ///
    /// Refused, with a message naming the field: anything else, including `-1`, `1.234`, `1e9`, `NaN`,
    /// `1,5` (the decimal separator is a dot) and amounts over one million.
    /// - Throws: ``ValidationError`` for the `price` field.
    public init(parsingPrice text: String) throws {
        var digits = Substring(text.trimmingWhitespace(includingNewlines: false))
        if digits.first == "$" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first ?? ""
        let fraction = parts.count > 1 ? parts[1] : ""
        let isDigits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !digits.isEmpty, isDigits(whole), isDigits(fraction), !(whole.isEmpty && fraction.isEmpty),
            fraction.count <= 2, whole.count <= 7
        else {
            throw ValidationError(field: "price", message: Money.notAPriceMessage("\(Quoted(text))"))
        }
        let units = Int64(whole.isEmpty ? "0" : whole).map { $0 * 100 } ?? 0
        let cents = Int64(fraction.isEmpty ? "0" : fraction).map { fraction.count == 1 ? $0 * 10 : $0 } ?? 0
        try self.init(validatingPrice: units + cents)
    }

    /// Reads a price as a person who may write decimals with a comma types it (`1,99`, as German and French do):
    /// with `decimalComma`, a text that ``init(parsingPrice:)`` refuses and that holds exactly one comma and no dot
    /// is read with its comma as the dot. Their dot still works; without `decimalComma` a comma is refused as
    /// before (in English `1,99` could be a mistyped thousands separator). The rules (two decimals, up to one
    /// million) are the same: only the person's comma becomes the dot.
    /// - Throws: ``ValidationError`` for the `price` field, quoting `text` as it was typed.
    public init(parsingPrice text: String, decimalComma: Bool) throws {
        do {
            try self.init(parsingPrice: text)
        } catch let error as ValidationError {
            guard decimalComma, text.count(where: { $0 == "," }) == 1, !text.contains("."),
                let money = try? Money(parsingPrice: String(text.map { $0 == "," ? "." : $0 }))
            else { throw error }
            self = money
        }
    }

    /// The amount as a person who writes decimals with a comma (`decimalComma`) reads it: `1,99`; else `1.99`.
    public func text(decimalComma: Bool) -> String {
        decimalComma ? String(description.map { $0 == "." ? "," : $0 }) : description
    }

    /// A price of `minorUnits` cents, checked to lie between 0 and one million.
    /// - Throws: ``ValidationError`` for the `price` field.
    public init(validatingPrice minorUnits: Int64) throws {
        guard minorUnits >= 0, minorUnits <= Money.maximumPrice.minorUnits else {
            throw ValidationError(
                field: "price", message: Money.outOfRangeMessage(Money(minorUnits: minorUnits).description))
        }
        self.minorUnits = minorUnits
    }

    /// A price from an exact decimal, as JSON and property lists carry it.
    /// - Throws: ``ValidationError`` when it has more than two decimals or is out of range.
    public init(validatingPrice decimal: Decimal) throws {
        var scaled = decimal * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard !decimal.isNaN, rounded == scaled, rounded.magnitude <= Decimal(Money.maximumPrice.minorUnits) * 10
        else {
            throw ValidationError(field: "price", message: Money.notAPriceMessage("\(decimal)"))
        }
        try self.init(validatingPrice: NSDecimalNumber(decimal: rounded).int64Value)
    }

    /// The refusal of `text` (quoted as typed, or a number) that is not a price.
    static func notAPriceMessage(_ text: String) -> String {
        "\(text) is not a price; use \(allowedPrices)"
    }

    /// The refusal of an `amount` beyond what a price may be.
    static func outOfRangeMessage(_ amount: String) -> String {
        "\(amount) is out of range; use \(allowedPrices)"
    }
}

extension Money: Codable {
    /// Decodes a JSON number with at most two decimals.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(validatingPrice: try container.decode(Decimal.self))
    }

    /// Encodes as a JSON number with at most two decimals (`1.99`, `2`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decimalValue)
    }
}
