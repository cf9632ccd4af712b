import Glibc
import Synchronization

/// Turns signals into bytes on a descriptor the main loop can wait on next to the terminal.
///
/// The handler it installs only does async-signal-safe work: for a signal that ends the process
/// it restores the terminal of the live `RawModeSession`, then it writes the signal number as
/// one byte to a non-blocking pipe (the self-pipe trick). Everything else happens in the main
/// loop after `waitForInput` reports `fileDescriptor` readable and `drain()` says which signals
/// came:
///
/// - `SIGWINCH`: read the new `windowSize(of:)` and redraw.
/// - `SIGCONT`: `reenter()` raw mode and redraw from scratch.
/// - `SIGTSTP`: `restore()`, `suspendProcess()`, `reenter()`, redraw.
/// - `SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT`: `restore()`, write the cleanup bytes,
///   `uninstall()`, then `reraise(_:)` so the exit status says which signal ended the process.
///
/// Signal dispositions belong to the whole process, so only one monitor can be installed at a
/// time. Handlers are installed with `SA_RESTART`, so code outside the editor sees as few
/// interrupted calls as possible.
///
/// A signal that is ignored (`SIG_IGN`) when the monitor is made stays ignored and is not
/// watched, as shells and readline leave it: `nohup` ignores `SIGHUP` so that the program
/// outlives its terminal, and a shell ignores `SIGINT` and `SIGQUIT` for its background jobs.
package final class SignalMonitor {
    /// The signals being watched: those asked for, less the ones that were ignored.
    package let signals: [Int32]

    /// The read end of the pipe: readable when a watched signal arrived since the last `drain()`.
    package let fileDescriptor: FileDescriptor

    private let writeEnd: FileDescriptor
    private var previousActions: [(signal: Int32, action: sigaction)] = []
    private var isInstalled = true

    /// Installs a handler for each signal that is not ignored, remembering the dispositions it
    /// replaces.
    ///
    /// Both ends of the pipe are close-on-exec and non-blocking: a handler must never block
    /// on a full pipe, and `drain()` must stop when the pipe is empty.
    ///
    /// - Throws: `Errno.resourceBusy` when another monitor is installed, or the `Errno` of a
    ///   failed `pipe`, `fcntl` or `sigaction` (`EINVAL` for `SIGKILL` and `SIGSTOP`, which cannot be
    ///   caught); nothing stays installed then.
    ///
    /// The corresponding C functions are `pipe`, `fcntl` and `sigaction`.
    package init(signals: [Int32]) throws {
        var unique: [Int32] = []
        for signal in signals where !unique.contains(signal) && !isIgnored(signal) {
            unique.append(signal)
        }
        self.signals = unique

        (fileDescriptor, writeEnd) = try FileDescriptor.openNonBlockingPipe()
        do {
            try claimSignalPipe(writeEnd: writeEnd)
            // A signal an earlier monitor saw and nobody drained is not news to this one.
            signalArrived.store(false, ordering: .sequentiallyConsistent)
        } catch {
            try? fileDescriptor.close()
            try? writeEnd.close()
            throw error
        }
        do {
            for signal in unique {
                try install(signal)
            }
        } catch {
            uninstall()
            throw error
        }
    }

    private func install(_ signal: Int32) throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = signalHandler
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        try nothingOrErrno { sigaction(signal, &action, &previous) }.get()
        previousActions.append((signal, previous))
    }

    /// True when a watched signal arrived since the last `drain()`; answered without a system call.
    package var hasPendingSignals: Bool { signalArrived.load(ordering: .sequentiallyConsistent) }

    /// Makes the calling thread the one that reads `terminal` with
    /// `read(from:into:rawAttributes:)`, the terminal being in raw mode with `rawAttributes`.
    ///
    /// - Returns: False when this thread blocks one of the watched signals: a signal sent on to
    ///   it would wait there, so the caller must wait with `poll` on ``fileDescriptor`` instead.
    package func prepareReading(from terminal: FileDescriptor, rawAttributes: TerminalAttributes) -> Bool {
        var blocked = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &blocked)
        guard !signals.contains(where: { sigismember(&blocked, $0) == 1 }) else { return false }
        registerReader(of: terminal, raw: rawAttributes)
        return true
    }

    /// Reads from `terminal`, waiting in `read` itself rather than in `poll`: one system call per
    /// key instead of two. The calling thread must have been prepared with
    /// `prepareReading(from:rawAttributes:)`.
    ///
    /// A watched signal still ends the wait at once, whichever thread it lands on and however
    /// close to the call it comes: the handler makes the terminal's `read` return (see
    /// `signalHandler`), and the terminal's `VMIN` is put back here before this returns.
    ///
    /// - Returns: The number of bytes read, 0 at the end of input, or nil when a signal ended the
    ///   wait first (``hasPendingSignals``; `drain()` says which).
    /// - Throws: The `Errno` of a failed `read`.
    package func read(from terminal: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer,
                     rawAttributes: TerminalAttributes) throws -> Int? {
        // Armed before the last look at the flag: a signal after the look ends the wait.
        readerIsArmed.store(true, ordering: .sequentiallyConsistent)
        let result = hasPendingSignals ? nil : Glibc.read(terminal.rawValue, buffer.baseAddress, buffer.count)
        // Read before anything else can change it.
        let error = (result ?? 0) < 0 ? errorNumber : 0
        readerIsArmed.store(false, ordering: .sequentiallyConsistent)
        // A handler may have ended the wait even when the look found the flag set and `read`
        // was never called; VMIN is put back either way, or the next read would end at once.
        let waitWasEnded = readerWaitWasEnded.exchange(false, ordering: .sequentiallyConsistent)
        if waitWasEnded { try? rawAttributes.apply(to: terminal, when: .immediately) }
        guard let result else { return nil }
        if result < 0 {
            if error == EINTR { return nil }
            throw Errno(rawValue: error)
        }
        return result == 0 && (waitWasEnded || hasPendingSignals) ? nil : result
    }

    /// The signals received since the last call, each once, in the order they first arrived.
    ///
    /// The corresponding C function is `read`.
    package func drain() -> [Int32] {
        signalArrived.store(false, ordering: .sequentiallyConsistent)
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                (try? fileDescriptor.read(into: bytes)) ?? 0
            }
            for byte in buffer.prefix(count) where !received.contains(Int32(byte)) {
                received.append(Int32(byte))
            }
            if count < buffer.count {
                return received
            }
        }
    }

    /// Puts back the dispositions the monitor replaced and closes its pipe.
    ///
    /// Calling it again does nothing.
    ///
    /// The corresponding C functions are `sigaction` and `close`.
    package func uninstall() {
        guard isInstalled else {
            return
        }
        isInstalled = false
        for (signal, action) in previousActions.reversed() {
            var action = action
            sigaction(signal, &action, nil)
        }
        previousActions.removeAll()
        releaseSignalPipe()
        try? fileDescriptor.close()
        try? writeEnd.close()
    }

    deinit {
        uninstall()
    }
}
