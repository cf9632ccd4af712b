import GhostlineTerminal

/// How the entry on the reading thread ended, handed to the driver's thread.
final class EntryOutcome: Sendable {
    private let value = Locked<EntryResult?>(nil)

    /// Records how the entry ended; called once per entry, on the reading thread.
    func set(_ result: EntryResult) {
        value.withLock { $0 = result }
    }

    /// How the entry ended, once, or nil while it goes on.
    func take() -> EntryResult? {
        value.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
