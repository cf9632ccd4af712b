import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// Every way out of an entry leaves the terminal as it found it, byte for byte: what `ghostline`
/// writes after the entry's last frame, in vi mode, whose cursor shape is one more mode to undo.
@Suite struct TerminalModesEndToEndTests {
    static let escape = "\u{1B}"
    /// vi's insert-mode bar undone, then bracketed paste: the stack undoes the last set first.
    static let modesUndone = "\(escape)[0 q\(escape)[?2004l"
    /// The modes set again, in the order they were first set.
    static let modesSet = "\(escape)[?2004h\(escape)[?25h\(escape)[6 q"

    /// `ghostline --vi` with "abc" typed, its bar cursor drawn.
    private static func startWithText() throws -> PseudoTerminalSession {
        let session = try startGhostline(["--vi"], captureStandardOutput: true)
        try #require(try session.type("abc") { $0.screen.line(0) == "> abc" && $0.output.count > 0 })
        return session
    }

    @Test(arguments: [("\r", 0), ("\u{03}", 130)])
    func aKeyThatEndsTheEntryUndoesEveryModeAfterTheLastFrame(key: String, status: Int32) throws {
        let session = try Self.startWithText()
        try session.send(key)
        #expect(session.waitForExit() == .exited(status))
        #expect(session.output.text(after: "abc") == "\r\n" + Self.modesUndone)
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    @Test func endOfInputUndoesEveryMode() throws {
        let session = try startGhostline(["--vi"], captureStandardOutput: true)
        try session.send("\u{04}")
        #expect(session.waitForExit() == .exited(1))
        #expect(session.output.text(after: "> \(Self.escape)[6 q") == "\r\n" + Self.modesUndone)
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalThatEndsTheProcessUndoesEveryMode(signal: Int32) throws {
        let session = try Self.startWithText()
        session.signal(signal)
        #expect(session.waitForExit() == .signaled(signal))
        // The cursor below the entry, as readline leaves it. The handler has put the terminal's
        // own attributes back by then, and with them its output processing, which may turn the
        // line feed into CR LF.
        let written = session.output.text(after: "abc")
        #expect(written == "\r\n" + Self.modesUndone || written == "\r\r\n" + Self.modesUndone, "\(Array(written.utf8))")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    /// The pty's orphaned process group has its stop discarded, so the modes come back at once:
    /// undone for the stop, set again in order, then the prompt on the next row.
    @Test func aStopUndoesEveryModeAndTheContinueSetsThemAgain() throws {
        let session = try Self.startWithText()
        let before = session.output.count
        try session.send("\u{1A}")
        try #require(session.waitUntil { $0.screen.cursorRow == 1 && $0.screen.line(1) == "> abc" })
        #expect(Array(session.output[before...]).text(before: "> abc") == Self.modesUndone + Self.modesSet + "\r\n")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.output.text(after: "abc") == "\r\n" + Self.modesUndone)
    }

    /// Continued by whoever stopped it, the editor sets every idempotent mode again.
    @Test func aContinueSetsTheModesAgain() throws {
        let session = try Self.startWithText()
        let before = session.output.count
        session.signal(SIGCONT)
        try #require(session.waitUntil { $0.output.count > before && $0.output.text(after: "abc").isEmpty })
        #expect(String(decoding: session.output[before...], as: UTF8.self).hasPrefix(Self.modesSet))
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.output.text(after: "abc") == "\r\n" + Self.modesUndone)
    }
}

extension [UInt8] {
    /// The text after the last `marker`.
    func text(after marker: String) -> String {
        let marker = Array(marker.utf8)
        guard let start = Self.lastIndex(of: marker, in: self) else { return "(no marker)" }
        return String(decoding: self[(start + marker.count)...], as: UTF8.self)
    }

    /// The text up to the first `end`.
    func text(before end: String) -> String {
        guard let stop = Self.firstIndex(of: Array(end.utf8), in: self[...]) else { return "(no end)" }
        return String(decoding: self[..<stop], as: UTF8.self)
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
