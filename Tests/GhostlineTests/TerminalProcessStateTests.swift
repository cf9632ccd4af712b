import Glibc
import GhostlineTerminal
import Synchronization
import Testing

extension ProcessWideStateTests {
    /// Tests of raw-mode sessions and signal handling, which change process-wide state (signal
    /// dispositions, the handler's record of the terminal to restore), so they run one at a time
    /// and never beside another suite that does (see ``ProcessWideStateTests``).
    @Suite struct TerminalProcessStateTests {
        // MARK: - Raw-mode session

        @Test func sessionEntersRawModeAndRestoresEveryByte() throws {
            let pseudoTerminal = try PseudoTerminal()
            let originalBytes = attributeBytes(of: pseudoTerminal.terminal)

            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            let raw = cAttributes(of: pseudoTerminal.terminal)
            #expect(raw.c_lflag & tcflag_t(ICANON | ECHO) == 0)
            #expect(session.isRaw)

            session.restore()
            #expect(attributeBytes(of: pseudoTerminal.terminal) == originalBytes)
            #expect(!session.isRaw)
        }

        @Test func restoringTwiceDoesNothingTheSecondTime() throws {
            let pseudoTerminal = try PseudoTerminal()
            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            session.restore()

            try pseudoTerminal.makeTerminalRaw()
            let changedElsewhere = attributeBytes(of: pseudoTerminal.terminal)
            session.restore()
            #expect(attributeBytes(of: pseudoTerminal.terminal) == changedElsewhere)
        }

        @Test func releasingTheSessionRestores() throws {
            let pseudoTerminal = try PseudoTerminal()
            let originalBytes = attributeBytes(of: pseudoTerminal.terminal)

            func enterRawModeAndLeave() throws {
                let session = try RawModeSession(terminal: pseudoTerminal.terminal)
                #expect(attributeBytes(of: pseudoTerminal.terminal) != originalBytes)
                #expect(session.isRaw)
            }
            try enterRawModeAndLeave()

            #expect(attributeBytes(of: pseudoTerminal.terminal) == originalBytes)
        }

        @Test func reenteringAfterRestoreAppliesTheSameRawMode() throws {
            let pseudoTerminal = try PseudoTerminal()
            let originalBytes = attributeBytes(of: pseudoTerminal.terminal)
            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            let rawBytes = attributeBytes(of: pseudoTerminal.terminal)

            session.restore()
            try session.reenter()
            #expect(attributeBytes(of: pseudoTerminal.terminal) == rawBytes)
            #expect(session.isRaw)

            session.restore()
            #expect(attributeBytes(of: pseudoTerminal.terminal) == originalBytes)
        }

        @Test func sessionOnAPipeThrowsNotATerminal() throws {
            let pipe = try Pipe()
            #expect(throws: Errno(rawValue: ENOTTY)) {
                try RawModeSession(terminal: pipe.readEnd)
            }
        }

        /// The handler's record of the attributes to restore and of those that end a wait must
        /// not spill into the flags beside them: a signal that arrived before the terminal was
        /// recorded is still news afterwards. (The compiler once emitted those `termios` globals
        /// 57 bytes long; writing all 60 cleared the flags next to them.)
        @Test func recordingTheTerminalLeavesTheSignalFlagsAsTheyWere() throws {
            let pseudoTerminal = try PseudoTerminal()
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            defer { monitor.uninstall() }
            raiseOnThisThread(SIGWINCH)
            #expect(monitor.hasPendingSignals)

            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            defer { session.restore() }
            #expect(monitor.hasPendingSignals, "arming the restore kept the flag")
            // On a thread of its own, which can unblock the signal as `prepareReading` requires;
            // `join()` orders its write before the test's read.
            final class Answer { var isPrepared = false }
            let answer = Answer()
            let reader = TestThread {
                unblock(SIGWINCH)
                answer.isPrepared = monitor.prepareReading(from: pseudoTerminal.terminal, rawAttributes: session.rawAttributes)
            }
            reader.join()
            #expect(answer.isPrepared)
            #expect(monitor.hasPendingSignals, "recording the reader kept the flag")
            #expect(monitor.drain() == [SIGWINCH])
        }

        // MARK: - Signal monitor

