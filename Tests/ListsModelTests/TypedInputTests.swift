import Foundation
import JSONCodec
import ListsModel
import Testing

/// What a person types into a form's field or a command's option, read through the field's type: as they write
/// decimals and days, checked by the field's rules, in the model's words.
@Suite struct TypedInputTests {
    static let now = Date(timeIntervalSince1970: 1_796_017_527)  // 2026-11-30T05:45:27Z
    static let english = InputConventions(timeZone: Zone(identifier: "UTC") ?? .current, now: now)
    static let german = InputConventions(
        writesDecimalComma: true, timeZone: Zone(identifier: "Europe/Berlin") ?? .current, now: now)
    static let price = ShoppingItem.Fields.price
    static let date = BirdSighting.Fields.date

    @Test func aPriceIsReadAsMoneyReadsItWithADot() throws {
        #expect(try Self.price.parse("1.99", Self.english) == Money(minorUnits: 199))
        #expect(try Self.price.parse(" $3 ", Self.english) == Money(minorUnits: 300))
        #expect(try Self.price.parse(".5", Self.german) == Money(minorUnits: 50))
    }

    /// A comma is a decimal comma for a person whose language writes one, and only then; a refusal quotes what
    /// was typed, not the text with a dot.
    @Test func aDecimalCommaIsReadOnlyFromAPersonWhoWritesOne() throws {
        #expect(try Self.price.parse("1,99", Self.german) == Money(minorUnits: 199))
        #expect(try Self.price.parse("$2,5", Self.german) == Money(minorUnits: 250))
        let english = #expect(throws: ValidationError.self) { try Self.price.parse("1,99", Self.english) }
        #expect(english?.message == "\"1,99\" is not a price; use \(Self.allowedPrices)")
        for text in ["1,999", "1,2,3", "1,5.0"] {
            let refused = #expect(throws: ValidationError.self) { try Self.price.parse(text, Self.german) }
            #expect(refused == ValidationError(field: "price", message: "\"\(text)\" is not a price; \(Self.use)"))
        }
        // Read with its comma as a dot, a price beyond the range is not one: what was typed is quoted.
        let tooMuch = #expect(throws: ValidationError.self) { try Self.price.parse("1000000,01", Self.german) }
        #expect(tooMuch?.message == "\"1000000,01\" is not a price; use \(Self.allowedPrices)")
    }

    @Test func aPriceIsShownAsThePersonWritesDecimals() {
        #expect(Self.price.text(Money(minorUnits: 199), Self.english) == "1.99")
        #expect(Self.price.text(Money(minorUnits: 199), Self.german) == "1,99")
        #expect(Self.price.text(.zero, Self.german) == "0,00")
    }

