import Foundation
import ListsHTTP
import ListsModel
import Testing

@testable import ListsWeb

/// Live updates without sockets: `GET /api/v1/events` answers a stream of the household's changes, resumes from
/// a revision, says when it cannot, and never carries another household's changes.
@Suite struct EventStreamTests {
    /// What the stream holds now, as text (nothing waits: the test reads what was queued).
    static func pending(_ response: HTTPResponse) throws -> String {
        let stream = try #require(response.stream)
        switch stream.take(atMost: 1 << 20, suspend: {}, resume: {}) {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .waiting, .finished: return ""
        }
    }

    /// The events in `text`: (id, event name, data).
    static func events(_ text: String) -> [(id: String, name: String, data: String)] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var id = "", name = "", data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            return name.isEmpty ? nil : (id, name, data)
        }
    }

    static func open(_ site: AuthTests.Site, _ cookie: String, since: Int64? = nil, lastEventID: String? = nil)
        -> HTTPResponse
    {
        var headers = HTTPHeaders([("Host", "localhost:8080"), ("Accept", "text/event-stream"), ("Cookie", cookie)])
        if let lastEventID { headers["Last-Event-ID"] = lastEventID }
        let query = since.map { ["since": String($0)] } ?? [:]
        return site.app.respond(to: HTTPRequest(method: "GET", path: "/api/v1/events", query: query, headers: headers))
    }

    static func revision(_ site: AuthTests.Site, _ cookie: String) throws -> Int64 {
        let body = site.api("GET", "/api/v1/revision", headers: [("Cookie", cookie)]).body
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        return try #require((object["revision"] as? NSNumber)?.int64Value)
    }

    @Test func aChangeMadeHereIsPushedWithItsRevisionAndList() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        let response = Self.open(site, ann)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/event-stream")
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(try Self.pending(response) == "retry: 2000\n\n")
        // The household's first to-do list, which its first task would make in a change of its own.
        #expect(
            site.api("POST", "/api/v1/todo-lists", json: #"{"name":"To-Do"}"#, headers: [("Cookie", ann)]).status == 201
        )
        _ = try Self.pending(response)
        let before = try Self.revision(site, ann)
        let added = site.api("POST", "/api/v1/tasks", json: #"{"title":"Walk"}"#, headers: [("Cookie", ann)])
        #expect(added.status == 201)
        let revision = try Self.revision(site, ann)
        let events = Self.events(try Self.pending(response))
        #expect(events.count == 1)
        #expect(events.first?.id == String(revision))
        #expect(events.first?.name == "change")
        // The event carries the task as the API answered it, from the revision before.
        let task = String(decoding: added.body, as: UTF8.self)
        let id = try #require(try Self.object(added.body)["id"] as? String)
        #expect(
            events.first?.data
                == #"{"revision":\#(revision),"changed":["tasks"],"from":\#(before),"records":[{"kind":"task","id":"\#(id)","record":\#(task),"previous":null}]}"#
        )
        // A refused write changes nothing and says nothing.
        #expect(site.api("POST", "/api/v1/tasks", json: #"{"title":""}"#, headers: [("Cookie", ann)]).status == 422)
        #expect(try Self.pending(response) == "")
    }

    @Test func aStreamResumesFromARevisionItKnowsAndSaysWhenItDoesNot() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        let first = Self.open(site, ann)
        _ = try Self.pending(first)
        let before = try Self.revision(site, ann)
        #expect(site.api("POST", "/api/v1/items", json: #"{"name":"Tea"}"#, headers: [("Cookie", ann)]).status == 201)
        let after = try Self.revision(site, ann)
        // A page drawn at `before` opens its stream: it gets the change it missed, naming the list.
        let resumed = Self.events(try Self.pending(Self.open(site, ann, since: before)))
        #expect(resumed.map(\.name) == ["change"])
        #expect(resumed.first?.data == #"{"revision":\#(after),"changed":["items"]}"#)
        // A reconnection's Last-Event-ID wins over the address's revision; an up-to-date one gets nothing.
        let current = Self.open(site, ann, since: before, lastEventID: String(after))
        #expect(try Self.pending(current) == "retry: 2000\n\n")
        // A revision the server does not know (made up, or from before it started) gets a reset.
        for unknown in ["123456", String(after + 5)] {
            let reset = Self.events(try Self.pending(Self.open(site, ann, lastEventID: unknown)))
            #expect(reset.map(\.name) == ["reset"])
            #expect(reset.first?.id == String(after))
        }
    }

    @Test func aStreamCarriesOnlyItsOwnHouseholdsChanges() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        let bob = try site.join("bob", invitedBy: ann)
        #expect(site.post("/households/new", [("new-name", "Bob's flat")], cookie: bob).status == 303)
        let annsStream = Self.open(site, ann)
        let bobsStream = Self.open(site, bob)
        _ = try Self.pending(annsStream)
        _ = try Self.pending(bobsStream)
        for _ in 0..<3 {
            #expect(
                site.api("POST", "/api/v1/tasks", json: #"{"title":"Bob's"}"#, headers: [("Cookie", bob)]).status == 201
            )
        }
        site.app.events.changed(.first)
        #expect(try Self.pending(annsStream) == "")
        #expect(Self.events(try Self.pending(bobsStream)).map(\.name) == ["change", "change", "change"])
        // Bob's revision numbers mean nothing in Ann's household: resuming from one is a reset or nothing, never
        // his changes.
        #expect(site.api("POST", "/api/v1/items", json: #"{"name":"Ann's"}"#, headers: [("Cookie", ann)]).status == 201)
        let annsEvents = Self.events(try Self.pending(annsStream))
        #expect(annsEvents.count == 1)
        #expect(
            annsEvents.first?.data.hasPrefix(#"{"revision":\#(try Self.revision(site, ann)),"changed":["items"],"#)
                == true)
        #expect(try Self.pending(bobsStream) == "")
    }

    /// The JSON object in `bytes`.
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// The records an event's data carries, or `nil` when it carries none.
    static func records(_ data: String) throws -> [[String: Any]]? {
        try object(Array(data.utf8))["records"] as? [[String: Any]]
    }

    @Test func aStreamCarriesOnlyItsOwnHouseholdsRecords() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        let bob = try site.join("bob", invitedBy: ann)
        #expect(site.post("/households/new", [("new-name", "Bob's flat")], cookie: bob).status == 303)
        let annsStream = Self.open(site, ann)
        let bobsStream = Self.open(site, bob)
        _ = try Self.pending(annsStream)
        _ = try Self.pending(bobsStream)
        // Both households change the same lists, one after the other, through the API and straight in the store.
        for round in 0..<3 {
            let bobs = site.api(
                "POST", "/api/v1/items", json: #"{"name":"Bob's secret \#(round)"}"#,
                headers: [("Cookie", bob)])
            #expect(bobs.status == 201)
            let anns = site.api(
                "POST", "/api/v1/items", json: #"{"name":"Ann's \#(round)"}"#,
                headers: [("Cookie", ann)])
            #expect(anns.status == 201)
        }
        _ = try ShoppingList(store: site.store).add(name: "Ann's from the CLI", price: .zero)
        site.app.events.changed(.first)
        let annsIDs = Set(
            try #require(
                try Self.object(site.api("GET", "/api/v1/items", headers: [("Cookie", ann)]).body)["items"]
                    as? [[String: Any]]
            ).compactMap { $0["id"] as? String })
        let annsData = Self.events(try Self.pending(annsStream)).map(\.data)
        #expect(annsData.count == 4)
        for data in annsData {
            #expect(!data.contains("Bob"))
            let records = try #require(try Self.records(data))
            #expect(records.count == 1)
            for record in records {
                #expect(annsIDs.contains(record["id"] as? String ?? ""))
                for value in [record["previous"]]
                where !(value is NSNull) {
                    #expect(annsIDs.contains(value as? String ?? ""))
                }
            }
        }
        let bobsData = Self.events(try Self.pending(bobsStream)).map(\.data)
        #expect(bobsData.count == 3)
        #expect(bobsData.allSatisfy { !$0.contains("Ann") })
    }

    @Test func anEventSaysWhereANewRecordStandsAndWhichAreGone() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        for name in ["Pear", "Notepad", "Pencil", "Bread", "Mango"] {
            #expect(
                site.api("POST", "/api/v1/items", json: #"{"name":"\#(name)"}"#, headers: [("Cookie", ann)]).status
                    == 201)
        }
        let stream = Self.open(site, ann)
        _ = try Self.pending(stream)
        let items = try #require(
            try Self.object(site.api("GET", "/api/v1/items", headers: [("Cookie", ann)]).body)["items"]
                as? [[String: Any]])
        let ids = items.compactMap { $0["id"] as? String }
        try #require(ids.count == 5)
        // The third item changed: it stands after the second.
        #expect(
            site.api(
                "PATCH", "/api/v1/items/\(ids[2])", json: #"{"price":1.5}"#,
                headers: [("Cookie", ann), ("If-Match", "\"1\"")]
            ).status == 200)
        let changed = try #require(Self.events(try Self.pending(stream)).first?.data)
        let change = try #require(try Self.records(changed))
        #expect(change.count == 1)
        #expect(change.first?["id"] as? String == ids[2])
        #expect(change.first?["previous"] as? String == ids[1])
        #expect((change.first?["record"] as? [String: Any])?["version"] as? Int == 2)
        // A delete says the record is gone.
        #expect(site.api("DELETE", "/api/v1/items/\(ids[4])", headers: [("Cookie", ann)]).status == 204)
        let deleted = try #require(Self.events(try Self.pending(stream)).first?.data)
        let gone = try #require(try Self.records(deleted))
        #expect(gone.count == 1)
        #expect(gone.first?["id"] as? String == ids[4])
        #expect(gone.first?["removed"] as? Bool == true)
    }

    @Test func aStoreListsEntriesComeWithTheirSectionTheEntryBeforeThemAndTheItemsCheckmark() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        func post(_ path: String, _ body: String) throws -> [String: Any] {
            let answer = site.api("POST", path, json: body, headers: [("Cookie", ann)])
            try #require(answer.status < 300)
            return try Self.object(answer.body)
        }
        let list = try #require(try post("/api/v1/lists", #"{"name":"Groceries"}"#)["id"] as? String)
        var items: [String: String] = [:]
        var entries: [String: String] = [:]
        for name in ["Milk", "Bread", "Butter"] {
            items[name] = try #require(try post("/api/v1/items", #"{"name":"\#(name)"}"#)["id"] as? String)
            let put = try post("/api/v1/lists/\(list)/entries", #"{"item":"\#(items[name] ?? "")"}"#)
            entries[name] = try #require((put["entry"] as? [String: Any])?["id"] as? String)
        }
        let tea = try #require(try post("/api/v1/items", #"{"name":"Zorbl"}"#)["id"] as? String)
        let stream = Self.open(site, ann)
        _ = try Self.pending(stream)
        // A check-off: the list's sections (bakery, then dairy, as a store is walked before any trip), and the entry with its row's record and its section.
        #expect(
            site.api(
                "PATCH", "/api/v1/lists/\(list)/entries/\(entries["Butter"] ?? "")",
                json: #"{"checkedAt":"2026-11-29T10:00:00Z"}"#, headers: [("Cookie", ann)]
            ).status == 200)
        let checkedData = try #require(Self.events(try Self.pending(stream)).first?.data)
        let checked = try #require(try Self.records(checkedData))
        #expect(checked.count == 2)
        let sections = try #require(checked.first?["sections"] as? [String])
        #expect(checked.first?["kind"] as? String == "list" && checked.first?["id"] as? String == list)
        #expect(sections.count == 2)
        let butter = checked[1]
        #expect(butter["kind"] as? String == "entry" && butter["id"] as? String == entries["Butter"])
        #expect(butter["list"] as? String == list && butter["item"] as? String == items["Butter"])
        #expect(butter["section"] as? String == sections[1] && butter["previous"] as? String == entries["Milk"])
        #expect(butter["toBuy"] as? Bool == false)
        let record = try #require(butter["record"] as? [String: Any])
        #expect(record["name"] as? String == "Butter" && record["checkedAt"] is String)
        // A put of an item in no aisle: a section "Other" after the others; a take-off: its item is no longer to buy.
        let put = try post("/api/v1/lists/\(list)/entries", #"{"item":"\#(tea)","quantity":"2"}"#)
        let teaEntry = try #require((put["entry"] as? [String: Any])?["id"] as? String)
        let addedData = try #require(Self.events(try Self.pending(stream)).first?.data)
        let added = try #require(try Self.records(addedData))
        #expect(added.first?["sections"] as? [String] == sections + [""])
        #expect(added.count == 2 && added[1]["id"] as? String == teaEntry && added[1]["section"] as? String == "")
        #expect(added[1]["previous"] is NSNull && added[1]["toBuy"] as? Bool == true)
        #expect(
            site.api("DELETE", "/api/v1/lists/\(list)/entries/\(entries["Bread"] ?? "")", headers: [("Cookie", ann)])
                .status == 204)
        let goneData = try #require(Self.events(try Self.pending(stream)).first?.data)
        let gone = try #require(try Self.records(goneData))
        #expect(gone.count == 2 && gone[1]["removed"] as? Bool == true && gone[1]["item"] as? String == items["Bread"])
        #expect(gone[1]["toBuy"] as? Bool == false)
        // A list renamed changes what its screens draw around the rows: no records.
        let lists = try Self.object(site.api("GET", "/api/v1/lists", headers: [("Cookie", ann)]).body)["lists"]
        let version = try #require(((lists as? [[String: Any]])?.first?["list"] as? [String: Any])?["version"] as? Int)
        #expect(
            site.api(
                "PATCH", "/api/v1/lists/\(list)", json: #"{"name":"Corner shop"}"#,
                headers: [("Cookie", ann), ("If-Match", "\"\(version)\"")]
            ).status == 200)
        let renamed = try #require(Self.events(try Self.pending(stream)).first?.data)
        #expect(renamed.contains(#""changed":["lists"]"#))
        #expect(try Self.records(renamed) == nil)
    }

    @Test func manyRecordsAtOnceOrAListTooLongToKeepAskPagesToLoadAgain() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        // The household's first to-do list, which its first task would make in a change of its own.
        #expect(
            site.api("POST", "/api/v1/todo-lists", json: #"{"name":"To-Do"}"#, headers: [("Cookie", ann)]).status == 201
        )
        let stream = Self.open(site, ann)
        _ = try Self.pending(stream)
        let many = (0..<(EventHub.recordsLimit + 1)).map {
            #"{"key":"\#($0)","kind":"task","op":"add","id":"\#(UUID().uuidString)","fields":{"title":"Task \#($0)"}}"#
        }
        let batch = site.api(
            "POST", "/api/v1/changes", json: #"{"changes":[\#(many.joined(separator: ","))]}"#,
            headers: [("Cookie", ann)])
        #expect(batch.status == 200)
        let imported = try #require(Self.events(try Self.pending(stream)).first?.data)
        #expect(imported.contains(#""changed":["tasks"]"#))
        #expect(try Self.records(imported) == nil)
        // Now the list is longer than the hub keeps: no records, for every change of it.
        let longer = (0..<ListSnapshot.limit).map {
            TodoTask(meta: RecordMeta(id: UUID(), createdAt: Date()), title: "More \($0)")
        }
        try site.store.write { try $0.insert(contentsOf: longer) }
        site.app.events.changed(.first)
        _ = try Self.pending(stream)
        #expect(
            site.api("POST", "/api/v1/tasks", json: #"{"title":"One more"}"#, headers: [("Cookie", ann)]).status == 201)
        let added = try #require(Self.events(try Self.pending(stream)).first?.data)
        #expect(try Self.records(added) == nil)
        // A list that changed but is short still carries its records.
        #expect(site.api("POST", "/api/v1/items", json: #"{"name":"Tea"}"#, headers: [("Cookie", ann)]).status == 201)
        let tea = try #require(Self.events(try Self.pending(stream)).first?.data)
        #expect(try Self.records(tea)?.count == 1)
    }

    @Test func aChangeMadeByAnotherProcessIsPushedWithinAPoll() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        let stream = Self.open(site, ann)
        _ = try Self.pending(stream)
        // Straight into the store, as the CLI or another server would.
        _ = try BirdSightingLog(store: site.store).add(name: "Robin")
        let deadline = ContinuousClock.now + .seconds(3)
        var received = ""
        while received.isEmpty && ContinuousClock.now < deadline {
            usleep(50_000)
            received = try Self.pending(stream)
        }
        #expect(Self.events(received).map(\.data).first?.contains(#""changed":["sightings"]"#) == true)
    }

    @Test func nobodySignedInGetsNoStreamAndASignedOutOneEnds() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        let refused = site.api("GET", "/api/v1/events", headers: [])
        #expect(refused.status == 401)
        #expect(refused.stream == nil)
        #expect(site.api("POST", "/api/v1/events", headers: [("Cookie", ann)]).status == 405)
        let stream = Self.open(site, ann)
        _ = try Self.pending(stream)
        site.app.events.beat()
        #expect(try Self.pending(stream) == ":\n\n")
        #expect(site.post("/signout", [], cookie: ann).status == 303)
        site.app.events.beat()
        let taken = try #require(stream.stream).take(atMost: 100, suspend: {}, resume: {})
        #expect(taken == .finished)
    }

    @Test func signingOutEverywhereEndsTheOtherDevicesStreamsAtOnce() throws {
        let site = try AuthTests.Site()
        let laptop = try site.setUp()
        let phone = try site.signIn("ann", "correct horse")
        let stream = try #require(Self.open(site, laptop).stream)
        _ = stream.take(atMost: 1 << 20, suspend: {}, resume: {})
        #expect(site.post("/account/signout-everywhere", [], cookie: phone).status == 303)
        let deadline = ContinuousClock.now + .seconds(3)
        var taken = ResponseStream.Taken.waiting
        while taken != .finished && ContinuousClock.now < deadline {
            usleep(20_000)
            taken = stream.take(atMost: 1 << 20, suspend: {}, resume: {})
        }
        #expect(taken == .finished)
    }

    /// A task's reminder comes to the household's open stream once its moment (in the household's zone, Berlin)
    /// has passed, by the app's clock, once; a done task's does not, and one moved later waits for its new moment.
    @Test func aReminderIsPushedWhenItsMomentComes() throws {
        let site = try AuthTests.Site()
        let ann = try site.setUp()
        try site.store.setHouseholdTimeZone("Europe/Berlin")
        // The clock stands at 05:45 UTC on 30 November: 06:45 in Berlin.
        let todo = TodoList(store: site.store, clock: { site.clock.now() })
        let rent = try todo.add(title: "Pay rent", remindAt: Due(iso: "2026-11-30T08:00")).record
        let done = try todo.add(title: "Done already", remindAt: Due(iso: "2026-11-30T07:30")).record
        try todo.setDone([.id(done.id)], isDone: true)
        let later = try todo.add(title: "Later", remindAt: Due(iso: "2026-11-30T07:50")).record
        try todo.edit(.id(later.id), remindAt: .some(Due(iso: "2026-11-30T09:00")))
        let stream = Self.open(site, ann)
        _ = try Self.pending(stream)
        site.clock.advance(by: 3600)  // 07:45 in Berlin
        site.app.events.remind()
        #expect(Self.events(try Self.pending(stream)).isEmpty)
        site.clock.advance(by: 1800)  // 08:15
        site.app.events.remind()
        site.app.events.remind()
        let events = Self.events(try Self.pending(stream))
        #expect(events.map(\.name) == ["reminder"])
        #expect(events.first?.id == "")
        #expect(
            events.first?.data
                == #"{"id":"\#(rent.id.uuidString)","remindAt":"2026-11-30T08:00","title":"Pay rent"}"#)
        site.clock.advance(by: 3600)  // 09:15
        site.app.events.remind()
        #expect(Self.events(try Self.pending(stream)).map(\.data).allSatisfy { $0.contains("\"Later\"") })
    }
}
