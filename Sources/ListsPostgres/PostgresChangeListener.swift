import CLibPQ
import Foundation
import ListsModel
import Synchronization

/// Listens, on a connection of its own, to the notifications that schema 9's trigger sends at each commit that
/// changed records (`lists_changes`, "schema household"), and tells which households of this store's schema
/// changed. Each time it starts listening (at first, and after a lost connection, made again after a second) it
/// reports `nil`: changes committed before the `LISTEN` took effect were not heard, so every household should
/// look for itself once.
final class PostgresChangeListener: ChangeListening {
    private let isStopped = Atomic<Bool>(false)
    /// Held while `onChange` runs, so that ``stop()`` returns only once no call is under way.
    private let calling = Mutex(())

    init(url: String, place: String, onChange: @escaping @Sendable (HouseholdID?) -> Void) {
        let thread = Thread { [self] in run(url: url, place: place, onChange: onChange) }
        thread.name = "lists-listen"
        thread.start()
    }

    func stop() {
        isStopped.store(true, ordering: .releasing)
        calling.withLock { _ in }
    }

    private func run(url: String, place: String, onChange: @escaping @Sendable (HouseholdID?) -> Void) {
        while !isStopped.load(ordering: .acquiring) {
            guard let connection = try? PostgresConnection(url: url, place: place),
                let schema = try? connection.query("SELECT current_schema()").text(0, 0),
                (try? connection.execute("LISTEN lists_changes")) != nil
            else {
                Thread.sleep(forTimeInterval: 1)
                continue
            }
            deliver(nil, onChange)
            let prefix = schema + " "
            while !isStopped.load(ordering: .acquiring) {
                var wanted = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
                // A second at most, to notice `stop`.
                let ready = poll(&wanted, 1, 1000)
                if ready < 0 && errno != EINTR { break }
                guard ready > 0 else { continue }
                guard let payloads = try? connection.notifications() else { break }
                for payload in payloads where payload.hasPrefix(prefix) {
                    if let number = Int64(payload.dropFirst(prefix.count)) { deliver(HouseholdID(number), onChange) }
                }
            }
            Thread.sleep(forTimeInterval: isStopped.load(ordering: .acquiring) ? 0 : 1)
        }
    }

    private func deliver(_ household: HouseholdID?, _ onChange: @Sendable (HouseholdID?) -> Void) {
        calling.withLock { _ in
            if !isStopped.load(ordering: .acquiring) { onChange(household) }
        }
    }
}

extension PostgresStore: ChangeAnnouncingStore {
    public func listenForChanges(_ onChange: @escaping @Sendable (HouseholdID?) -> Void) -> any ChangeListening {
        PostgresChangeListener(url: url, place: place, onChange: onChange)
    }
}
