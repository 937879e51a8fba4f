import CLibPQ
import Foundation
import ListsModel
import Synchronization

/// Listens, on a connection of its own, to the notifications that schema 9's trigger sends at each commit that
/// changed records (`lists_changes`, "schema household"), and tells which households of this store's schema
/// changed. A lost connection is made again after a second, and then reported as `nil` (changes may have been
/// missed meanwhile).
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
        var isFirst = true
        while !isStopped.load(ordering: .acquiring) {
            guard let connection = try? PostgresConnection(url: url, place: place),
                let schema = try? connection.query("SELECT current_schema()").text(0, 0),
                (try? connection.execute("LISTEN lists_changes")) != nil
            else {
                Thread.sleep(forTimeInterval: 1)
                continue
            }
            if !isFirst { deliver(nil, onChange) }
            isFirst = false
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
