import Foundation

extension Decimal {
    /// The number as its `description` writes it (`42.4613556`, `-0.005`, `1000`), made from its digits directly:
    /// Foundation's own writing costs microseconds a number, which an import of 50,000 sightings with two
    /// coordinates each pays twice. A number of more than 19 digits, or of a layout this does not know, is written
    /// by `description`.
    public var plainText: String {
        guard Self.layoutIsKnown, let digits = Self.mantissa(of: self) else { return description }
        return Self.write(digits: digits, exponent: exponent, isNegative: sign == .minus)
    }

    /// The mantissa of `number` when it fits 64 bits, read from the value's bytes: Foundation keeps it as eight
    /// 16-bit words from the fifth byte, their count in the upper half of the second; `nil` when it is longer.
    private static func mantissa(of number: Decimal) -> UInt64? {
        withUnsafeBytes(of: number) { raw -> UInt64? in
            guard raw.count == 20 else { return nil }
            let length = Int(raw[1] >> 4)
            guard length <= 4 else { return nil }
            var value: UInt64 = 0
            for word in 0..<length {
                value |= UInt64(raw[4 + 2 * word]) << (16 * word) | UInt64(raw[5 + 2 * word]) << (16 * word + 8)
            }
            return value
        }
    }

    private static func write(digits value: UInt64, exponent: Int, isNegative: Bool) -> String {
        if value == 0 { return "0" }
        var digits = String(value)
        if exponent >= 0 {
            digits += String(repeating: "0", count: exponent)
        } else if digits.utf8.count > -exponent {
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: exponent))
        } else {
            digits = "0." + String(repeating: "0", count: -exponent - digits.utf8.count) + digits
        }
        return isNegative ? "-" + digits : digits
    }

    /// Whether values are laid out as ``mantissa(of:)`` reads them: checked once against `description`.
    private static let layoutIsKnown: Bool = {
        ["-12.345", "42.4613556", "1e3", "0.005", "-180", "123456789012345678"].allSatisfy { text in
            guard let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                let digits = mantissa(of: number)
            else { return false }
            return write(digits: digits, exponent: number.exponent, isNegative: number.sign == .minus)
                == number.description
        }
    }()
}

extension Locale {
    /// The locale numbers are stored and exchanged in, made once: making a `Locale` costs more than reading the
    /// number with it.
    public static let posix = Locale(identifier: "en_US_POSIX")
}
