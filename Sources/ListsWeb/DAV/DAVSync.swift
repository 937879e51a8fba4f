import Foundation
import ListsAuth
import ListsDAV
import ListsInterchange
import ListsModel
import Synchronization

/// What a calendar held when a client was given a sync token (RFC 6578): each to-do's id, ETag and resource name,
/// in list order. A token names its calendar's content by its digest, so that what changed since a token is the
/// difference between the content it names and the content now: a to-do added, changed, moved here or put back by
/// an undo has an ETag it did not have; one deleted or moved away is missing, and its name is the href the answer
/// says removed. Nothing of the stores' writes keeps a log for this: every face changes tasks as it always did.
struct DAVSnapshot: Equatable {
    struct Entry: Equatable {
        var id: UUID
        var etag: String
        var name: String
    }

    var entries: [Entry]

    init(_ items: [DAVItem]) {
        entries = items.map { Entry(id: $0.id, etag: $0.etag, name: $0.name) }
    }

    /// The text a store keeps: a line a to-do, its id, its ETag and its name when that is not `ID.ics`.
    var text: String {
        entries.map { entry in
            let name = entry.name == entry.id.uuidString + ".ics" ? "" : " " + entry.name
            return entry.id.uuidString + " " + entry.etag + name
        }.joined(separator: "\n")
    }

    /// The snapshot `text` holds; `nil` when it is not one this server wrote.
    init?(text: String) {
        var entries: [Entry] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, let id = UUID(text: String(parts[0])) else { return nil }
            entries.append(
                Entry(
                    id: id, etag: String(parts[1]), name: parts.count == 3 ? String(parts[2]) : id.uuidString + ".ics"))
        }
        self.entries = entries
    }

    /// The digest that names this content in a token: 128 bits of BLAKE2b's, in hex.
    var digest: String { String(SecretToken.digest("caldav-snapshot\n" + text).prefix(32)) }
}

/// The snapshots tokens name, kept in the store's settings (so that every server on one database, and a restarted
/// one, knows the tokens any of them gave): each calendar's at `caldav-sync:HOUSEHOLD:LIST:DIGEST`, and at
/// `caldav-sync:HOUSEHOLD:LIST` the list of them with when each was last given, newest last. A calendar keeps the
/// snapshots of the last ``kept`` and at most ``most`` of them: a token older than that answers `valid-sync-token`,
/// and its client syncs again from the start (RFC 6578 3.2).
///
/// Each calendar's current token is also remembered in memory with the household's tasks' revision it was made
/// at, so that a PROPFIND reads one number, not the list, while nothing changed.
final class DAVSyncStates: Sendable {
    /// How long a token stays good after it was last given.
    static let kept: TimeInterval = 30 * 24 * 60 * 60
    /// The most snapshots a calendar keeps.
    static let most = 50

    private struct Key: Hashable {
        var household: HouseholdID
        var list: UUID
    }

    private let current = Mutex<[Key: (revision: Int64, listVersion: Int, digest: String)]>([:])

    /// The calendar's token now (its content's digest), and its to-dos when they had to be read for it; their
    /// snapshot is then kept in the store when it is new, or its time moved on.
    func token(of calendar: DAVCalendar, now: Date) throws -> (digest: String, items: [DAVItem]?) {
        let key = Key(household: calendar.household.household.id, list: calendar.list.id)
        let revision = try calendar.revision()
        if let known = current.withLock({ $0[key] }), known.revision == revision,
            known.listVersion == calendar.list.version
        {
            return (known.digest, nil)
        }
        let items = try calendar.items()
        let snapshot = DAVSnapshot(items)
        let digest = snapshot.digest
        try keep(snapshot, digest: digest, of: calendar, now: now)
        current.withLock { remembered in
            if remembered.count >= 10_000 { remembered.removeAll() }
            remembered[key] = (revision, calendar.list.version, digest)
        }
        return (digest, items)
    }

    /// The snapshot the token with `digest` names, when the calendar still keeps it.
    func snapshot(_ digest: String, of calendar: DAVCalendar) throws -> DAVSnapshot? {
        try calendar.household.lists.store.read { session in
            try session.setting(Self.key(calendar) + ":" + digest).flatMap(DAVSnapshot.init(text:))
        }
    }

    private static func key(_ calendar: DAVCalendar) -> String {
        "caldav-sync:\(calendar.household.household.id.rawValue):\(calendar.key)"
    }

    /// Keeps `snapshot` under `digest` and forgets the calendar's snapshots given too long ago, in one write.
    private func keep(_ snapshot: DAVSnapshot, digest: String, of calendar: DAVCalendar, now: Date) throws {
        let key = Self.key(calendar)
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded())
        try calendar.household.lists.store.write { session in
            var given: [(digest: String, at: Int64)] =
                (try session.setting(key) ?? "").split(separator: "\n").compactMap { line in
                    let parts = line.split(separator: " ")
                    guard parts.count == 2, let at = Int64(parts[1]) else { return nil }
                    return (String(parts[0]), at)
                }
            let isNew = !given.contains { $0.digest == digest }
            given.removeAll { $0.digest == digest }
            given.append((digest, milliseconds))
            let oldest = milliseconds - Int64(Self.kept * 1000)
            let forgotten = given.enumerated().filter { index, entry in
                entry.at < oldest || index < given.count - Self.most
            }.map(\.element)
            for entry in forgotten { try session.removeSetting(key + ":" + entry.digest) }
            given.removeAll { entry in forgotten.contains { $0.digest == entry.digest } }
            if isNew { try session.setSetting(key + ":" + digest, to: snapshot.text) }
            try session.setSetting(key, to: given.map { "\($0.digest) \($0.at)" }.joined(separator: "\n"))
        }
    }
}
