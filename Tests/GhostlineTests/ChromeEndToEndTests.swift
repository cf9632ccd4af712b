import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// The rows and prompts around the entry, as the built `ghostline` draws them in a real
/// pseudo-terminal: the right prompt, the toolbar, the validator's message and the transient
/// prompt.
@Suite struct ChromeEndToEndTests {
    /// The rows of the screen that hold anything.
    private func usedRows(_ session: PseudoTerminalSession) -> [String] {
        session.screen.lines.filter { !$0.isEmpty }
    }

    @Test func theRightPromptStandsOneColumnShortOfTheEdgeAndMakesWayForTheText() throws {
        let session = try startGhostline(["--right-prompt", "main"], columns: 20, captureStandardOutput: true)
        // Columns 15 to 18: the last column stays free.
        #expect(session.waitUntil { $0.screen.line(0) == ">" + String(repeating: " ", count: 14) + "main" })
        #expect(session.screen.cursorRow == 0 && session.screen.cursorColumn == 2)
        try #require(try session.type("abcdefghijkl") { $0.screen.line(0) == "> abcdefghijkl main" && $0.screen.cursorColumn == 14 })
        // One more leaves no blank column before it: it goes.
        try #require(try session.type("m") { $0.screen.line(0) == "> abcdefghijklm" }, "\(session.screen.lines)")
        try #require(try session.type("nopqrstu") { $0.screen.line(0) == "> abcdefghijklmnopqr" && $0.screen.line(1) == "stu" })
        try #require(try session.type(String(repeating: "\u{7F}", count: 10)) { $0.screen.line(0) == "> abcdefghijk  main" })
        #expect(usedRows(session).count == 1)
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "abcdefghijk\n")
        #expect(session.screen.line(0) == "> abcdefghijk  main", "without a transient prompt the right prompt stays")
    }

    @Test func theRightPromptIsDrawnOnceAfterResizes() throws {
        let session = try startGhostline(["--right-prompt", "[12:00]"], columns: 40)
        try session.type("hello") { $0.screen.line(0).hasSuffix("[12:00] ") || $0.screen.line(0).hasSuffix("[12:00]") }
        for columns in [30, 50, 25, 60] {
            try session.resize(columns: columns, rows: 24)
            let expected = "> hello" + String(repeating: " ", count: columns - 7 - 8) + "[12:00]"
            #expect(session.waitUntil { $0.screen.line(0) == expected }, "\(columns): \(session.screen.lines)")
            #expect(session.screen.lines.filter { $0.contains("[12:00]") }.count == 1, "\(session.screen.lines)")
            #expect(session.screen.cursorRow == 0 && session.screen.cursorColumn == 7)
        }
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }

    @Test func theToolbarStaysBelowTheEntryThroughPrintingAndResizesAndGoesAfterIt() throws {
        let session = try startGhostline(["--toolbar", "F1 help\nCtrl-D quit", "--ticker", "100", "--loop"],
                                         columns: 40, rows: 10, captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.line(2) == "Ctrl-D quit" && $0.cursorLine == ">" }, "\(session.screen.lines)")
        // Ticks go above the prompt, the toolbar stays below it.
        #expect(session.waitUntil { $0.screen.text.contains("tick 2") }, "\(session.screen.lines)")
        try session.send("abc")
        #expect(session.waitUntil { screen in
            let rows = screen.screen.lines
            guard let prompt = rows.firstIndex(of: "> abc") else { return false }
            return prompt + 2 < rows.count && rows[prompt + 1] == "F1 help" && rows[prompt + 2] == "Ctrl-D quit"
                && screen.screen.cursorRow == prompt
        }, "\(session.screen.lines)")
        let promptRow = session.screen.cursorRow
        #expect(session.screen[promptRow + 1, 0].attributes.isInverse)
        #expect(session.screen.lines.filter { $0 == "F1 help" }.count == 1)
        try session.resize(columns: 30, rows: 10)
        #expect(session.waitUntil { $0.cursorLine == "> abc" && $0.screen.lines.filter { $0 == "F1 help" }.count == 1 },
                "\(session.screen.lines)")
        try session.send("\r")
        #expect(session.waitUntil { $0.standardOutputText == "abc\n" })
        // The finished entry keeps no toolbar row; the next entry has its own below it.
        #expect(session.waitUntil { screen in
            let rows = screen.screen.lines
            guard let done = rows.firstIndex(of: "> abc") else { return false }
            return rows[done + 1] != "F1 help" && screen.screen.lines.filter { $0 == "F1 help" }.count == 1
        }, "\(session.screen.lines)")
        try session.send("\u{04}")
        #expect(session.waitForExit() == .exited(0))
        #expect(!session.screen.text.contains("F1 help"), "no toolbar row is left behind: \(session.screen.lines)")
    }

    /// Ctrl-C, Ctrl-D, SIGTERM and SIGHUP.
    @Test(arguments: [("\u{03}", Int32(0)), ("\u{04}", 0), ("", SIGTERM), ("", SIGHUP)])
    func everyWayOutLeavesNoToolbarRow(key: String, signal: Int32) throws {
        let session = try startGhostline(["--toolbar", "the toolbar"], columns: 40, rows: 10)
        #expect(session.waitUntil { $0.screen.line(1) == "the toolbar" })
        if signal == 0 { try session.send(key) } else { session.signal(signal) }
        #expect(session.waitForExit() != nil)
        #expect(!session.screen.text.contains("the toolbar"), "\(session.screen.lines)")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    /// The pty's orphaned process group has its stop discarded: the entry comes back at once
    /// on the next row, with one toolbar below it and none left above.
    @Test func aStopLeavesNoToolbarRowAbove() throws {
        let session = try startGhostline(["--toolbar", "the toolbar"], columns: 40, rows: 10)
        try session.type("abc") { $0.screen.line(0) == "> abc" && $0.screen.line(1) == "the toolbar" }
        try session.send("\u{1A}")
        try session.type("d") { $0.cursorLine == "> abcd" }
        #expect(session.waitUntil { $0.screen.lines.filter { $0 == "the toolbar" }.count == 1 }, "\(session.screen.lines)")
        #expect(session.screen.line(session.screen.cursorRow + 1) == "the toolbar")
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }

    @Test func aRefusedEntryStaysWithTheMessageBelowItUntilTheNextEdit() throws {
        let session = try startGhostline(["--min-length", "5", "--toolbar", "bar"], columns: 40, captureStandardOutput: true)
        try session.type("abc\r") { $0.screen.line(1) == "at least 5 characters (3 typed)" && $0.screen.line(2) == "bar" }
        #expect(session.screen.line(0) == "> abc" && session.screen.cursorRow == 0 && session.screen.cursorColumn == 5)
        #expect(session.screen[1, 0].attributes.foreground == .basic(1))
        #expect(session.standardOutput.isEmpty)
        // Moving the cursor is no edit: the message stays.
        try session.send("\u{02}")
        #expect(session.waitUntil { $0.screen.cursorColumn == 4 })
        #expect(session.screen.line(1) == "at least 5 characters (3 typed)")
        try session.type("d") { $0.screen.line(0) == "> abdc" && $0.screen.line(1) == "bar" }
        try session.send("\u{05}e\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "abdce\n")
        #expect(usedRows(session) == ["> abdce"])
    }

    @Test func theTransientPromptReplacesThePromptAndTheRightPromptOnceTheEntryIsOver() throws {
        let session = try startGhostline(["--prompt", "long prompt> ", "--transient-prompt", "$ ", "--right-prompt", "R",
                                          "--loop"], columns: 40, captureStandardOutput: true, prompt: "long prompt> ")
        try session.type("one\r") { $0.screen.line(0) == "$ one" && $0.screen.line(1).hasPrefix("long prompt>") }
        try session.send("two\u{03}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.screen.line(0) == "$ one")
        #expect(session.screen.line(1) == "$ two", "\(session.screen.lines)")
    }

    /// OSC 133: `A` before the prompt, `B` after it and before the initial text, `C` on the row
    /// below the submitted entry, `D;0` once the CLI printed it; then the next prompt's `A`.
    @Test func shellIntegrationMarksThePromptTheInputAndTheOutput() throws {
        let session = try startGhostline(["--shell-integration", "--loop", "--initial", "abc"], columns: 40,
                                         captureStandardOutput: true)
        try session.type("d\r") { $0.standardOutputText == "abcd\n" && $0.cursorLine == ">" }
        let output = String(decoding: session.output, as: UTF8.self)
        let mark = { (letter: String) in "\u{1B}]133;\(letter)\u{07}" }
        let pieces = output.split(separator: "\u{1B}]133;", omittingEmptySubsequences: false).map(String.init)
        #expect(pieces.count >= 6, "\(pieces)")
        let kinds = pieces.dropFirst().map { $0.prefix(1) }
        #expect(Array(kinds.prefix(5)) == ["A", "B", "C", "D", "A"], "\(Array(output.utf8))")
        // The prompt lies between A and B, the initial text after B.
        #expect(pieces[1].hasPrefix("A;redraw=0\u{07}") && pieces[1].contains("> ") && !pieces[1].contains("abc"))
        #expect(pieces[2].hasPrefix("B\u{07}") && pieces[2].contains("abc"))
        #expect(pieces[3].hasPrefix("C\u{07}") && pieces[4].hasPrefix("D;0\u{07}"))
        #expect(output.contains(mark("A;redraw=0")))
        #expect(session.screen.unsupportedSequences.isEmpty, "\(session.screen.unsupportedSequences)")
        #expect(session.screen.line(0) == "> abcd")
        try session.send("\u{04}")
        #expect(session.waitForExit() == .exited(0))
    }

    /// `A;k=s` before each continuation prompt and `B` after it, `P;k=r` before the right
    /// prompt and `B` after it, each at the cell it marks; after a resize the prompts are drawn
    /// again with their marks, at the new width's places.
    @Test func shellIntegrationMarksContinuationPromptsAndTheRightPromptAtTheirCells() throws {
        let session = try startGhostline(["--shell-integration", "--multiline", "--right-prompt", "[main]"], columns: 40,
                                         captureStandardOutput: true)
        try session.type("ab\rcd") { $0.screen.line(1) == "… cd" }
        let marks = session.screen.shellIntegrationMarks.map(\.description)
        #expect(marks == ["0,0:A;redraw=0", "0,2:B", "0,33:P;k=r", "0,39:B", "1,0:A;k=s;redraw=0", "1,2:B"], "\(marks)")
        let output = String(decoding: session.output, as: UTF8.self)
        #expect(output.contains("\u{1B}]133;P;k=r\u{07}[main]\u{1B}]133;B\u{07}"), "\(output.debugDescription)")
        #expect(output.contains("\u{1B}]133;A;k=s;redraw=0\u{07}… \u{1B}]133;B\u{07}cd"), "\(output.debugDescription)")
        let before = session.screen.shellIntegrationMarks.count
        try session.resize(columns: 30, rows: 24)
        #expect(session.waitUntil { $0.screen.line(0).hasSuffix("[main]") && $0.screen.line(1) == "… cd" },
                "\(session.screen.lines)")
        let redrawn = session.screen.shellIntegrationMarks.dropFirst(before).map(\.description)
        #expect(redrawn == ["0,0:A;redraw=0", "0,2:B", "0,23:P;k=r", "0,29:B", "1,0:A;k=s;redraw=0", "1,2:B"],
                "\(redrawn)")
        #expect(session.screen.unsupportedSequences.isEmpty, "\(session.screen.unsupportedSequences)")
        try session.send("\u{1B}\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ab\ncd\n")
        #expect(session.screen.shellIntegrationMarks.suffix(2).map(\.command) == ["C", "D;0"])
    }

    @Test func controlCharactersInTheChromeAreShownAsText() throws {
        let session = try startGhostline(["--right-prompt", "r\u{1B}[2J", "--toolbar", "t\u{1B}]0;owned\u{07}"], columns: 40)
        #expect(session.waitUntil { $0.screen.line(0).hasSuffix("r^[[2J") && $0.screen.line(1) == "t^[]0;owned^G" },
                "\(session.screen.lines)")
        #expect(session.screen.unsupportedSequences.isEmpty)
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }

    @Test func aToolbarWiderThanTheScreenIsCutWithAnEllipsis() throws {
        let session = try startGhostline(["--toolbar", "一二三四五六七八九十"], columns: 9)
        #expect(session.waitUntil { $0.screen.line(1) == "一二三四…" }, "\(session.screen.lines)")
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }
}
