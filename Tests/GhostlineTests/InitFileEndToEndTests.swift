import Glibc
import GhostlineTestSupport
import Testing

/// The CLI reads the user's init file as readline does, in a terminal.
@Suite struct InitFileEndToEndTests {
    /// Debian's and many users' `~/.inputrc` put the prefix search on the arrows.
    @Test func upSearchesHistoryByPrefixWhenTheInitFileSaysSo() throws {
        let directory = try TemporaryDirectory()
        try writeFile("# arrows search\n\"\\e[A\": history-search-backward\nset bogus-variable 1\n", to: directory.path("inputrc"))
        try writeFile("git status\nls -l\ngit log\nmake\n", to: directory.path("history"))
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--history", directory.path("history")],
                                                environment: ["INPUTRC": directory.path("inputrc")], captureStandardOutput: true)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") }, "no prompt: \(session.screen.lines)")
        #expect(session.screen.text.contains("line 3: bogus-variable:"), "readline's complaint on the terminal")
        try session.send("git")
        try session.send("\u{1B}[A")
        try #require(session.waitUntil { $0.screen.text.contains("> git log") }, "\(session.screen.lines)")
        try session.send("\u{1B}[A")
        try #require(session.waitUntil { $0.screen.text.contains("> git status") }, "\(session.screen.lines)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "git status\n")
    }
}
