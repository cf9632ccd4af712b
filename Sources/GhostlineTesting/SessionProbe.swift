import Glibc
import Ghostline
import GhostlineTerminal

/// The driver's `SessionObserver`: counts the bytes and resizes the session has taken, records
/// when it waits, and wakes the driver by writing a byte to a pipe the driver polls.
///
/// The session calls it on its reading thread, the driver reads it on the test's thread; the
/// counts are kept under one lock, so a wait is always recorded with the counts it came after.
final class SessionProbe: SessionObserver, Sendable {
    /// What the session had taken when it last began to wait; nil while it works.
    struct Wait: Equatable {
        var bytesRead: Int
        var resizesTaken: Int
        var isSequencePending: Bool
    }

    private struct State {
        /// Answers written to the keyboard side for the probe, which the session reads beside
        /// the test's keys and which are not counted among them.
        var answerBytesUnread = 0
        var bytesRead = 0
        var resizesTaken = 0
        var lastWait: Wait?
    }

    private let state = Locked(State())
    private let resizeReadEnd: Int32
    private let resizeWriteEnd: Int32
    /// Readable when the session began to wait or an entry ended: the driver's poll wakes.
    let wakeReadEnd: Int32
    private let wakeWriteEnd: Int32

    /// How the test's terminal answers the capability probe.
    let answers: TerminalAnswers
    /// The terminal's keyboard side, where answers are written.
    private let keyboard: Int32
    /// Answers held for the session's first wait, for a terminal that answers late. Touched
    /// only on the session's thread.
    nonisolated(unsafe) private var lateAnswers: [UInt8] = []

    init(answers: TerminalAnswers, keyboard: Int32) throws(LineEditorDriverError) {
        self.answers = answers
        self.keyboard = keyboard
        (resizeReadEnd, resizeWriteEnd) = try Self.makePipe()
        do {
            (wakeReadEnd, wakeWriteEnd) = try Self.makePipe()
        } catch {
            close(resizeReadEnd)
            close(resizeWriteEnd)
            throw error
        }
    }

    deinit {
        for descriptor in [resizeReadEnd, resizeWriteEnd, wakeReadEnd, wakeWriteEnd] {
            close(descriptor)
        }
    }

    /// What the session had taken when it last began to wait, and whether it waits still.
    var lastWait: Wait? { state.withLock { $0.lastWait } }

    /// Tells the session the window was resized.
    func announceResize() {
        Self.writeByte(to: resizeWriteEnd)
    }

    /// Wakes the driver; a full pipe already will.
    func wakeDriver() {
        Self.writeByte(to: wakeWriteEnd)
    }

    /// Empties the wake pipe, once the driver has woken.
    func takeWakeUps() {
        _ = Self.drain(wakeReadEnd)
    }

    // MARK: - SessionObserver

    var resizeNotices: FileDescriptor { FileDescriptor(rawValue: resizeReadEnd) }

    func takeResizeNotices() {
        let count = Self.drain(resizeReadEnd)
        state.withLock {
            $0.resizesTaken += count
            $0.lastWait = nil
        }
    }

    func sessionDidRead(_ count: Int) {
        state.withLock {
            let answers = min(count, $0.answerBytesUnread)
            $0.answerBytesUnread -= answers
            $0.bytesRead += count - answers
            $0.lastWait = nil
        }
    }

    func sessionWillWait(isSequencePending: Bool) {
        if !lateAnswers.isEmpty {
            let answers = lateAnswers
            lateAnswers = []
            writeAnswers(answers, counted: true)
        }
        state.withLock {
            $0.lastWait = Wait(bytesRead: $0.bytesRead, resizesTaken: $0.resizesTaken, isSequencePending: isSequencePending)
        }
        wakeDriver()
    }

    var probesTerminal: Bool { answers != .notProbed }

    func sessionDidWriteProbe() {
        switch answers {
        case .notProbed, .nothing:
            break
        case .kittyKeyboard:
            writeAnswers(TerminalAnswers.kittyAnswer, counted: false)
        case .deviceAttributesOnly:
            writeAnswers(TerminalAnswers.deviceAttributes, counted: false)
        case .lateKittyKeyboard:
            lateAnswers = TerminalAnswers.kittyAnswer
        }
    }

    /// Writes answers to the terminal's keyboard side; `counted` when the session reads them
    /// in its loop, where they are not to count as the test's keys.
    private func writeAnswers(_ bytes: [UInt8], counted: Bool) {
        if counted { state.withLock { $0.answerBytesUnread += bytes.count } }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(keyboard, $0.baseAddress, $0.count) }
            if count > 0 { written += count } else if errno != EINTR { return }
        }
    }

    // MARK: - Pipes

    /// A pipe whose ends are close-on-exec and non-blocking: a notice must never block.
    private static func makePipe() throws(LineEditorDriverError) -> (readEnd: Int32, writeEnd: Int32) {
        try DescriptorCreationLock.shared.withLock { () throws(LineEditorDriverError) in
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw .lastSystemError("pipe") }
            for end in ends {
                guard fcntl(end, F_SETFD, FD_CLOEXEC) == 0, fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) == 0 else {
                    let error = LineEditorDriverError.lastSystemError("fcntl")
                    close(ends[0])
                    close(ends[1])
                    throw error
                }
            }
            return (ends[0], ends[1])
        }
    }

    private static func writeByte(to descriptor: Int32) {
        var byte: UInt8 = 1
        // A full pipe is readable already, which is all a notice has to achieve.
        while write(descriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Reads a non-blocking pipe until it is empty; returns how many bytes it held.
    private static func drain(_ descriptor: Int32) -> Int {
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                total += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return total
            }
        }
    }
}
