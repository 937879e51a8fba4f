import ListsModel

/// A price as a person types it in the Shopping sheets, in their own way of writing decimals.
///
/// ``Money/init(parsingPrice:)`` reads a dot (`1.99`, `$3`); a person whose language writes decimals with a
/// comma (the viewer's first `Accept-Language`: `de`, `fr`, `nl`, …, see ``Viewer``) types `1,99`, which is
/// read as 1.99 too. Their dot still works; a comma from anyone else is refused as before (in English `1,99`
/// could be a mistyped thousands separator). The model's rules (two decimals, up to one million) are unchanged:
/// this only turns the person's comma into the model's dot.
enum PriceInput {
    /// The price `text` says, read as `viewer` writes decimals.
    /// - Throws: ``ValidationError`` for the `price` field, quoting `text` as it was typed.
    static func parse(_ text: String, _ viewer: Viewer) throws -> Money {
        do {
            return try Money(parsingPrice: text)
        } catch let error as ValidationError {
            guard viewer.writesDecimalComma, let dotted = commaAsDot(text) else { throw error }
            // A refusal quotes what was typed, not the dotted text.
            guard let money = try? Money(parsingPrice: dotted) else { throw error }
            return money
        }
    }

    /// `money` as the price field shows it to `viewer`: `1.99`, or `1,99` for a viewer who writes decimal commas.
    static func text(_ money: Money, _ viewer: Viewer) -> String {
        let text = money.description
        return viewer.writesDecimalComma ? String(text.map { $0 == "." ? "," : $0 }) : text
    }

    /// `text` with its one comma as a dot, when it has exactly one comma and no dot.
    private static func commaAsDot(_ text: String) -> String? {
        guard text.count(where: { $0 == "," }) == 1, !text.contains(".") else { return nil }
        return String(text.map { $0 == "," ? "." : $0 })
    }
}
