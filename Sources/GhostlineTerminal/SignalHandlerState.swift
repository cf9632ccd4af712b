import Glibc
import Synchronization

// The little state a signal handler may touch. A handler can run at any instruction of any
// thread, so it reads only these plain values and calls only async-signal-safe functions
// (`tcsetattr`, `write`). Everything else changes them under `stateLock` with every signal
// blocked on the changing thread, and clears the descriptor before rewriting what it guards.
//
// The `termios` values live in storage allocated once and never freed, not in globals of their
// own: this compiler emitted each such global 57 bytes long, although a `termios` is 60, so
// every write of one overwrote the flags laid out after it (found with AddressSanitizer; `nm -S`
// on a release build shows the sizes). A pointer global is one word, whatever the C structure.

/// The write end of the installed `SignalMonitor`'s pipe, or -1 when none is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The terminal in raw mode that a terminating signal should restore, or -1 when none is.
nonisolated(unsafe) private var terminalToRestore: Int32 = -1

/// The attributes to restore `terminalToRestore` to.
nonisolated(unsafe) private let attributesToRestore = allocateAttributes()

/// The session that armed `terminalToRestore`, so an older session's restore cannot disarm a
/// newer one.
nonisolated(unsafe) private var restoreOwner: ObjectIdentifier?

/// True from the moment a handler runs until `drain()`: read per key instead of the pipe, which
/// would cost a system call.
///
/// This flag and `readerIsArmed` are atomics with sequentially consistent order: the reader
/// sets one and reads the other, a handler the other way round, and without that order the
/// compiler or the processor could let each miss the other.
let signalArrived = Atomic<Bool>(false)

/// True while the reading thread is about to block in `read` or blocks there (see
/// `SignalMonitor.read(from:into:rawAttributes:)`); only that thread sets and clears it.
let readerIsArmed = Atomic<Bool>(false)

/// Set by a handler that ended the reader's wait; the reader then puts `VMIN` back.
let readerWaitWasEnded = Atomic<Bool>(false)

/// The thread that reads the terminal, the terminal, and its raw attributes with a read that
/// returns at once (`VMIN` 0): what a handler applies to end the wait.
nonisolated(unsafe) private var readerThread = pthread_t()
nonisolated(unsafe) private var readerTerminal: Int32 = -1
nonisolated(unsafe) private let attributesEndingTheWait = allocateAttributes()

/// Storage for one `termios`, zeroed, that lives as long as the process: a handler may read it
/// at any moment. A global is made on first use, which for these is always a change under
/// `stateLock`, before the descriptor that lets a handler read them is set.
private func allocateAttributes() -> UnsafeMutablePointer<termios> {
    let storage = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    storage.initialize(to: termios())
    return storage
}

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
        attributesToRestore.pointee = attributes.storage
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

/// Stops handlers from writing to any pipe or ending any reader's wait.
func releaseSignalPipe() {
    changingHandlerState {
        signalPipeWriteEnd = -1
        readerTerminal = -1
    }
}

/// Records the calling thread as the one that reads `terminal`, whose raw attributes are `raw`.
func registerReader(of terminal: FileDescriptor, raw: TerminalAttributes) {
    var ending = raw.storage
    withUnsafeMutableBytes(of: &ending.c_cc) { controlCharacters in
        controlCharacters[Int(VMIN)] = 0
        controlCharacters[Int(VTIME)] = 0
    }
    changingHandlerState {
        readerTerminal = -1
        readerThread = pthread_self()
        attributesEndingTheWait.pointee = ending
        readerTerminal = terminal.rawValue
    }
}

/// The handler `SignalMonitor` installs for every signal it watches.
///
/// For a signal whose default action ends the process, it first puts the terminal back the way
/// it was found, so the terminal is usable even if the main loop never gets to run again. Then
/// it writes the signal number as one byte to the monitor's pipe, which wakes the main loop. If
/// the pipe is full the byte is dropped: that needs 64 KiB of undrained signals.
///
/// When the main loop waits for keys in `read` itself (`SignalMonitor.read(from:into:rawAttributes:)`),
/// a byte in a pipe does not wake it, so the handler also ends that wait:
/// - On the reading thread it makes the terminal's `read` return at once (`VMIN` 0). That also
///   ends a `read` that is just about to start, and one the kernel restarts after the handler
///   (`SA_RESTART`). The main loop then runs at once and restores the terminal itself, so here a
///   signal that ends the process does not restore it.
/// - On any other thread it restores the terminal as usual and sends the signal on to the
///   reading thread, whose own run of the handler ends the wait.
let signalHandler: @convention(c) (Int32) -> Void = { signal in
    let savedErrno = errorNumber
    signalArrived.store(true, ordering: .sequentiallyConsistent)
    let isReading = readerIsArmed.load(ordering: .sequentiallyConsistent) && readerTerminal >= 0
    if isReading && pthread_equal(pthread_self(), readerThread) != 0 {
        tcsetattr(readerTerminal, TCSANOW, attributesEndingTheWait)
        readerWaitWasEnded.store(true, ordering: .sequentiallyConsistent)
    } else {
        if endsProcessByDefault(signal), terminalToRestore >= 0 {
            tcsetattr(terminalToRestore, TCSANOW, attributesToRestore)
        }
        if isReading { pthread_kill(readerThread, signal) }
    }
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errorNumber = savedErrno
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
