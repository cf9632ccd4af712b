import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// The examples of `Sources/Examples`, each run as its built binary with piped input, as
/// `printf 'x\n' | swift run <name>` runs it: no terminal, so no prompt and no escape sequence,
/// only what the example prints.
@Suite struct ExamplesEndToEndTests {
    /// What `example` prints for `input`, after checking that it ended by itself, with status 0,
    /// writing no escape sequence and nothing on standard error.
    func output(of example: String, input: String) throws -> String {
        let path = builtProductPath(example)
        try #require(access(path, X_OK) == 0, "build the examples first (make test does): \(path)")
        let run = try PipedRun.run(path, arguments: [], input: Array(input.utf8),
                                   environment: ["TERM": "xterm-256color", "LC_ALL": "C.UTF-8",
                                                 "HOME": "/nonexistent-ghostline-home"])
        #expect(run.status == .exited(0))
        #expect(!run.standardOutput.contains(0x1B), "no escape sequence when piped")
        #expect(run.standardError.isEmpty, "\(String(decoding: run.standardError, as: UTF8.self))")
        return String(decoding: run.standardOutput, as: UTF8.self)
    }

    @Test func calculatorEvaluatesEachLineWithVariablesAndAns() throws {
        let input = "1 + 2 * 3\nx = 4\nx * (ans - 1)\n\n1 / 0\ny + 1\n-(2 - 7) % 3\nvars\nquit\n7\n"
        #expect(try output(of: "calculator", input: input) == """
            = 7
            x = 4
            = 12
            error: division by zero
            error: y is not defined
            = 2
            ans = 2
            x = 4

            """)
    }

    /// In a terminal: the highlighter's colours, Tab completing a name, and the history file in
    /// `$HOME` holding what was submitted.
    @Test func calculatorInATerminalHighlightsCompletesAndKeepsHistory() throws {
        let home = try TemporaryDirectory()
        let path = builtProductPath("calculator")
        try #require(access(path, X_OK) == 0, "build the examples first (make test does): \(path)")
        let session = try PseudoTerminalSession(executable: path, arguments: [], environment: ["HOME": home.path])
        try #require(session.waitUntil { $0.isReadingKeys(onRow: 0, prompt: "calc> ") })
        try #require(try session.type("y = 6 * 7", until: { $0.screen.line(0) == "calc> y = 6 * 7" }))
        #expect(session.screen[0, 6].attributes == CellAttributes(foreground: .basic(2)), "a name being assigned")
        #expect(session.screen[0, 8].attributes == CellAttributes(foreground: .basic(3), isBold: true), "an operator")
        #expect(session.screen[0, 10].attributes == CellAttributes(foreground: .basic(6)), "a number")
        try session.send("\r")
        try #require(session.waitUntil { $0.isReadingKeys(onRow: 2, prompt: "calc> ") })
        #expect(session.screen.line(1) == "y = 42")
        try #require(try session.type("a", until: { $0.screen.line(2) == "calc> a" }))
        #expect(session.screen[2, 6].attributes == CellAttributes(foreground: .basic(1), isUnderlined: true), "an unknown name")
        #expect(try session.type("\t", until: { $0.screen.line(2).hasPrefix("calc> ans") }), "Tab completes the name")
        try #require(try session.type("+ y\r", until: { $0.isReadingKeys(onRow: 4, prompt: "calc> ") }))
        #expect(session.screen.line(3) == "= 84")
        try session.send([0x04])
        #expect(session.waitForExit() == .exited(0))
        #expect(PipedRun.read(home.path(".calculator_history")) == Array("y = 6 * 7\nans + y\n".utf8))
    }

    @Test func calculatorRefusesOverflowAndEndsAtTheEndOfInput() throws {
        let input = "9223372036854775807 + 1\n99999999999999999999\n(1\n"
        #expect(try output(of: "calculator", input: input) == """
            error: too large
            error: 99999999999999999999 is too large
            error: missing )

            """)
    }

    @Test func commitMessageIsCleanedUpAsGitDoes() throws {
        let input = "Fix the parser   \nIt dropped the last token.\n\n\n# a comment\nSee #12.  \n\n"
        #expect(try output(of: "commit-message", input: input) == """
            Fix the parser

            It dropped the last token.

            See #12.

            """)
    }

    @Test func commitMessageThatIsEmptyAborts() throws {
        #expect(try output(of: "commit-message", input: "\n  \n# only a comment\n")
                == "Aborting commit due to empty commit message.\n")
    }

    @Test func passwordIsSetOnceTypedTheSameWayTwice() throws {
        let input = "short\nsecret-pass\nsecret-pasS\nsecret-pass\nsecret-pass\n"
        let printed = try output(of: "password", input: input)
        #expect(printed == """
            Too short: a password has at least 8 characters.
            The two passwords differ.
            Password set (11 characters).

