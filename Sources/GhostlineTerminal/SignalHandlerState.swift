import Glibc

// The little state a signal handler may touch. A handler can run at any instruction of any
// thread, so it reads only these plain values and calls only async-signal-safe functions
// (`tcsetattr`, `write`). Everything else changes them under `stateLock` with every signal
// blocked on the changing thread, and clears the descriptor before rewriting what it guards.

/// The write end of the installed `SignalMonitor`'s pipe, or -1 when none is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The terminal in raw mode that a terminating signal should restore, or -1 when none is.
nonisolated(unsafe) private var terminalToRestore: Int32 = -1

/// The attributes to restore `terminalToRestore` to.
nonisolated(unsafe) private var attributesToRestore = termios()

/// The session that armed `terminalToRestore`, so an older session's restore cannot disarm a
/// newer one.
nonisolated(unsafe) private var restoreOwner: ObjectIdentifier?

/// Serializes changes from different threads; never taken by a handler.
nonisolated(unsafe) private let stateLock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
}()

/// Runs `change` under the lock with every signal blocked on this thread, so this thread's
/// handler never sees a half-made change.
private func changingHandlerState<Result>(_ change: () throws -> Result) rethrows -> Result {
    var everySignal = sigset_t()
    var previousMask = sigset_t()
    sigfillset(&everySignal)
    pthread_sigmask(SIG_BLOCK, &everySignal, &previousMask)
    pthread_mutex_lock(stateLock)
    defer {
        pthread_mutex_unlock(stateLock)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }
    return try change()
}

/// Records the terminal a terminating signal must restore, replacing any earlier record.
func armTerminalRestore(
    of terminal: FileDescriptor,
    to attributes: TerminalAttributes,
    owner: ObjectIdentifier
) {
    changingHandlerState {
        terminalToRestore = -1
        attributesToRestore = attributes.storage
        restoreOwner = owner
        terminalToRestore = terminal.rawValue
    }
}

/// Forgets the record made by `owner`, if it is still the current one.
func disarmTerminalRestore(owner: ObjectIdentifier) {
    changingHandlerState {
        if restoreOwner == owner {
            terminalToRestore = -1
            restoreOwner = nil
        }
    }
}

/// Makes `writeEnd` the pipe handlers write to.
///
/// - Throws: `Errno.resourceBusy` when another monitor's pipe is already installed; signal
///   dispositions are process-wide, so two monitors would undo each other.
func claimSignalPipe(writeEnd: FileDescriptor) throws {
    try changingHandlerState {
        guard signalPipeWriteEnd == -1 else {
            throw Errno.resourceBusy
        }
        signalPipeWriteEnd = writeEnd.rawValue
    }
}

/// Stops handlers from writing to any pipe.
func releaseSignalPipe() {
    changingHandlerState {
        signalPipeWriteEnd = -1
    }
}

/// The handler `SignalMonitor` installs for every signal it watches.
///
/// For a signal whose default action ends the process, it first puts the terminal back the way
/// it was found, so the terminal is usable even if the main loop never gets to run again. Then
/// it writes the signal number as one byte to the monitor's pipe, which wakes the main loop. If
/// the pipe is full the byte is dropped: that needs 64 KiB of undrained signals.
let signalHandler: @convention(c) (Int32) -> Void = { signal in
    let savedErrno = errno
    if endsProcessByDefault(signal), terminalToRestore >= 0 {
        tcsetattr(terminalToRestore, TCSANOW, &attributesToRestore)
    }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// Whether the signal's default action terminates the process, among those a line editor
/// watches.
private func endsProcessByDefault(_ signal: Int32) -> Bool {
    switch signal {
    case SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2:
        true
    default:
        false
    }
}
