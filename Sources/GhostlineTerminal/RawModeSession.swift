import Glibc

/// Puts a terminal in raw mode and guarantees the saved attributes are restored on every way
/// out.
///
/// - A normal return or a thrown error: `restore()`, or `deinit` when the session is released.
/// - Ctrl-Z (or `SIGTSTP`): the caller calls `restore()`, then `suspendProcess()`, then
///   `reenter()`.
/// - A signal that ends the process (`SIGTERM`, `SIGHUP`, `SIGINT` and `SIGQUIT` sent with
///   `kill`): while a `SignalMonitor` watches it, its handler restores the saved attributes
///   itself before waking the main loop, so the terminal is usable even if the main loop is
///   blocked and never gets to clean up (unless the session was made with
///   `restoresOnTerminatingSignal` false).
///
/// Entering raw mode from a mode that reads a line at a time keeps what the line discipline
/// holds: the lines and end-of-file marks typed before are read first, in that mode, and are
/// ``heldInput``; a Ctrl-D that comes while the mode changes stays a Ctrl-D.
///
/// This is a class rather than a non-copyable struct because the signal handler's record of what
/// to restore belongs to exactly one live session, which needs an identity, and because the
/// session that owns it keeps it for one whole entry and releases it on every way out.
package final class RawModeSession {
    /// The terminal in raw mode.
    package let terminal: FileDescriptor

    /// The attributes the terminal had before the session began, restored byte for byte.
    package let savedAttributes: TerminalAttributes

    /// The attributes of raw mode, as `reenter()` applies them.
    package var rawAttributes: TerminalAttributes { savedAttributes.makingRaw() }

    /// Whether the terminal is in raw mode now, as far as this session knows.
    package private(set) var isRaw = false

    /// Whether a terminating signal's handler restores this session's terminal.
    package let isRestoredOnTerminatingSignal: Bool

    /// The keys the line discipline held when raw mode was last entered, as raw mode would have
    /// read them: each line with the character that ended it (`\n` for Return, as `ICRNL` made
    /// it), and Ctrl-D's byte (4) for each end-of-file mark or after a line it ended. Raw mode
    /// would have read an end-of-file mark as a NUL byte, and a Ctrl-D would end no input then.
    /// The reader takes them (``takeHeldInput()``) before what it reads from the terminal.
    package private(set) var heldInput: [UInt8] = []

    /// Whether ``heldInput`` has keys; asked without touching the array.
    package private(set) var hasHeldInput = false

    /// Saves the terminal's attributes and switches it to raw mode.
    ///
    /// The change waits for queued output to be sent and keeps input the user typed ahead.
    ///
    /// - Parameters:
    ///   - terminal: The terminal to put in raw mode.
    ///   - restoresOnTerminatingSignal: Whether a `SignalMonitor`'s handler restores this terminal
    ///     when a signal ends the process. The handler keeps one such record for the whole
    ///     process; a session that installs no monitor (one run by the test kit beside others)
    ///     passes false, so that it does not take the record from one that does.
    /// - Throws: `Errno` when the descriptor is not a terminal or its attributes cannot be
    ///   changed; the terminal is then left as it was.
    package init(terminal: FileDescriptor, restoresOnTerminatingSignal: Bool = true) throws {
        self.terminal = terminal
        isRestoredOnTerminatingSignal = restoresOnTerminatingSignal
        savedAttributes = try TerminalAttributes.read(from: terminal)
        try reenter()
    }

    /// Switches the terminal back to raw mode, for example after the process was stopped and
    /// continued (`SIGCONT`), when the shell has put the terminal back into its own mode.
    ///
    /// The raw attributes are derived from the saved ones again, so a session always returns
    /// to the same raw mode and `restore()` to the same original.
    package func reenter() throws {
        if isRestoredOnTerminatingSignal {
            armTerminalRestore(of: terminal, to: savedAttributes, owner: ObjectIdentifier(self))
        }
        do {
            if savedAttributes.isCanonical {
                heldInput += try Self.takeHeldLines(of: terminal, in: savedAttributes)
                hasHeldInput = !heldInput.isEmpty
            }
            try savedAttributes.makingRaw().apply(to: terminal)
        } catch {
            disarmTerminalRestore(owner: ObjectIdentifier(self))
            throw error
        }
        isRaw = true
    }

    /// The keys held when raw mode was entered, handed over once.
    package func takeHeldInput() -> [UInt8] {
        defer {
            heldInput.removeAll()
            hasHeldInput = false
        }
        return heldInput
    }

    /// Reads the lines the line discipline of a terminal in `saved`'s mode holds, without
    /// waiting. First Ctrl-D is made an ordinary byte and echo is switched off: from then on no
    /// key can become an end-of-file mark or be echoed, and raw mode reads the keys after the
    /// last whole line as typed.
    ///
    /// The corresponding C functions are `tcsetattr`, `poll` and `read`.
    private static func takeHeldLines(of terminal: FileDescriptor, in saved: TerminalAttributes) throws -> [UInt8] {
        try saved.makingEndOfFileAByte().apply(to: terminal)
        let lineEnds = [UInt8(ascii: "\n")] + saved.lineEndCharacters
        var held: [UInt8] = []
        // A line at a time: a read returns at most one line, or nothing for an end-of-file mark.
        // The line discipline holds at most 4,095 bytes; the bound stops a terminal that keeps
        // reporting input.
        var line = [UInt8](repeating: 0, count: 4_096)
        for _ in 0..<4_096 {
            var watch = pollfd(fd: terminal.rawValue, events: Int16(POLLIN), revents: 0)
            // A hung-up terminal reads as end of input for ever; it is not an end-of-file mark.
            guard poll(&watch, 1, 0) == 1, watch.revents == Int16(POLLIN) else { break }
            let count = try line.withUnsafeMutableBytes { try terminal.read(into: $0) }
            held += line[0..<count]
            if count == 0 || !lineEnds.contains(line[count - 1]) { held.append(0x04) }
        }
        return held
    }

    /// Puts the saved attributes back, after queued output has been sent.
    ///
    /// Calling it again does nothing until `reenter()`. It does not throw: when the attributes
    /// cannot be applied the terminal is gone (hang-up) or was never ours, and there is nothing
    /// left to restore.
    package func restore() {
        guard isRaw else {
            return
        }
        isRaw = false
        try? savedAttributes.apply(to: terminal)
        disarmTerminalRestore(owner: ObjectIdentifier(self))
    }

    deinit {
        restore()
    }
}