        @Test func raisedSignalMakesTheMonitorReadable() throws {
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            defer { monitor.uninstall() }
            #expect(try waitForInput(on: [monitor.fileDescriptor], timeoutMilliseconds: 0).isEmpty)

            raiseOnThisThread(SIGWINCH)

            #expect(try waitForInput(on: [monitor.fileDescriptor], timeoutMilliseconds: 5000)
                == [monitor.fileDescriptor])
            #expect(monitor.drain() == [SIGWINCH])
            #expect(monitor.drain().isEmpty)
        }

        @Test func signalFromKillReachesTheMonitor() throws {
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            defer { monitor.uninstall() }

            kill(getpid(), SIGWINCH)

            #expect(try waitForInput(on: [monitor.fileDescriptor], timeoutMilliseconds: 5000)
                == [monitor.fileDescriptor])
            #expect(monitor.drain() == [SIGWINCH])
        }

        @Test func drainReportsEachSignalOnceInArrivalOrder() throws {
            let monitor = try SignalMonitor(signals: [SIGWINCH, SIGURG])
            defer { monitor.uninstall() }

            raiseOnThisThread(SIGURG)
            raiseOnThisThread(SIGWINCH)
            raiseOnThisThread(SIGURG)

            #expect(monitor.drain() == [SIGURG, SIGWINCH])
        }

        @Test func uninstallPutsBackThePreviousDisposition() throws {
            let before = disposition(of: SIGWINCH)
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            #expect(disposition(of: SIGWINCH) != before)

            monitor.uninstall()
            monitor.uninstall()
            #expect(disposition(of: SIGWINCH) == before)
        }

        @Test func onlyOneMonitorAtATime() throws {
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            #expect(throws: Errno.resourceBusy) {
                try SignalMonitor(signals: [SIGURG])
            }
            monitor.uninstall()

            let next = try SignalMonitor(signals: [SIGURG])
            next.uninstall()
        }

        @Test func uncatchableSignalThrowsAndLeavesNothingInstalled() throws {
            let before = disposition(of: SIGWINCH)
            #expect(throws: Errno(rawValue: EINVAL)) {
                try SignalMonitor(signals: [SIGWINCH, SIGKILL])
            }
            #expect(disposition(of: SIGWINCH) == before)
            try SignalMonitor(signals: [SIGWINCH]).uninstall()
        }

        @Test func terminatingSignalRestoresTheTerminalInTheHandler() throws {
            let pseudoTerminal = try PseudoTerminal()
            let originalBytes = attributeBytes(of: pseudoTerminal.terminal)
            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            let monitor = try SignalMonitor(signals: [SIGTERM])
            defer { monitor.uninstall() }

            raiseOnThisThread(SIGTERM)

            #expect(attributeBytes(of: pseudoTerminal.terminal) == originalBytes)
            #expect(monitor.drain() == [SIGTERM])
            session.restore()
        }

        @Test func nonTerminatingSignalLeavesRawModeAlone() throws {
            let pseudoTerminal = try PseudoTerminal()
            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            let rawBytes = attributeBytes(of: pseudoTerminal.terminal)
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            defer { monitor.uninstall() }

            raiseOnThisThread(SIGWINCH)

            #expect(attributeBytes(of: pseudoTerminal.terminal) == rawBytes)
            session.restore()
        }

        @Test func restoredSessionIsNotRestoredAgainByTheHandler() throws {
            let pseudoTerminal = try PseudoTerminal()
            let session = try RawModeSession(terminal: pseudoTerminal.terminal)
            session.restore()
            try pseudoTerminal.makeTerminalRaw()
            let changedElsewhere = attributeBytes(of: pseudoTerminal.terminal)
            let monitor = try SignalMonitor(signals: [SIGTERM])
            defer { monitor.uninstall() }

            raiseOnThisThread(SIGTERM)

            #expect(attributeBytes(of: pseudoTerminal.terminal) == changedElsewhere)
        }

        // MARK: - Waiting for keys in read

        @Test func aThreadThatBlocksAWatchedSignalIsLeftToPoll() throws {
            let pseudoTerminal = try PseudoTerminal()
            let monitor = try SignalMonitor(signals: [SIGWINCH])
            defer { monitor.uninstall() }
            let raw = try TerminalAttributes.read(from: pseudoTerminal.terminal).makingRaw()
            // Swift Testing's worker threads block every signal.
            #expect(!monitor.prepareReading(from: pseudoTerminal.terminal, rawAttributes: raw))
        }

        @Test func bytesEndTheReadAsUsual() throws {
            let reading = try ReadingThread(signals: [SIGWINCH])
            defer { reading.finish() }
            try reading.waitUntilBlockedInRead()
            try reading.pseudoTerminal.controller.writeAll(Array("ab".utf8))
            #expect(reading.outcome() == .bytes(2))
            #expect(reading.attributesAfter == reading.rawAttributes, "the terminal's read settings are untouched")
        }

        @Test func theEndOfInputEndsTheReadWithZero() throws {
            let reading = try ReadingThread(signals: [SIGWINCH])
            defer { reading.finish() }
            try reading.waitUntilBlockedInRead()
            reading.pseudoTerminal.closeController()
            let outcome = reading.outcome()
            #expect(outcome == .bytes(0) || outcome == .failed(EIO), "a hang-up, not a signal: \(String(describing: outcome))")
        }

        @Test(arguments: [false, true])
        func aSignalEndsTheWaitInRead(landingOnAnotherThread: Bool) throws {
            let reading = try ReadingThread(signals: [SIGWINCH, SIGTERM])
            defer { reading.finish() }
            // A bystander that lets the signal in, as a thread of an app might: the kernel may
            // hand a process's signal to it, and its handler must send the signal on.
            let bystanderPipe = try Pipe()
            let bystander = TestThread {
                unblock(SIGWINCH)
                var byte: UInt8 = 0
                _ = read(bystanderPipe.readEnd.rawValue, &byte, 1)
            }
            defer {
                try? bystanderPipe.writeEnd.writeAll([0])
                bystander.join()
            }
            try reading.waitUntilBlockedInRead()
            pthread_kill(landingOnAnotherThread ? bystander.thread : reading.thread.thread, SIGWINCH)
            #expect(reading.outcome() == .signal)
            #expect(reading.drained == [SIGWINCH])
            #expect(reading.attributesAfter == reading.rawAttributes, "VMIN is put back after the wait is ended")
        }

        @Test func aSignalJustBeforeTheReadEndsItAtOnce() throws {
            let reading = try ReadingThread(signals: [SIGWINCH], raisingFirst: SIGWINCH)
            defer { reading.finish() }
            #expect(reading.outcome() == .signal)
            #expect(reading.drained == [SIGWINCH])
        }

        // MARK: - Suspending and re-raising

        @Test func reraiseEndsTheProcessByTheSignalEvenWhenHandledAndBlocked() throws {
            let monitor = try SignalMonitor(signals: [SIGTERM])
            defer { monitor.uninstall() }
            var terminate = sigset_t()
            var previousMask = sigset_t()
            sigemptyset(&terminate)
            sigaddset(&terminate, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &terminate, &previousMask)
            let child = fork()
            if child == 0 {
                reraise(SIGTERM)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            try #require(child > 0)

            #expect(waitForChild(child) == .killed(by: SIGTERM))
        }

        @Test func suspendProcessStopsAndResumesWithTheHandlerBack() throws {
            let monitor = try SignalMonitor(signals: [SIGTSTP])
            defer { monitor.uninstall() }
            let child = fork()
            if child == 0 {
                // A process group of its own is never orphaned, and an orphaned one ignores SIGTSTP.
                setpgid(0, 0)
                let before = disposition(of: SIGTSTP)
                suspendProcess()
                _exit(disposition(of: SIGTSTP) == before ? 0 : 1)
            }
            try #require(child > 0)

            var status = waitForChild(child)
            #expect(status == .stopped(by: SIGTSTP))
            if case .stopped = status {
                kill(child, SIGCONT)
                status = waitForChild(child)
            }
            #expect(status == .exited(0))
            if !status.isFinished {
                kill(child, SIGKILL)
                _ = waitForChild(child)
            }
        }
    }
}

