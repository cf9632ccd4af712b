import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// The built `ghostline` in a pseudo-terminal that answers as a kitty-protocol terminal: the
/// flags it pushes are popped on every way out, signals too, and popped and pushed again around
/// a stop, so the shell gets its keys back as it sent them.
@Suite struct KeyboardProtocolWayOutTests {
    /// `ghostline` with "abc" typed, its kitty flags pushed.
    private static func startWithText(_ arguments: [String] = []) throws -> PseudoTerminalSession {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: arguments,
                                                captureStandardOutput: true, answersKeyboardProtocol: true)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.keyboardFlagsStack == [1] },
                     "\(session.screen.keyboardFlagsStack) \(session.screen.lines)")
        // Keys as the kitty protocol sends them with flag 1: plain text stays text.
        try #require(try session.type("abc") { $0.screen.line(0) == "> abc" })
        return session
    }

    /// Where `text` first starts in `bytes`.
    private static func offset(of text: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(text.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalThatEndsTheProcessPopsTheFlags(signal: Int32) throws {
        let session = try Self.startWithText()
        session.signal(signal)
        #expect(session.waitForExit() == .signaled(signal))
        #expect(session.screen.keyboardFlagsStack.isEmpty)
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
        #expect(!session.screen.bracketedPasteEnabled)
    }

    /// Enter, and Ctrl-C as the kitty protocol sends it (`CSI 99;5u`).
    @Test(arguments: [("\r", Int32(0)), ("\u{1B}[99;5u", 130)])
    func aKeyThatEndsTheEntryPopsTheFlags(key: String, status: Int32) throws {
        let session = try Self.startWithText()
        try session.send(key)
        #expect(session.waitForExit() == .exited(status))
        #expect(session.screen.keyboardFlagsStack.isEmpty)
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    /// The pty's orphaned process group has its stop discarded: the flags are popped for the
    /// stop and pushed again after it, once each, and typing goes on.
    @Test func aStopPopsTheFlagsAndTheContinuePushesThemAgain() throws {
        let session = try Self.startWithText()
        let before = session.output.count
        try session.send("\u{1B}[122;5u")
        try #require(try session.type("d") { $0.cursorLine == "> abcd" }, "\(session.screen.lines)")
        let written = Array(session.output[before...])
        let pop = try #require(Self.offset(of: "\u{1B}[<u", in: written), "\(written)")
        let push = try #require(Self.offset(of: "\u{1B}[>1u", in: written), "\(written)")
        #expect(pop < push)
        #expect(session.screen.keyboardFlagsStack == [1])
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.screen.keyboardFlagsStack.isEmpty)
        #expect(session.standardOutputText == "abcd\n")
    }
}
