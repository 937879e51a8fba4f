import Foundation
import JSONCodec
import ListsHTTP
import ListsModel
import Synchronization

/// Live updates pushed to open pages: `GET /api/v1/events`, a stream of server-sent events of one household's
/// changes, which app.js follows instead of asking every second.
///
/// Each event names the household's new revision (its `id`, which the browser sends back as `Last-Event-ID` when
/// it reconnects) and the lists that changed; when the hub can tell, it names the revision the change is from and
/// carries the changed records too, so that a page at that revision draws them in place instead of loading its
/// screen again (`Assets/Files/app/41-live-drawing.js`):
///
/// ```
/// id: 42
/// event: change
/// data: {"revision":42,"changed":["items"],"from":41,"records":[{"kind":"item","id":"…","record":{…},
///        "previous":"…"}]}
/// ```
///
/// It can tell when it read the household's lists at both revisions: it keeps each list of an open stream's
/// household as it last read it (``ListSnapshot``, up to ``ListSnapshot/limit`` records; the store lists and their
/// entries, ``StoreListsSnapshot``), and at each change
/// reads again the lists whose revision moved, in the same snapshot as the revisions, and compares. The records
/// are read once per change and server, however many pages follow them, and writes pay nothing for it. An event
/// without `records` (a resumed stream, a list too long to keep, many records at once) asks the page to load its
/// screen again, as every event did before.
///
/// A stream opened with `Last-Event-ID` (or `?since=`, the revision a page was drawn at) first gets the change since
/// that revision, so that nothing is missed between two connections. The hub remembers the last 256 revisions it
/// saw of each household with open streams; a revision it does not know (too old, from before the server
/// started, or not the household's) gets `event: reset`, and the page loads its lists again.
///
/// The hub learns of a change at once when it was made through this server (``changed(_:)``, called after every
/// write request), and at once too when another server on the same PostgreSQL database made it (the store's
/// ``ChangeAnnouncingStore`` notifications, heard from the first stream on). Other writers (the CLI on a SQLite
/// file) are found by a thread that reads the revisions of the households with open streams every
/// ``pollInterval``, only while some are open (every ten times that with a store that announces its changes, as a
/// safety net).
/// Every ``heartbeatInterval`` each stream gets a comment line, so that proxies keep it open and a client that
/// left is noticed; a stream whose session or token no longer lets it see the household ends then, or at once when
/// the change to accounts was made through this server (``recheck()``).
///
/// A task's reminder (``ListsModel/TodoTask/remindAt``) comes to every open stream of its household when its moment
/// passes, as an event of its own that the page shows (`Assets/Files/app/42-reminders.js`), without an `id`, so that
/// a resumed stream's revision is not moved by it:
///
/// ```
/// event: reminder
/// data: {"id":"…","title":"Pay rent","remindAt":"2026-12-01T09:00"}
/// ```
///
/// The hub keeps the reminders of each followed household's open tasks (read again with its tasks when they
/// change) and, at each tick of its thread, sends those whose moment (in the household's zone) came since the last
/// tick. A reminder that came while no page of the household was open is not sent later: the home screen and Today
/// say what is due.
///
/// A stream only ever carries its own household's revisions, list names and records, read from the store scoped
/// to it.
final class EventHub: Sendable {
    /// The stream's address.
    static let path = "/api/v1/events"

    /// The stream's route, for the household the request acts in. A stream lasts while the session or token that
    /// opened it still sees the household (`access` checks it again at every heartbeat and after ``recheck()``).
    func route(access: AccessControl) -> APIRoute {
        APIRoute(
            method: "GET", path: Self.path,
            operation: APIOperation(
                id: "events",
                summary: "The household's changes as they happen (server-sent events): each event's id is the new "
                    + "revision and its data names the lists that changed and, when the server can tell, the "
                    + "revision it is from and the changed records; `reset` asks to load everything again.",
                parameters: [
                    #"{"name": "since", "in": "query", "required": false, "description": "The revision the client shows; a change since then is sent first.", "schema": {"type": "integer", "minimum": 0}}"#,
                    #"{"name": "Last-Event-ID", "in": "header", "required": false, "description": "The last event's id, sent by a browser that reconnects.", "schema": {"type": "string"}}"#,
                ],
                answer:
                    #"{"description": "An endless stream of `change` and `reset` events.", "content": {"text/event-stream": {"schema": {"type": "string"}}}}"#
            )
        ) { [self] request, context in
            // A HEAD is answered as a GET without its body, which a stream, having no end, cannot be.
            guard context.method == "GET" else { throw HTTPError.methodNotAllowed(context.method, allowed: ["GET"]) }
            guard let household = context.household?.household.id else { throw ListsWebApp.noHousehold }
            return try subscribe(
                household: household, since: Self.lastEventID(of: request),
                isAllowed: { (try? access.principal(of: request))??.household?.id == household })
        }
    }

