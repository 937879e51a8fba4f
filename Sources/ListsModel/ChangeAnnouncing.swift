/// A store that hears every writer's changes: it tells, soon after each commit, which household's records changed,
/// whichever process or server committed it (PostgreSQL's LISTEN and NOTIFY). Live updates then need not look.
/// A store without it (SQLite, whose other writers are the CLI on the same machine) is looked at now and then.
public protocol ChangeAnnouncingStore: Store {
    /// Calls `onChange` (on a thread of the store's) with each household whose records a committed write changed,
    /// and with `nil` when changes may have been missed (once it has started listening, and again each time the
    /// connection it listens on was lost and made again): every household should then look for itself. Until
    /// ``ChangeListening/stop()``.
    func listenForChanges(_ onChange: @escaping @Sendable (HouseholdID?) -> Void) -> any ChangeListening
}

/// What ``ChangeAnnouncingStore/listenForChanges(_:)`` started.
public protocol ChangeListening: Sendable {
    /// Stops listening; `onChange` is not called after this returns.
    func stop()
}
