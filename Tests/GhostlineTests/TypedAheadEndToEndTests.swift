import Glibc
import Testing
import GhostlineTestSupport

/// Keys typed ahead in `ghostline --loop`, Enter on an empty entry and Ctrl-D among them: they
/// reach the entries after the one they were typed in, as typed, and the Ctrl-D ends the loop and
/// the process. Each case runs many rounds, since what it guards against would be a race.
@Suite struct TypedAheadEndToEndTests {
    private static let rounds = 20

    @Test func keysTypedWithAnEntryReachTheEntriesAfterIt() throws {
        for round in 1...Self.rounds {
            let session = try startGhostline(["--loop"], captureStandardOutput: true)
            // One write, received while the first entry is in raw mode: the entry keeps what
            // follows its Enter for the next ones.
            try session.send("j\r\r\u{04}")
            try #require(session.waitForExit() == .exited(0), "round \(round)")
            #expect(session.standardOutputText == "j\n\n")
        }
    }

    @Test func enterAndCtrlDTypedAtTheNextPromptEndTheProcess() throws {
        for round in 1...Self.rounds {
            let session = try startGhostline(["--loop"], captureStandardOutput: true)
            try session.send("j\r")
            try #require(session.waitUntil { $0.standardOutputText == "j\n" && $0.isReadingKeys(onRow: 1) })
            try session.send("\r\u{04}")
            try #require(session.waitForExit() == .exited(0), "round \(round)")
            #expect(session.standardOutputText == "j\n\n")
        }
    }
}

/// Keys that reach the terminal while no entry is in raw mode (before the first prompt, between
/// two entries): the line discipline holds them, a Ctrl-D as its end-of-file mark, and the next
/// entry reads them as they were typed (Docs/Terminal.md, "Keys typed between two entries").
@Suite struct KeysBetweenEntriesEndToEndTests {
    private static let rounds = 30

    @Test func keysTypedBeforeTheFirstPromptReachIt() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        for round in 1...Self.rounds {
            let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--loop"],
                                                    captureStandardOutput: true)
            // One write, as soon as the process exists: it lands in the terminal's own mode.
            try session.send("abc\r\u{04}")
            try #require(session.waitForExit() == .exited(0), "round \(round): \(session.screen.lines.prefix(3))")
            #expect(session.standardOutputText == "abc\n")
        }
    }

    /// Sent right after Enter, in a write of their own: they may arrive while the entry ends
    /// and the next one begins.
    @Test(arguments: [("\u{04}", "abc\n"), ("de\r\u{04}", "abc\nde\n")])
    func keysSentRightAfterEnterReachTheNextEntry(keys: String, printed: String) throws {
        for round in 1...Self.rounds {
            let session = try startGhostline(["--loop"], captureStandardOutput: true)
            try session.send("abc\r")
            try session.send(keys)
            try #require(session.waitForExit() == .exited(0), "round \(round): \(session.screen.lines.prefix(3))")
            #expect(session.standardOutputText == printed)
        }
    }
}
