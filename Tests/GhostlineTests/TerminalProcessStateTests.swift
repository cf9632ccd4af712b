import Glibc
import GhostlineTerminal
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
