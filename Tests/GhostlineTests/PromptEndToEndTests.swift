import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

@Suite struct PlaceholderEndToEndTests {
    @Test func placeholderIsShownHiddenAndShownAgain() throws {
        let session = try startGhostline(["--placeholder", "Type a message…"], captureStandardOutput: true)
        // The cursor waited for: the placeholder may show before the bytes that move it back.
        #expect(session.waitUntil {
            $0.screen.line(0) == "> Type a message…" && $0.screen.cursorRow == 0 && $0.screen.cursorColumn == 2
        })
        #expect(session.screen[0, 2].attributes.foreground == .basic(8))
        #expect(session.screen.isCursorVisible)

        try #require(try session.type("h") { $0.screen.line(0) == "> h" })
        #expect(session.screen[0, 3] == ScreenCell(text: " ", attributes: .plain))

        // The cursor waited for too: the placeholder may show before the bytes that move it back.
        try #require(try session.type("\u{7F}") { $0.screen.line(0) == "> Type a message…" && $0.screen.cursorColumn == 2 })

        try #require(try session.type("hi\u{15}") { $0.screen.line(0) == "> Type a message…" }, "Ctrl-U empties: placeholder back")
        try #require(try session.type("one two\u{17}\u{17}") { $0.screen.line(0) == "> Type a message…" }, "Ctrl-W twice")

        try session.send("done\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "done\n")
        #expect(session.screen.line(0) == "> done", "the submitted entry stays visible, without ghost text")
        #expect(session.screen.cursorRow == 1 && session.screen.cursorColumn == 0)
        #expect(!session.screen.bracketedPasteEnabled)
    }
}

@Suite struct TerminalRestoreEndToEndTests {
    @Test func controlCExitsWith130AndRestoresTheTerminalByteForByte() throws {
        let session = try startGhostline(["--placeholder", "x"])
        try session.send("abc\u{03}")
        #expect(session.waitForExit() == .exited(130))
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
        #expect(!session.screen.bracketedPasteEnabled)
    }

    @Test func endOfFileOnAnEmptyEntryExitsWith1() throws {
        let session = try startGhostline(["--placeholder", "x"], captureStandardOutput: true)
        try session.send("\u{04}")
        #expect(session.waitForExit() == .exited(1))
        #expect(session.standardOutput.isEmpty)
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
        #expect(session.screen.line(0) == ">", "the placeholder is erased on the way out")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func fatalSignalsRestoreTheTerminal(signal: Int32) throws {
        let session = try startGhostline(["--placeholder", "x"])
        try session.type("abc") { $0.screen.line(0) == "> abc" }
        session.signal(signal)
        #expect(session.waitForExit() == .signaled(signal))
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
        #expect(!session.screen.bracketedPasteEnabled)
    }

    @Test func submitRestoresTheTerminalAndLeavesTheCursorOnAFreshLine() throws {
        let session = try startGhostline([], captureStandardOutput: true)
        try session.send("hello\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
        #expect(session.screen.cursorRow == 1 && session.screen.cursorColumn == 0)
    }

    /// The test's pseudo-terminal holds an orphaned process group, where the kernel discards
    /// stop signals, so Ctrl-Z cannot really stop the editor here; it must come back with raw
    /// mode on and the edit intact, and a SIGCONT must repaint in place without duplicating rows.
    @Test func suspendAndContinueKeepTheEditIntact() throws {
        let session = try startGhostline(["--placeholder", "x"], captureStandardOutput: true)
        try session.type("keep me") { $0.screen.line(0) == "> keep me" }
        try session.send("\u{1A}")
        try session.type("!") { $0.cursorLine.hasSuffix("keep me!") }
        // Like readline, the suspended prompt stays where it was and the edit continues below it.
        let rowsAfterSuspend = session.screen.lines.filter { $0.contains("keep me") }.count
        #expect(rowsAfterSuspend == 2)
        session.signal(SIGCONT)
        try session.type("?") { $0.cursorLine.hasSuffix("keep me!?") }
        let rows = session.screen.lines.filter { $0.contains("keep me") }
        #expect(rows.count == rowsAfterSuspend, "SIGCONT repaints in place: \(session.screen.lines)")
        #expect(session.isInNonCanonicalMode)
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "keep me!?\n")
    }
}

@Suite struct EditingEndToEndTests {
    @Test func loopReadsEntriesUntilEndOfFile() throws {
        let session = try startGhostline(["--loop", "--placeholder", "more"], captureStandardOutput: true)
        try session.send("one\r")
        #expect(session.waitUntil { $0.screen.line(1) == "> more" })
        try session.send("two\r\u{04}")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "one\ntwo\n")
    }

    @Test func initialTextPrefillsTheEntry() throws {
        let session = try startGhostline(["--initial", "draft", "--placeholder", "ghost"], captureStandardOutput: true)
        #expect(session.screen.line(0) == "> draft")
        try session.send("\u{01}x\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "xdraft\n")
    }
}

@Suite struct OutputModeEndToEndTests {
    @Test func capturedStandardOutputGetsOnlyTheEntryWhileTheUserInterfaceGoesToTheTerminal() throws {
        let session = try startGhostline(["--placeholder", "Your name"], captureStandardOutput: true)
        #expect(session.screen.line(0) == "> Your name")
        try session.send("Ada\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutput == Array("Ada\n".utf8))
    }

    @Test func dumbTerminalGetsAPlainPromptWithoutEscapes() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--placeholder", "ghost"],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") })
        try session.send("plain\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "plain\n")
        #expect(!session.output.contains(0x1B), "no escape sequence at all")
    }

    @Test func dumbTerminalSubmitsTheDefaultForAnEmptyLine() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--default", "fallback"],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") })
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "fallback\n")
    }
}
