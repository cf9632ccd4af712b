import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// The completion menu as the built `ghostline --menu` draws it in a real pseudo-terminal:
/// below the entry, moved through with Tab, taken with Enter, and gone on every way out.
@Suite struct MenuEndToEndTests {
    private static let gitCommands = "add\tstage files\ncommit\trecord changes\ncheckout\tswitch branches\n"
        + "cherry-pick\tapply a commit\nclone\tcopy a repository\npush\tsend commits\n"

    /// `ghostline --menu` offering the candidates of `file` (a line each, TAB description),
    /// written in `directory`.
    private func startMenu(_ file: String, in directory: TemporaryDirectory, _ arguments: [String] = [],
                           columns: Int = 60, rows: Int = 12,
                           captureStandardOutput: Bool = false) throws -> PseudoTerminalSession {
        try writeFile(file, to: directory.path("completions"))
        return try startGhostline(["--menu", "--completions-file", directory.path("completions")] + arguments,
                                  columns: columns, rows: rows, captureStandardOutput: captureStandardOutput)
    }

    @Test func tabOpensTheMenuBelowAndEnterTakesTheSelectionWithoutSubmitting() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu(Self.gitCommands, in: directory, captureStandardOutput: true)
        try #require(try session.type("git c\t") { $0.screen.line(1).hasPrefix("commit") && $0.screen.line(4).hasPrefix("clone") }, "\(session.screen.lines)")
        #expect(session.screen.line(0) == "> git c", "the candidates share only c")
        #expect(session.screen.line(1) == "commit       record changes")
        #expect(session.screen.line(2) == "checkout     switch branches")
        #expect(session.screen[1, 0].attributes.isInverse == false)
        try #require(try session.type("\t\t") { $0.screen.line(0) == "> git checkout" }, "\(session.screen.lines)")
        #expect(session.screen[2, 0].attributes.isInverse, "the selection is drawn inverse")
        #expect(session.screen[2, 13].attributes.isDim && session.screen[2, 13].attributes.isInverse)
        #expect(!session.screen[1, 0].attributes.isInverse)
        try #require(try session.type("\r") { $0.screen.line(1).isEmpty && $0.screen.line(0) == "> git checkout" }, "\(session.screen.lines)")
        #expect(session.standardOutput.isEmpty, "Enter took the selection and did not submit")
        try session.send(" -b\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "git checkout -b\n")
        #expect(session.screen.lines.filter { !$0.isEmpty } == ["> git checkout -b"])
    }

