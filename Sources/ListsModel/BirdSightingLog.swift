import Foundation

/// BirdWatching's `BirdSightingDataController`: the master list of sightings, now durable and editable.
///
/// `countOfList` and `objectInListAtIndex:` become ``all(offset:limit:)`` and ``sighting(_:)``;
/// `addBirdSightingWithSighting:` becomes ``add(name:location:date:details:numbered:)``.
public struct BirdSightingLog: Sendable {
    /// The sightings, as the API serves every list.
    public let sightings: RecordList<BirdSighting>

    /// The sightings kept in `store`; `clock` dates changes and is "now" for a sighting without a date.
    public init(store: any Store, clock: @escaping @Sendable () -> Date = { Date() }) {
        sightings = RecordList(store: store, clock: clock)
    }

    /// The sightings in the order they were added, paged by `offset` and `limit`.
    public func all(offset: Int = 0, limit: Int? = nil) throws -> [Numbered<BirdSighting>] {
        try sightings.list(offset: offset, limit: limit)
    }

    /// Up to `limit` sightings from the place `start` gives for the number of sightings, and that number, in one
    /// snapshot: a page of a long list.
    public func window(limit: Int, start: (_ total: Int) -> Int) throws
        -> (sightings: [Numbered<BirdSighting>], total: Int)
    {
        let window = try sightings.window(limit: limit, start: start)
        return (window.records, window.total)
    }

    /// How many sightings there are, counted by the store.
    public func count() throws -> Int {
        try sightings.counts([nil])[0]
    }

    /// The sighting `reference` points at.
    /// - Throws: ``ValidationError`` when none or several match.
    public func sighting(_ reference: Reference) throws -> Numbered<BirdSighting> {
        try sightings.find(reference)
    }

    /// Adds a sighting at the end of the list, dated now unless `date` is given; with its short number unless
    /// `numbered` is false. The bird's name is required; the location is optional. Without a scientific name in
    /// `details`, the sighting gets its species' (see ``BirdSighting/settleInList(_:changedFrom:in:)``). `id`,
    /// the client's choice,
    /// makes an add sent twice add once (see ``RecordList/add(_:numbered:id:)``).
    /// - Throws: ``ValidationError`` for `name`, `location`, `date` or a detail.
    @discardableResult
    public func add(
        name: String, location: String? = nil, date: Date? = nil, details: SightingDetails = SightingDetails(),
        numbered: Bool = true, id: UUID? = nil
    ) throws -> Added<BirdSighting> {
        let draft = BirdSighting(
            meta: .draft, name: name, location: location, date: date ?? sightings.now(), details: details)
        return try sightings.add(draft, numbered: numbered, id: id)
    }

    /// Changes a sighting's name, location (an empty one clears it), date and/or details (`change` edits them;
    /// the result is checked).
    /// - Throws: ``ValidationError``, ``StoreError/conflict(_:)`` when `expectedVersion` is stale.
    @discardableResult
    public func edit(
        _ reference: Reference, name: String? = nil, location: String? = nil, date: Date? = nil,
        details change: ((inout SightingDetails) -> Void)? = nil, expectedVersion: Int? = nil
    ) throws -> Numbered<BirdSighting> {
        try sightings.change([reference], expectedVersion: expectedVersion) { sighting in
            if let name { sighting.name = name }
            if let location { sighting.location = location }
            if let date { sighting.date = date }
            if let change { change(&sighting.details) }
        }[0]
    }

    /// Deletes sightings, all or none; each can be put back for a while (``restore(_:)``).
    @discardableResult
    public func remove(_ references: [Reference], expectedVersion: Int? = nil) throws -> [Numbered<BirdSighting>] {
        try sightings.remove(references, expectedVersion: expectedVersion)
    }

    /// Puts back a deleted sighting, as it was and where it was (the undo of a delete; see
    /// ``RecordList/restore(_:)``).
    /// - Throws: ``StoreError/nothingToRestore(_:)``, ``StoreError/conflict(_:)``.
    @discardableResult
    public func restore(_ id: UUID) throws -> Numbered<BirdSighting> {
        try sightings.restore(id)
    }
}