    /// The revision a stream resumes from: its `Last-Event-ID` (a reconnection), else its `since` (the revision the
    /// page was drawn at); `nil` for a stream that starts now.
    static func lastEventID(of request: HTTPRequest) -> Int64? {
        (request.headers["Last-Event-ID"] ?? request.query["since"]).flatMap { Int64($0) }
    }

    /// How often changes made by other processes are looked for, while streams are open.
    static let pollInterval: Duration = .milliseconds(500)
    /// How often an idle stream gets a comment line.
    static let heartbeatInterval: Duration = .seconds(20)
    /// How many revisions of a household are remembered for streams that resume.
    static let remembered = 256
    /// The most records one event carries; a change of more (an import) asks pages to load their screens again.
    static let recordsLimit = 200

    /// One open stream: where its events go, and whether its reader may still see the household.
    private struct Subscriber {
        let stream: ResponseStream
        let isAllowed: @Sendable () -> Bool
    }

    /// What the hub knows of one household with open streams.
    private struct Household {
        var subscribers: [ObjectIdentifier: Subscriber] = [:]
        /// Its lists' revisions as last seen, and the revisions seen before, oldest first.
        var latest: [RecordKind: Int64] = [:]
        var history: [Int64: [RecordKind: Int64]] = [:]
        var order: [Int64] = []
        /// Its lists as read at ``latest``; a list too long to keep, or not read, is missing.
        var lists: [RecordKind: ListSnapshot] = [:]
        /// Its store lists and their entries as read at ``latest``.
        var shopping: StoreListsSnapshot?
        /// The reminders of its open tasks, soonest first.
        var reminders: [Reminder] = []
        /// The moment up to which its reminders were sent.
        var remindedThrough: Date

        mutating func remember(_ revisions: [RecordKind: Int64]) {
            let revision = revisions.values.reduce(0, +)
            latest = revisions
            if history[revision] == nil {
                history[revision] = revisions
                order.append(revision)
                if order.count > EventHub.remembered { history[order.removeFirst()] = nil }
            }
        }
    }

    /// A task's reminder, as a moment.
    private struct Reminder {
        let id: UUID
        let title: String
        let remindAt: Due
        let moment: Date
    }

    /// The clock reminders come by.
    private let clock: @Sendable () -> Date
    /// The store scoped to a household.
    private let scoped: @Sendable (HouseholdID) -> any Store
    /// The store, when it announces every writer's changes.
    private let announcing: (any ChangeAnnouncingStore)?
    /// Listening to those announcements, from the first stream on.
    private let listener = Mutex<(any ChangeListening)?>(nil)
    private let households = Mutex<[HouseholdID: Household]>([:])
    /// Whether the thread that polls and beats is running.
    private let isWatching = Atomic<Bool>(false)

