import Glibc
import Testing
import GhostlineTestSupport

/// Several `ghostline --history FILE` processes on one file at once, as several terminals of a
/// user are: none tears or loses another's entries, and with `--share-history` one sees what
/// the others submitted.
@Suite struct HistoryFileSessionsEndToEndTests {
    private func lines(of path: String) -> [String] {
        String(decoding: PipedRun.read(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Two sessions submit entries as fast as the keys come, while a third process, with a
    /// smaller capacity, starts and rewrites the file under them.
    @Test func twoSessionsAppendingAtOnceKeepEveryEntryOnceWhileAThirdRewritesTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile((0..<3_000).map { "old \($0)\n" }.joined(), to: path)
        let count = 150
        let sessions = try ["a", "b"].map { _ in try startGhostline(["--history", path, "--loop"], captureStandardOutput: true) }
        for (session, name) in zip(sessions, ["a", "b"]) {
            try session.send((0..<count).map { "\(name) \($0)\r" }.joined())
        }
        // 3,000 entries are more than twice 1,000: loading them rewrites the file. Piped input
        // keeps no history, so the rewriter is a session in a terminal, ended with Ctrl-D.
        let rewriter = try startGhostline(["--history", path, "--history-size", "1000"])
        try rewriter.send("\u{04}")
        #expect(rewriter.waitForExit() == .exited(1) && !rewriter.screen.text.contains("ghostline:"))
        for session in sessions {
            // The last entry printed, and the next prompt in raw mode: a Ctrl-D typed while the
            // terminal is between entries, in its own line editing mode, would be taken by it.
            #expect(session.waitUntil(timeout: 30) { $0.standardOutput.filter { $0 == 0x0A }.count == count && $0.isInNonCanonicalMode },
                    "printed \(session.standardOutput.filter { $0 == 0x0A }.count) of \(count)")
            try session.send("\u{04}")
            #expect(session.waitForExit() == .exited(0))
        }

        let file = lines(of: path)
        #expect(file.count < 3_000 + 2 * count, "rewritten: \(file.count) lines")
        for name in ["a", "b"] {
            let own = file.filter { $0.hasPrefix(name + " ") }
            #expect(own == (0..<count).map { "\(name) \($0)" }, "every entry of \(name) once, in order")
        }
        // Whole lines are a name and a number: anything else is parts of two entries.
        let torn = file.filter { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            return parts.count != 2 || !["old", "a", "b"].contains(parts[0]) || Int(parts[1]) == nil
        }
        #expect(torn.isEmpty, "lines torn apart: \(torn.prefix(3))")
        let old = file.filter { $0.hasPrefix("old ") }
        #expect(old == (3_000 - old.count..<3_000).map { "old \($0)" }, "the newest old entries, whole")
        #expect(old.count + 2 * count >= 1_000, "no fewer entries than the capacity: \(old.count) old")
    }

    /// A long-running session, another that submits an entry and ends, then Up in the first.
    private func upAfterAnotherSessionSubmits(sharing: Bool) throws -> String {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("before\n", to: path)
        let longRunning = try startGhostline(["--history", path, "--loop"] + (sharing ? ["--share-history"] : []),
                                             captureStandardOutput: true)
        let other = try startGhostline(["--history", path], captureStandardOutput: true)
        try other.send("from the other\r")
        #expect(other.waitForExit() == .exited(0))
        try longRunning.send("\u{1B}[A")
        #expect(longRunning.waitUntil { $0.screen.line(0) != ">" })
        let shown = longRunning.screen.line(0)
        try longRunning.send("\u{03}")
        _ = longRunning.waitForExit()
        return shown
    }

    @Test func withSharingUpShowsWhatAnotherSessionSubmitted() throws {
        #expect(try upAfterAnotherSessionSubmits(sharing: true) == "> from the other")
    }

    @Test func withoutSharingUpShowsWhatWasThereWhenTheSessionStarted() throws {
        #expect(try upAfterAnotherSessionSubmits(sharing: false) == "> before")
    }
}