    @Test func escapePutsBackTheWordAsTyped() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu(Self.gitCommands, in: directory, captureStandardOutput: true)
        try #require(try session.type("ch\t") { $0.screen.line(0) == "> che" && $0.screen.line(1).hasPrefix("checkout") }, "\(session.screen.lines)")
        try #require(try session.type("\t") { $0.screen.line(0) == "> checkout" }, "\(session.screen.lines)")
        try #require(try session.type("\u{1B}") { $0.screen.line(0) == "> ch" && $0.screen.line(1).isEmpty }, "\(session.screen.lines)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ch\n")
    }

    @Test func aResizeWithTheMenuOpenLaysItOutAgainAndLeavesNoRowBehind() throws {
        let words = (1...40).map { "word\($0)" }.joined(separator: "\n")
        let directory = try TemporaryDirectory()
        let session = try startMenu(words, in: directory, ["--toolbar", "the toolbar"], columns: 80, rows: 12)
        // Six columns of seven rows, all shown, the toolbar below them.
        try #require(try session.type("w\t") { $0.screen.line(1).hasPrefix("word1 ") && $0.screen.line(8) == "the toolbar" }, "\(session.screen.lines)")
        #expect(session.screen.line(7).hasPrefix("word7 ") && !session.screen.text.contains("rows "))
        for (columns, rows) in [(30, 12), (20, 8), (80, 12)] {
            try session.resize(columns: columns, rows: rows)
            #expect(session.waitUntil { screen in
                screen.screen.lines.filter { $0.hasPrefix("rows ") }.count == (columns == 80 ? 0 : 1)
                    && screen.screen.lines.filter { $0 == "the toolbar" }.count == 1
                    && screen.screen.lines.filter { $0.hasPrefix("word1 ") }.count <= 1
                    && screen.cursorLine == "> word"
            }, "\(columns)×\(rows): \(session.screen.lines)")
        }
        try #require(try session.type("\t") { $0.cursorLine == "> word1" }, "\(session.screen.lines)")
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.screen.lines.filter { !$0.isEmpty } == ["> word1"], "\(session.screen.lines)")
    }

    @Test func wideCandidatesLineUpByTheColumnsTheyTake() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu("中文\t两列\nab\tx\n日本語テキスト\t七つ\n", in: directory, columns: 24)
        try #require(try session.type("\t") { $0.screen.line(1).hasPrefix("中文") }, "\(session.screen.lines)")
        #expect(session.screen.line(1) == "中文            两列")
        #expect(session.screen.line(2) == "ab              x")
        #expect(session.screen.line(3) == "日本語テキスト  七つ")
        try #require(try session.type("\t\t") { $0.screen.line(0) == "> ab" }, "\(session.screen.lines)")
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }

    /// Ctrl-C, Ctrl-D (which takes the selection, then deletes nothing after the cursor: a
    /// second one, on the emptied entry, ends it), SIGTERM and SIGHUP.
    @Test(arguments: [("\u{03}", Int32(0)), ("\u{04}\u{15}\u{04}", 0), ("", SIGTERM), ("", SIGHUP)])
    func everyWayOutLeavesNoMenuRow(key: String, signal: Int32) throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu(Self.gitCommands, in: directory, ["--toolbar", "the toolbar"], rows: 12)
        try #require(try session.type("c\t") { $0.screen.line(4).hasPrefix("clone") && $0.screen.line(5) == "the toolbar" }, "\(session.screen.lines)")
        if signal == 0 { try session.send(key) } else { session.signal(signal) }
        #expect(session.waitForExit() != nil)
        #expect(!session.screen.text.contains("cherry-pick"), "\(session.screen.lines)")
        #expect(!session.screen.text.contains("the toolbar"), "\(session.screen.lines)")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    @Test func messagesPrintedAboveLeaveTheMenuAndTheToolbarBelowTheEntry() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu(Self.gitCommands, in: directory, ["--toolbar", "the toolbar", "--ticker", "100"], rows: 14)
        try #require(try session.type("c\t\t") { $0.cursorLine == "> commit" }, "\(session.screen.lines)")
        #expect(session.waitUntil { $0.screen.text.contains("tick 3") }, "\(session.screen.lines)")
        #expect(session.waitUntil { screen in
            let rows = screen.screen.lines
            guard let entry = rows.firstIndex(of: "> commit"), entry + 5 < rows.count else { return false }
            return rows[entry + 1].hasPrefix("commit") && rows[entry + 4].hasPrefix("clone")
                && rows[entry + 5] == "the toolbar" && rows.filter { $0.hasPrefix("commit ") }.count == 1
                && rows[..<entry].allSatisfy { $0.isEmpty || $0.hasPrefix("tick ") }
        }, "\(session.screen.lines)")
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }

    @Test func withCompleteWhileTypingTheMenuFollowsTheWord() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu(Self.gitCommands, in: directory, ["--complete-while-typing"], columns: 40,
                                    captureStandardOutput: true)
        try #require(try session.type("git ch") { $0.screen.line(1).hasPrefix("checkout") && $0.screen.line(2).hasPrefix("cherry-pick") },
                     "\(session.screen.lines)")
        #expect(session.screen.line(0) == "> git ch", "nothing inserted")
        try #require(try session.type("e") { $0.screen.line(0) == "> git che" && $0.screen.line(1).hasPrefix("checkout") },
                     "\(session.screen.lines)")
        try #require(try session.type("r") { $0.screen.line(1).hasPrefix("cherry-pick") && $0.screen.line(2).isEmpty },
                     "\(session.screen.lines)")
        try #require(try session.type("\t\r") { $0.screen.line(0) == "> git cherry-pick" && $0.screen.line(1).isEmpty },
                     "\(session.screen.lines)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "git cherry-pick\n")
    }

    @Test func controlCharactersInCandidatesAndDescriptionsAreShownAsText() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu("x\u{1B}[2J\tre\u{1B}]0;owned\u{07}d\nxy\tplain\n", in: directory, columns: 40)
        try #require(try session.type("x\t") { $0.screen.line(1).hasPrefix("x^[[2J") }, "\(session.screen.lines)")
        #expect(session.screen.line(1) == "x^[[2J  re^[]0;owned^Gd")
        #expect(session.screen.line(2) == "xy      plain")
        #expect(session.screen.unsupportedSequences.isEmpty, "\(session.screen.unsupportedSequences)")
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
    }

    @Test func aMenuAtTheBottomTakesOnlyTheRowsItNeeds() throws {
        let directory = try TemporaryDirectory()
        let session = try startMenu("alpha\nalps\nalto\n", in: directory, ["--loop"], rows: 6, captureStandardOutput: true)
        for entry in 1...5 {
            try #require(try session.type("e\(entry)\r") { $0.screen.line(entry) == ">" }, "\(session.screen.lines)")
        }
        // The prompt on the last row: a menu of one row scrolls the screen by that row only.
        try #require(try session.type("a\t") { $0.screen.line(5).hasPrefix("alpha") }, "\(session.screen.lines)")
        #expect(session.screen.lines == ["> e2", "> e3", "> e4", "> e5", "> al", "alpha  alps   alto"])
        try session.send("\u{03}")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.screen.lines == ["> e2", "> e3", "> e4", "> e5", "> al", ""], "\(session.screen.lines)")
    }
}