    /// A hub over `store`'s households, whose reminders come by `clock`.
    init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        scoped = { [store] in store.scoped(to: $0) }
        announcing = store as? any ChangeAnnouncingStore
    }

    deinit {
        listener.withLock { $0?.stop() }
    }

    /// A new stream of `household`'s changes, starting with the change since `since` (the revision the client
    /// last saw) when there was one; it lasts while `isAllowed` holds (checked at every heartbeat).
    func subscribe(
        household: HouseholdID, since: Int64?, isAllowed: @escaping @Sendable () -> Bool
    ) throws -> HTTPResponse {
        let stream = ResponseStream(first: Array("retry: 2000\n\n".utf8))
        // The first stream of a household reads its lists too, to compare the next change with; when the household
        // stops being followed between the look and the registration, the read is made again with them.
        var readsLists = households.withLock { $0[household] == nil }
        while true {
            let (now, lists, shopping, reminders) = try scoped(household).read { session in
                (
                    try session.revisions(), readsLists ? try Self.lists(RecordKind.all, in: session) : [:],
                    readsLists ? try StoreListsSnapshot.read(in: session, household: household, after: nil) : nil,
                    readsLists ? try Self.reminders(household, in: session) : []
                )
            }
            let moment = clock()
            let registered = households.withLock { households in
                var state: Household
                if let followed = households[household] {
                    // Left as it is, whatever was read here: the look below tells every stream of what is newer.
                    state = followed
                } else if readsLists {
                    state = Household(remindedThrough: moment)
                    state.remember(now)
                    state.lists = lists
                    state.shopping = shopping
                    state.reminders = reminders
                } else {
                    return false
                }
                // What the stream's reader missed, up to what the hub's other streams were told last (which may be
                // newer than what was read here); anything newer comes with the look below.
                if let since {
                    let revision = state.latest.values.reduce(0, +)
                    if let then = state.history[since] {
                        if since != revision {
                            stream.send(Self.change(revision: revision, from: then, to: state.latest))
                        }
                    } else {
                        stream.send(Self.reset(revision: revision))
                    }
                }
                state.subscribers[ObjectIdentifier(stream)] = Subscriber(stream: stream, isAllowed: isAllowed)
                households[household] = state
                return true
            }
            if registered { break }
            readsLists = true
        }
        stream.onClose { [weak self] in self?.unsubscribe(stream, from: household) }
        startWatching()
        // A change committed after `now` was read and before the stream was registered found no stream to tell
        // (and its announcement may have come before the household had one): one more look catches it.
        changed(household)
        var response = HTTPResponse(
            status: 200,
            headers: HTTPHeaders([
                ("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                // nginx: send each event as it comes rather than buffer the stream.
                ("X-Accel-Buffering", "no"),
            ]))
        response.stream = stream
        return response
    }

    /// Tells `household`'s streams what changed, if anything did since the hub last looked.
    func changed(_ household: HouseholdID) {
        guard let (seen, seenShopping) = households.withLock({ $0[household].map { ($0.latest, $0.shopping) } })
        else { return }
        // The revisions, and in the same snapshot the lists whose revision moved since the hub last looked (the
        // store lists' entries when the lists did: each change of entries changes their list).
        guard
            let (now, moved, lists, shopping, reminders) = try? scoped(household).read({ session in
                let now = try session.revisions()
                let moved = RecordKind.all.filter { now[$0, default: 0] != seen[$0, default: 0] }
                let shopping =
                    moved.contains(.list)
                    ? try StoreListsSnapshot.read(in: session, household: household, after: seenShopping)
                    : seenShopping
                let reminders = moved.contains(.task) ? try Self.reminders(household, in: session) : nil
                return (now, moved, try Self.lists(moved, in: session), shopping, reminders)
            })
        else { return }
        households.withLock { households in
            // Revisions only grow: a look that read before another one's answer is not news.
            guard var state = households[household], now.values.reduce(0, +) > state.latest.values.reduce(0, +)
            else { return }
            // The lists that moved since the hub's last state moved since `seen` too (revisions only grow), so
            // all were read here.
            var records: [[UInt8]]? = []
            for kind in RecordKind.all where now[kind, default: 0] != state.latest[kind, default: 0] {
                let limit = Self.recordsLimit - (records?.count ?? 0)
                switch kind {
                case .purchase:
                    // The log of what was bought, which no screen with row templates draws (Recently bought is
                    // loaded); a check-off's entry comes with its list.
                    continue
                case .list:
                    if let old = state.shopping, let new = shopping, let changes = new.changes(from: old, limit: limit)
                    {
                        records? += changes
                    } else {
                        records = nil
                    }
                default:
                    if let old = state.lists[kind], let new = lists[kind],
                        let changes = new.changes(from: old, limit: limit)
                    {
                        records? += changes
                    } else {
                        records = nil
                    }
                }
            }
            let event = Self.change(
                revision: now.values.reduce(0, +), from: state.latest, to: now, records: records)
            state.remember(now)
            for kind in moved { state.lists[kind] = lists[kind] }
            state.shopping = shopping
            if let reminders { state.reminders = reminders }
            for subscriber in state.subscribers.values { subscriber.stream.send(event) }
            households[household] = state
        }
    }

    /// The lists of `kinds` as `session` reads them; a list too long to keep is left out.
    private static func lists(_ kinds: [RecordKind], in session: any StoreSession) throws -> [RecordKind: ListSnapshot]
    {
        var lists: [RecordKind: ListSnapshot] = [:]
        for kind in kinds { lists[kind] = try ListSnapshot.read(kind, in: session) }
        return lists
    }

    /// Tells every household with open streams to look: the store's announcements may have missed some.
    private func changedAll() {
        for household in households.withLock({ Array($0.keys) }) { changed(household) }
    }

    private func unsubscribe(_ stream: ResponseStream, from household: HouseholdID) {
        households.withLock { households in
            households[household]?.subscribers[ObjectIdentifier(stream)] = nil
            if households[household]?.subscribers.isEmpty == true { households[household] = nil }
        }
    }

    /// Starts the thread that looks for other processes' changes and beats, unless it runs; it ends once no
    /// stream is open.
    private func startWatching() {
        if let announcing {
            listener.withLock { listener in
                guard listener == nil else { return }
                listener = announcing.listenForChanges { [weak self] household in
                    if let household { self?.changed(household) } else { self?.changedAll() }
                }
            }
        }
        guard !isWatching.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let pollsEvery = announcing == nil ? 1 : 10
        let thread = Thread { [weak self] in
            var sinceBeat = Duration.zero
            var ticks = 0
            while let hub = self {
                Thread.sleep(forTimeInterval: 0.5)
                sinceBeat += Self.pollInterval
                let watched = hub.households.withLock { Array($0.keys) }
                if watched.isEmpty {
                    hub.isWatching.store(false, ordering: .releasing)
                    // A stream opened between the look and the store started no thread (it saw this one running):
                    // this one takes it on, unless one was started since.
                    if hub.households.withLock({ !$0.isEmpty }),
                        !hub.isWatching.exchange(true, ordering: .acquiringAndReleasing)
                    {
                        continue
                    }
                    return
                }
                ticks += 1
                if ticks % pollsEvery == 0 { for household in watched { hub.changed(household) } }
                hub.remind()
                if sinceBeat >= Self.heartbeatInterval {
                    sinceBeat = .zero
                    hub.beat()
                }
            }
        }
        thread.name = "lists-events"
        thread.start()
    }

    /// Sends every followed household's reminders whose moment came since the last look.
    func remind() {
        let now = clock()
        households.withLock { households in
            for (id, var state) in households {
                let due = state.reminders.filter { $0.moment > state.remindedThrough && $0.moment <= now }
                state.remindedThrough = max(state.remindedThrough, now)
                for reminder in due {
                    var data: [UInt8] = []
                    var object = JSONObjectWriter.open(&data)
                    object.string("id", reminder.id.uuidString, &data)
                    object.string("remindAt", reminder.remindAt.description, &data)
                    object.string("title", reminder.title, &data)
                    object.close(&data)
                    let event = Array("event: reminder\ndata: ".utf8) + data + Array("\n\n".utf8)
                    for subscriber in state.subscribers.values { subscriber.stream.send(event) }
                }
                households[id] = state
            }
        }
    }

    /// The reminders of `household`'s open tasks, soonest first, as moments in its zone.
    private static func reminders(_ household: HouseholdID, in session: any StoreSession) throws -> [Reminder] {
        // Only the open tasks with a reminder are read: the store filters them, whatever the list holds.
        let filter = TodoTask.Fields.remindAt != nil && TodoTask.Fields.isDone == false
        let tasks = try session.list(TodoTask.self, where: filter, offset: 0, limit: nil).map(\.record)
        guard !tasks.isEmpty else { return [] }
        let zone = try HouseholdTimeZone.of(household, in: session)
        return tasks.compactMap { task in
            task.remindAt.map {
                Reminder(id: task.id, title: task.title, remindAt: $0, moment: $0.instant(in: zone))
            }
        }.sorted { $0.moment < $1.moment }
    }

    /// A comment line to every stream; a stream whose reader may no longer see its household ends.
    func beat() {
        for subscriber in households.withLock({ $0.values.flatMap { $0.subscribers.values } }) {
            if subscriber.isAllowed() {
                subscriber.stream.send(Array(":\n\n".utf8))
            } else {
                subscriber.stream.finish()
            }
        }
    }

    /// Ends, soon and off the caller's thread, every stream whose reader may no longer see its household: after a
    /// change to accounts made through this server (a sign-out, a password, a membership), so that the pages of a
    /// session that ended learn it at once (their stream ends, they ask, and are sent to sign in).
    func recheck() {
        guard households.withLock({ !$0.isEmpty }) else { return }
        DispatchQueue.global().async { [weak self] in
            guard let self else { return }
            for subscriber in households.withLock({ $0.values.flatMap { $0.subscribers.values } })
            where !subscriber.isAllowed() {
                subscriber.stream.finish()
            }
        }
    }

    /// The event of a change from the revisions `then` to `now`, with the changed records (``ListSnapshot``'s
    /// changes) when they are known: then it names the revision it is from as well.
    private static func change(
        revision: Int64, from then: [RecordKind: Int64], to now: [RecordKind: Int64], records: [[UInt8]]? = nil
    ) -> [UInt8] {
        let changed = RecordKind.all.filter { then[$0, default: 0] != now[$0, default: 0] }
            .map { "\"\($0.collectionKey)\"" }.joined(separator: ",")
        var event = Array(
            "id: \(revision)\nevent: change\ndata: {\"revision\":\(revision),\"changed\":[\(changed)]".utf8)
        if let records {
            event += Array(",\"from\":\(then.values.reduce(0, +)),\"records\":[".utf8)
            for (index, record) in records.enumerated() {
                if index > 0 { event.append(UInt8(ascii: ",")) }
                event += record
            }
            event.append(UInt8(ascii: "]"))
        }
        return event + Array("}\n\n".utf8)
    }

    /// The event telling a client that resumed from a revision the hub does not know to load its lists again.
    private static func reset(revision: Int64) -> [UInt8] {
        Array("id: \(revision)\nevent: reset\ndata: {\"revision\":\(revision)}\n\n".utf8)
    }
}