            """)
        #expect(!printed.contains("secret"), "the password is never printed")
    }

    @Test func passwordNotSetWhenInputEnds() throws {
        #expect(try output(of: "password", input: "secret-pass\n") == "No password set.\n")
    }

    @Test func newProjectTakesDefaultsForEmptyLinesAndAsksAgainUntilAnAnswerFits() throws {
        let input = "\n\nnobody\n ada@example.com \nMPL-2.0\nmaybe\nyes\n"
        #expect(try output(of: "new-project", input: input) == """
            An e-mail address has an @.
            Answer yes or no.
            {
              "name": "my-tool",
              "version": "0.1.0",
              "author": "ada@example.com",
              "license": "MPL-2.0",
              "private": false
            }

            """)
    }

    @Test func newProjectWritesNothingWhenInputEndsEarly() throws {
        #expect(try output(of: "new-project", input: "tool\n")
                == "Input ended before the last question; nothing written.\n")
    }

    @Test func chatSendsEachLineAndLeavesAtQuit() throws {
        let printed = try output(of: "chat", input: "hello\nhow are you?\n/quit\nnever sent\n")
        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Joined #ghostline as you; ada and grace are here.")
        #expect(lines.suffix(2) == ["Left #ghostline.", ""])
        // The members write on their own clock, so a slow run may show some of their lines.
        #expect(lines.dropFirst().dropLast(2).allSatisfy { $0.hasPrefix("ada: ") || $0.hasPrefix("grace: ") }, "\(lines)")
        #expect(!printed.contains("never sent"))
    }

    /// In a terminal: grace's answer arrives while the user is typing the next line, above it,
    /// and the half-typed line is drawn again below it with the cursor where it was.
    @Test func chatInATerminalPrintsAnswersAboveTheLineBeingTyped() throws {
        let path = builtProductPath("chat")
        try #require(access(path, X_OK) == 0, "build the examples first (make test does): \(path)")
        let session = try PseudoTerminalSession(executable: path, arguments: [])
        try #require(session.waitUntil { $0.isReadingKeys(onRow: 1, prompt: "you> ") })
        #expect(session.screen.line(0) == "Joined #ghostline as you; ada and grace are here.")
        try session.send("hello\r")
        try #require(session.waitUntil { $0.isReadingKeys(onRow: 2, prompt: "you> ") })
        try session.send("half-typ\u{1B}[D")
        #expect(session.waitUntil { $0.screen.lines.contains("grace: noted: \"hello\"") },
                "grace answers within a second: \(session.screen.lines)")
        let answer = try #require(session.screen.lines.firstIndex(of: "grace: noted: \"hello\""))
        #expect(answer >= 2, "above the line being typed")
        #expect(session.waitUntil {
            $0.cursorLine.hasPrefix("you> half-typ ") && $0.cursorLine.hasSuffix(" #ghostline") && $0.screen.cursorColumn == 12
                && $0.screen.line($0.screen.cursorRow + 1) == "ada, grace and you · Tab: commands · /quit or Ctrl-C leaves"
        }, "the line and its cursor drawn again below, the toolbar below them: \(session.screen.lines)")
        #expect(session.screen.lines.filter { $0.hasPrefix("ada, grace and you") }.count == 1)
        try session.send("ed\r" + String(repeating: "x", count: 290) + "\r")
        #expect(session.waitUntil { $0.screen.text.contains("10 characters too long to send") }, "\(session.screen.lines)")
        // Tab at the line's start: the commands in a menu, each with what it does.
        try session.send("\u{15}/\t")
        #expect(session.waitUntil { screen in
            let below = screen.screen.cursorRow + 1
            return screen.screen.line(below) == "/help  list the commands       /quit  leave the room"
                && screen.screen.line(below + 1) == "/me    say what you are doing  /who   who is here"
                && screen.screen.line(below + 2).hasPrefix("ada, grace and you")
        }, "\(session.screen.lines)")
        try session.send("\t\t")
        #expect(session.waitUntil { $0.cursorLine.hasPrefix("you> /me ") }, "\(session.screen.lines)")
        try session.send("\r waves\r")
        #expect(session.waitUntil { $0.screen.lines.contains("* you waves") }, "\(session.screen.lines)")
        #expect(!session.screen.text.contains("list the commands"), "no menu row left: \(session.screen.lines)")
        try session.send("/qu\t\r")
        #expect(session.waitForExit() == .exited(0))
    }
}
