import Foundation
import ListsModel

/// `POST /api/v1/items`: `{name, price?, inShoppingList?}`; the price defaults to 0, the item starts off the list.
struct ItemInput: JSONBody {
    static let allowedFields = ["name", "price", "inShoppingList"]
    var name: String
    var price: Money?
    var inShoppingList: Bool?

    init(_ fields: JSONFields) throws {
        name = try JSONFields.required(try fields.string("name"), "name", "an item's name")
        price = try fields.price("price")
        inShoppingList = try fields.bool("inShoppingList")
    }
}

/// `PATCH /api/v1/items/{id}`: any of `{name, price, inShoppingList}`.
struct ItemPatch: JSONBody {
    var name: String?
    var price: Money?
    var inShoppingList: Bool?

    static var allowedFields: [String] { ItemInput.allowedFields }

    init(_ fields: JSONFields) throws {
        name = try fields.string("name")
        price = try fields.price("price")
        inShoppingList = try fields.bool("inShoppingList")
    }
}

/// `POST /api/v1/tasks`: `{title, done?}`.
struct TaskInput: JSONBody {
    static let allowedFields = ["title", "done"]
    var title: String
    var done: Bool?

    init(_ fields: JSONFields) throws {
        title = try JSONFields.required(try fields.string("title"), "title", "a task's title")
        done = try fields.bool("done")
    }
}

/// `PATCH /api/v1/tasks/{id}`: any of `{title, done}`.
struct TaskPatch: JSONBody {
    var title: String?
    var done: Bool?

    static var allowedFields: [String] { TaskInput.allowedFields }

    init(_ fields: JSONFields) throws {
        title = try fields.string("title")
        done = try fields.bool("done")
    }
}

/// `POST /api/v1/sightings`: `{name, location?, date?, count?, scientificName?, latitude?, longitude?, comments?}`;
/// the date defaults to now, as the tutorial's Done did.
struct SightingInput: JSONBody {
    static let allowedFields = ["name", "location", "date", "count", "scientificName", "latitude", "longitude", "comments"]
    var name: String
    var location: String?
    var date: Date?
    var details = SightingDetails()

    init(_ fields: JSONFields) throws {
        name = try JSONFields.required(try fields.string("name"), "name", "the bird's name")
        location = try fields.nullableString("location") ?? nil
        date = try fields.date("date")
        try fields.sightingDetails()(&details)
    }
}

/// `PATCH /api/v1/sightings/{id}`: any of `{name, location, date}`; `"location": null` clears the location.
struct SightingPatch: JSONBody {
    var name: String?
    /// `nil`: unchanged; `""`: cleared (as `null` asks).
    var location: String?
    var date: Date?
    /// The details the body sets.
    var details: (inout SightingDetails) -> Void

    static var allowedFields: [String] { SightingInput.allowedFields }

    init(_ fields: JSONFields) throws {
        name = try fields.string("name")
        location = try fields.nullableString("location").map { $0 ?? "" }
        date = try fields.date("date")
        details = try fields.sightingDetails()
    }
}