/// A thread that reads a pseudo-terminal in raw mode with `SignalMonitor.read(from:into:rawAttributes:)`,
/// the monitor's signals unblocked on it, once.
private final class ReadingThread: @unchecked Sendable {
    enum Outcome: Equatable {
        case bytes(Int)
        case signal
        case failed(Int32)
        case notPrepared
    }

    let pseudoTerminal: PseudoTerminal
    let rawAttributes: TerminalAttributes
    private(set) var thread: TestThread!
    private let monitor: SignalMonitor
    private let session: RawModeSession
    /// What the thread saw, written by it and read by the test.
    private struct Observed {
        var threadIdentifier: Int32 = 0
        var result: Outcome?
        var drained: [Int32] = []
        var attributesAfter: TerminalAttributes?
    }
    private let observed = Mutex(Observed())

    /// The signals `drain()` reported after the read.
    var drained: [Int32] { observed.withLock { $0.drained } }
    /// The terminal's attributes after the read.
    var attributesAfter: TerminalAttributes? { observed.withLock { $0.attributesAfter } }

    /// Starts the thread; with `raisingFirst`, it raises that signal on itself before it reads.
    init(signals: [Int32], raisingFirst: Int32? = nil) throws {
        pseudoTerminal = try PseudoTerminal()
        session = try RawModeSession(terminal: pseudoTerminal.terminal)
        rawAttributes = session.rawAttributes
        monitor = try SignalMonitor(signals: signals)
        thread = TestThread { [self] in
            for signal in signals { unblock(signal) }
            let identifier = currentThreadIdentifier()
            observed.withLock { $0.threadIdentifier = identifier }
            guard monitor.prepareReading(from: pseudoTerminal.terminal, rawAttributes: rawAttributes) else {
                observed.withLock { $0.result = .notPrepared }
                return
            }
            if let raisingFirst { raise(raisingFirst) }
            var buffer = [UInt8](repeating: 0, count: 16)
            let outcome: Outcome
            do {
                let count = try buffer.withUnsafeMutableBytes {
                    try monitor.read(from: pseudoTerminal.terminal, into: $0, rawAttributes: rawAttributes)
                }
                outcome = count.map { .bytes($0) } ?? .signal
            } catch let error as Errno {
                outcome = .failed(error.rawValue)
            } catch {
                outcome = .failed(-1)
            }
            let after = try? TerminalAttributes.read(from: pseudoTerminal.terminal)
            let signalsSeen = monitor.drain()
            observed.withLock {
                $0.attributesAfter = after
                $0.drained = signalsSeen
                $0.result = outcome
            }
        }
    }

