import Glibc
import Testing
import GhostlineTestSupport

/// `TERM=dumb` (Emacs' shell, for one): the terminal's own line editing reads each entry, and the
/// history file is loaded and appended to as in every other mode with a terminal.
@Suite struct DumbTerminalHistoryEndToEndTests {
    @Test func entriesAreAppendedToTheHistoryFile() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("older\n", to: path, mode: 0o600)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--loop", "--history", path],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") })
        try session.send("one\r")
        #expect(session.waitUntil { $0.standardOutputText == "one\n" })
        try session.send(" two\r\u{04}")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "one\n two\n")
        #expect(PipedRun.read(path) == Array("older\none\n two\n".utf8))
    }

    @Test func aSecretIsNotAppended() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--secret", "--history", path],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") && $0.isInNonCanonicalMode })
        try session.send("wq\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "wq\n")
        #expect(PipedRun.read(path).isEmpty)
    }
}
