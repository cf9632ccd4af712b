import GhostlineCore
import GhostlineTerminal

/// The messages an editor's printers hand it, one queue in the order they came, and where a
/// message goes when no entry is being read.
///
/// While a session reads an entry, a message waits here and the session is woken through the
/// wake pipe to print it above the prompt. Otherwise it is written at once, under the same lock,
/// so that no message can overtake another on its way to the screen.
final class PrintQueue: Sendable {
    /// Where messages are written while no entry is being read.
    enum Destination: Sendable {
        /// A terminal: each message as ``Message/terminalBytes``.
        case terminal(FileDescriptor)
        /// Not a terminal (piped mode): the app's bytes as they are, each message a whole line
        /// (see `wholeLine(_:)`).
        case plain(FileDescriptor)
    }

    /// A message as a printer handed it.
    struct Message: Sendable {
        var text: String
        /// Written as it is, past the rule of ``PrintedText``: ``LinePrinter/printUnfiltered(_:terminator:)``.
        var isUnfiltered = false

        /// What the message is on a terminal: its text under the rule of ``PrintedText``, or
        /// when it is unfiltered its bytes as they are.
        var terminalBytes: [UInt8] {
            isUnfiltered ? Array(text.utf8) : PrintedText.terminalBytes(of: text)
        }
    }

    private struct State {
        var pending: [Message] = []
        /// A toolbar a printer set, not yet taken by the session: `.some(nil)` takes it away.
        var toolbar: String??
        var isReading = false
        /// Whether nothing waits for the session, so that what comes next must wake it.
        var isIdle: Bool { pending.isEmpty && toolbar == nil }
        /// Nil once the editor is gone: the descriptor may be closed, so messages are dropped.
        var destination: Destination?
    }

    /// Woken when the first message of a batch waits for the session.
    let wakePipe: WakePipe
    private let state: Locked<State>

    init(wakePipe: WakePipe, destination: Destination) {
        self.wakePipe = wakePipe
        state = Locked(State(destination: destination))
    }

    /// Prints `message` above the entry being read, or at once when none is.
    func print(_ message: Message) {
        guard !message.text.isEmpty else { return }
        let wakesSession = state.withLock { state -> Bool in
            if state.isReading {
                // Later messages of a batch find the session already woken.
                let wakes = state.isIdle
                state.pending.append(message)
                return wakes
            }
            // A printer has no one to report a failed write to; the message is lost with the
            // terminal.
            switch state.destination {
            case .terminal(let output)?: try? output.writeAll(message.terminalBytes)
            case .plain(let output)?: try? output.writeAll(Self.wholeLine(message.text))
            case nil: break
            }
            return false
        }
        if wakesSession { wakePipe.wake() }
    }

    /// Sets the toolbar to `text` (nil for none) at the session's next wake-up, or as the next
    /// entry begins when none is being read.
    func setToolbar(_ text: String?) {
        let wakesSession = state.withLock { state -> Bool in
            let wakes = state.isReading && state.isIdle
            state.toolbar = .some(text)
            return wakes
        }
        if wakesSession { wakePipe.wake() }
    }

    /// A message's bytes for piped output, ended with a line break when they have none, so that
    /// what is written next (an entry, another message) starts a line of its own.
    static func wholeLine(_ message: String) -> [UInt8] {
        var bytes = Array(message.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
        return bytes
    }

    /// Runs `body` with the lock held, so that no message is written meanwhile: one printed
    /// then waits and comes after what `body` wrote.
    func withMessagesHeld<Result>(_ body: () throws -> Result) rethrows -> Result {
        try state.withLock { _ in try body() }
    }

    /// From now on messages wait for the session reading an entry. Returns the toolbar a printer
    /// set while no entry was read, if one did, for the entry's first frame.
    func beginReading() -> String?? {
        state.withLock { state in
            state.isReading = true
            defer { state.toolbar = nil }
            return state.toolbar
        }
    }

    /// What waits for the session: the messages, oldest first, and the toolbar a printer set
    /// since the last take, if one did. Taken together, under one lock, so that what a printer
    /// hands over after it finds the queue empty and wakes the session again.
    func takePending() -> (messages: [Message], toolbar: String??) {
        state.withLock { state in
            let taken = (state.pending, state.toolbar)
            state.pending.removeAll()
            state.toolbar = nil
            return taken
        }
    }

    /// Writes the messages still waiting to `output`, where the entry has just ended with the
    /// cursor on a fresh row, and prints at once from now on. Under the lock, so that a message
    /// printed meanwhile comes after them.
    func endReading(printingTo output: FileDescriptor) {
        state.withLock { state in
            state.isReading = false
            let bytes = state.pending.flatMap(\.terminalBytes)
            state.pending.removeAll()
            if !bytes.isEmpty { try? output.writeAll(bytes) }
        }
    }

    /// Drops every message from now on: the editor is gone, and with it the descriptor.
    func detach() {
        state.withLock { state in
            state.destination = nil
            state.pending.removeAll()
        }
    }
}