    /// Ends the read if it still waits (by hanging up the terminal), waits for the thread and
    /// puts the signal handlers and the terminal back.
    func finish() {
        pseudoTerminal.closeController()
        thread.join()
        monitor.uninstall()
        session.restore()
    }

    /// Waits, for at most five seconds, until the thread sleeps in the kernel: in `read`.
    func waitUntilBlockedInRead() throws {
        for _ in 0..<5_000 {
            let identifier = observed.withLock { $0.threadIdentifier }
            if identifier != 0, let state = try? threadState(identifier), state == "S" { return }
            usleep(1_000)
        }
        throw Errno(rawValue: ETIMEDOUT)
    }

    /// How the read ended, waiting for it for at most five seconds.
    func outcome() -> Outcome? {
        for _ in 0..<5_000 {
            if let result = observed.withLock({ $0.result }) { return result }
            usleep(1_000)
        }
        return nil
    }
}

/// The calling thread's kernel identifier, from the name of `/proc/thread-self`.
private func currentThreadIdentifier() -> Int32 {
    var target = [CChar](repeating: 0, count: 64)
    let length = readlink("/proc/thread-self", &target, target.count - 1)
    guard length > 0 else { return 0 }
    let path = String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Int32(path.split(separator: "/").last ?? "") ?? 0
}

/// The state letter (`R`, `S`, …) of one of this process's threads, from `/proc`.
private func threadState(_ identifier: Int32) throws -> String {
    let descriptor = open("/proc/self/task/\(identifier)/stat", O_RDONLY)
    guard descriptor >= 0 else { throw Errno.current }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 512)
    let count = read(descriptor, &bytes, bytes.count)
    guard count > 0 else { throw Errno.current }
    let text = String(decoding: bytes.prefix(count), as: UTF8.self)
    // The name in parentheses may hold spaces; the state follows the last parenthesis.
    guard let close = text.lastIndex(of: ")") else { return "" }
    return String(text[text.index(after: close)...].dropFirst().prefix(1))
}

/// Unblocks `signal` on the calling thread.
private func unblock(_ signal: Int32) {
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
}

/// Raises the signal with it unblocked on this thread, so its handler has run when this returns.
///
/// Swift Testing runs tests on worker threads that block every signal; a plain `raise` would
/// leave the signal pending there forever.
private func raiseOnThisThread(_ signal: Int32) {
    var only = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, &previousMask)
    raise(signal)
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
}

/// The installed handler of a signal, as the bits of its function pointer (0 for the default).
private func disposition(of signal: Int32) -> UInt {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler, to: UInt.self)
}
