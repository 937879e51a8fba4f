import Foundation
import ListsHTTP
import ListsModel

/// What the screen a delete lands on offers to undo: the action and the record, named in that
/// screen's address (`/todo?undo=task:<id>`), so that the offer works without JavaScript, survives a reload, and
/// reaches whichever server answers the page (the removed record is kept in the store, not in a server's memory).
///
/// The screen shows the Undo bar (``Layout/undoBar(message:action:fields:)``) while the undo is possible: a
/// deleted record for ``ListsModel/Undo/window`` after its delete. Its Undo is a small form that posts to the
/// record's `restore` address; app.js shows the bar for a few seconds and then takes it and the `undo` argument away.
///
/// Decided here: the undo of a delete puts the record back as it was (``ListsModel/RecordList/restore(_:)``). A tap on
/// a row of the Items tab or of To-Do, or a check-off on a store list, is not offered an undo: the row stays where it
/// was, and a second tap undoes it. A check-off of a repeating task is, as its row moves to the next due date and a
/// second tap would check that one off too.
struct UndoOffer: Equatable {
    /// What was done.
    enum Action: String {
        /// An item was deleted from the catalog (the Items tab, its Edit mode or its edit sheet).
        case deletedItem = "item"
        /// A task was deleted.
        case deletedTask = "task"
        /// A sighting was deleted.
        case deletedSighting = "sighting"
        /// A repeating task was checked off, and moved to its next due date: the undo takes the check-off back
        /// (``ListsModel/TodoList/undoCheckOff(_:expectedVersion:)``).
        case checkedOffTask = "checkoff"
    }

    /// What was done.
    var action: Action
    /// To which record.
    var id: UUID

    /// The name of the address's argument.
    static let argument = "undo"

    /// The offer `request`'s address names, when it names one of `action` (a screen offers only its own kind of
    /// undo; anything else in the argument is ignored, as an old or hand-made address may hold).
    init?(_ request: HTTPRequest, _ action: Action) {
        guard let text = request.query[Self.argument] else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0] == action.rawValue, let id = UUID(text: String(parts[1])) else {
            return nil
        }
        self.init(action, id)
    }

    /// The offer to undo `action` done to the record `id`.
    init(_ action: Action, _ id: UUID) {
        self.action = action
        self.id = id
    }

    /// The argument that names the offer in an address (`undo=task:<id>`), which ``ListPager`` addresses keep.
    var argument: String { "\(Self.argument)=\(action.rawValue):\(id.uuidString)" }

    /// What a page says when an undo finds nothing to undo or cannot be made.
    static func refusal(_ error: StoreError, noun: String) -> Notice? {
        switch error.code {
        case .nothingToRestore:
            Notice(
                message: "There is nothing to undo: the \(noun) was deleted more than \(Int(Undo.window / 60)) minutes "
                    + "ago, or it is back already.")
        case .conflict:
            Notice(message: "The \(noun) cannot be put back: a \(noun) with its id is on the list again.")
        default: nil
        }
    }
}