    /// A day is noon that day in the person's zone (it reads the same day in the neighbouring zones); a date
    /// after tomorrow is refused with the field's own words.
    @Test func aDayIsNoonThatDayInThePersonsZone() throws {
        let paris = InputConventions(timeZone: Zone(identifier: "Europe/Paris") ?? .current, now: Self.now)
        #expect(ListsFormat.isoTimestamp(try Self.date.parse("2026-11-01", paris)) == "2026-11-01T11:00:00.000Z")
        #expect(ListsFormat.isoTimestamp(try Self.date.parse("2026-11-01T07:30", paris)) == "2026-11-01T06:30:00.000Z")
        #expect(Self.date.text(Self.now, paris) == "2026-11-30")
        let california = InputConventions(timeZone: Zone(identifier: "America/Los_Angeles") ?? .current)
        #expect(Self.date.text(Self.now, california) == "2026-11-29")
        let future = #expect(throws: ValidationError.self) { try Self.date.parse("2031-01-01", paris) }
        #expect(
            future == ValidationError(field: "date", message: "a sighting's date must lie between 1800-01-01 and today")
        )
        let unreal = #expect(throws: ValidationError.self) { try Self.date.parse("2026-02-30", paris) }
        #expect(unreal?.message == "\"2026-02-30\" is not a real date; \(SightingDate.allowed)")
    }

    @Test func emptyInputGivesWhatTheFieldsTypeSays() throws {
        let schema = BirdSighting.schema
        let draft = schema.draft(now: Self.now)
        let typed = schema.read(
            typed: [("name", " Wren "), ("location", "  "), ("date", "")], onto: draft, isNew: true, Self.english)
        #expect(typed.errors.isEmpty)
        #expect(typed.record.name == "Wren")
        #expect(typed.record.location == nil)
        #expect(typed.record.date == Self.now)

        let item = ShoppingItem.schema.read(
            typed: [("name", "Milk"), ("price", " ")], onto: ShoppingItem.schema.draft(now: Self.now), isNew: true,
            Self.english)
        #expect(item.record.price == .zero)
        // A command's option left empty is read as typed: an empty price is not a price there.
        #expect(throws: ValidationError.self) { try Self.price.parse("", Self.english) }
    }

    /// Every refused field has its message at once, in the order the form gives them, in the model's words.
    @Test func eachRefusedFieldHasItsMessage() {
        let schema = BirdSighting.schema
        let typed = schema.read(
            typed: [("name", ""), ("location", String(repeating: "a", count: 201)), ("date", "2031-01-01")],
            onto: schema.draft(now: Self.now), isNew: true, Self.english)
        #expect(
            typed.errors == [
                ValidationError(field: "name", message: "the bird's name is required (1 to 200 characters)"),
                ValidationError(
                    field: "location", message: "a location is 201 characters long; at most 200 are allowed"),
                ValidationError(field: "date", message: "a sighting's date must lie between 1800-01-01 and today"),
            ])
    }

    /// An edit leaves a field as it is where the text is what the form showed for it: a date shown as its day
    /// keeps its time, a price shown with a comma its value; an empty date keeps it too. What changed is what
    /// is applied to the stored record.
    @Test func anEditChangesOnlyWhatWasTypedAnew() {
        let sighting = BirdSighting(
            meta: RecordMeta(createdAt: Self.now), name: "Pigeon", location: "Everywhere", date: Self.now)
        for day in ["2026-11-30", " ", ""] {
            let typed = BirdSighting.schema.read(
                typed: [("name", "Rock dove"), ("location", "Everywhere"), ("date", day)], onto: sighting,
                isNew: false, Self.english)
            #expect(typed.record.date == Self.now)
            var stored = sighting
            stored.location = "Roof"
            typed.apply(to: &stored)
            #expect(stored.name == "Rock dove" && stored.location == "Roof" && stored.date == Self.now)
        }
        let moved = BirdSighting.schema.read(
            typed: [("date", "2026-11-29")], onto: sighting, isNew: false, Self.english)
        #expect(ListsFormat.isoTimestamp(moved.record.date) == "2026-11-29T12:00:00.000Z")
    }

    @Test func otherKindsOfInput() throws {
        #expect(try ShoppingItem.Fields.isOnShoppingList.parse("on") == true)
        #expect(try ShoppingItem.Fields.isOnShoppingList.parse("") == false)
        #expect(try BirdSighting.Fields.count.parse(" 12 ") == .number(12))
        #expect(try BirdSighting.Fields.count.parse("x") == .present)
        #expect(try BirdSighting.Fields.count.parse("") == nil)
        let count = #expect(throws: ValidationError.self) { try BirdSighting.Fields.count.parse("0") }
        #expect(count == ValidationError(field: "count", message: "use \(BirdCount.allowed)"))
        #expect(try BirdSighting.Fields.latitude.parse("-12.5") == Decimal(string: "-12.5"))
        #expect(try BirdSighting.Fields.latitude.parse("48,85", Self.german) == Decimal(string: "48.85"))
        let latitude = #expect(throws: ValidationError.self) { try BirdSighting.Fields.latitude.parse("north") }
        #expect(latitude?.message == "\"north\" is not a latitude; use -90 to 90 degrees")
        let far = #expect(throws: ValidationError.self) { try BirdSighting.Fields.latitude.parse("95.5") }
        #expect(far?.message == "95.5 is not a latitude; use -90 to 90 degrees")
        #expect(try BirdSighting.Fields.location.parse("") == nil)
    }

    /// The rules app.js reads a form by hold the schema's keys, limits, initial values and the model's own
    /// messages: filled in, each is the refusal the model gives.
    @Test func aFormsRulesForTheScriptAreTheSchemas() throws {
        let text = ShoppingItem.schema.formRules([("name", "name"), ("price", "price")], writesDecimalComma: true)
        guard case .object(let rules) = try JSONParser.parse(Array(text.utf8)) else {
            Issue.record("not an object")
            return
        }
        #expect(rules["kind"] == .string("item"))
        #expect(rules["decimalComma"] == .bool(true))
        guard case .array(let fields) = rules["fields"], case .object(let name) = fields[0],
            case .object(let price) = fields[1], case .object(let messages) = name["messages"],
            case .object(let priceMessages) = price["messages"], case .object(let initial) = rules["initial"]
        else {
            Issue.record("not the shape app.js reads")
            return
        }
        #expect(name["key"] == .string("name") && name["input"] == .string("text") && name["empty"] == .string("text"))
        #expect(price["input"] == .string("price") && price["empty"] == .string("initial"))
        func number(_ value: JSONValue?) -> Decimal? {
            guard case .number(let number) = value else { return nil }
            return number.decimal
        }
        #expect(number(name["maxLength"]) == Decimal(TextRule.maximumLength))
        #expect(number(price["maximum"]) == 1_000_000)
        #expect(number(initial["price"]) == 0 && initial["inShoppingList"] == .bool(false))
        #expect(initial["name"] == nil)
        func message(_ value: JSONValue?, _ placeholders: [String: String] = [:]) -> String {
            guard case .string(var text) = value else { return "" }
            for (key, filler) in placeholders { text = text.replacingOccurrences(of: "{\(key)}", with: filler) }
            return text
        }
        func refusal(_ body: () throws -> Any) -> String {
            do {
                _ = try body()
                return ""
            } catch {
                return (error as? ValidationError)?.message ?? ""
            }
        }
        #expect(message(messages["required"]) == refusal { try ShoppingItem.validName(" ") })
        let long = String(repeating: "a", count: 201)
        #expect(message(messages["tooLong"], ["count": "201"]) == refusal { try ShoppingItem.validName(long) })
        #expect(message(messages["forbidden"], ["code": "0007"]) == refusal { try ShoppingItem.validName("a\u{7}") })
        #expect(
            message(priceMessages["notAPrice"], ["quoted": "\"abc\""]) == refusal { try Self.price.parse("abc") })
        #expect(
            message(priceMessages["outOfRange"], ["amount": "1000000.01"])
                == refusal { try Self.price.parse("1000000.01") })

        let birds = BirdSighting.schema.formRules([("date", "date")], writesDecimalComma: false)
        #expect(birds.contains(#""initialNow": ["date"]"#))
        #expect(birds.contains(#""range": "a sighting's date must lie between 1800-01-01 and today""#))
        #expect(birds.contains(#""earliest": "1800-01-01T00:00:00.000Z", "slack": 86400000"#))
    }

    static let allowedPrices = "a number from 0 to 1000000 with at most two decimals after a dot, like 1.99"
    static let use = "use \(allowedPrices)"
}
