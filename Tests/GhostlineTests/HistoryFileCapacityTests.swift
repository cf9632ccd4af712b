import Glibc
import Testing
@testable import Ghostline
import GhostlineCore
import GhostlineTerminal
import GhostlineTestSupport

/// How much of a history file is kept: the capacity the app sets, never a rewrite below it, a
/// read bounded by it; and what reaches the file, with the history's options.
@Suite struct HistoryFileCapacityTests {
    private func text(of path: String) -> String {
        String(decoding: PipedRun.read(path), as: UTF8.self)
    }

    // MARK: - The capacity

    @Test func byDefaultAHistoryOfAHundredAndFiftyThousandEntriesIsLoadedWholeAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = (0..<150_000).map { "command \($0)\n" }.joined()
        try writeFile(lines, to: path)
        let file = HistoryFile(path: path)
        #expect(file.capacity == History.defaultCapacity)
        let history = try file.load()
        #expect(history.count == 150_000)
        #expect(history.capacity == History.defaultCapacity)
        #expect(history[0] == "command 0" && history.last == "command 149999")
        #expect(text(of: path) == lines, "not rewritten")
    }

    @Test func aFileUpToTwiceTheCapacityIsLeftAsItIs() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = (0..<20).map { "entry \($0)\n" }.joined()
        try writeFile(lines, to: path)
        let history = try HistoryFile(path: path, capacity: 10).load()
        #expect(Array(history.entries) == (10..<20).map { "entry \($0)" })
        #expect(text(of: path) == lines)
    }

    /// The history skips blank lines and a repeat of the line before: a rewrite counts entries
    /// the same way, so the file it leaves still loads `capacity` entries.
    @Test func aRewriteKeepsTheLinesOfTheNewestCapacityEntriesCountingRepeatsAndBlanksOut() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile((0..<30).map { "entry \($0)\nentry \($0)\n\n   \n" }.joined(), to: path)
        let file = HistoryFile(path: path, capacity: 10)
        let newest = (20..<30).map { "entry \($0)" }
        #expect(try Array(file.load().entries) == newest)
        #expect(text(of: path) == (20..<30).map { "entry \($0)\nentry \($0)\n\n   \n" }.joined(), "rewritten: 30 entries > 2 × 10")
        #expect(try Array(file.load().entries) == newest)
    }

    @Test func aCapacityOfNoneIsOneAndARewriteNeverEmptiesTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("one\ntwo\nthree\n", to: path)
        var file = HistoryFile(path: path)
        file.capacity = 0
        #expect(file.capacity == 1)
        #expect(try Array(file.load().entries) == ["three"])
        #expect(text(of: path) == "three\n")
    }

    @Test func anUnlimitedCapacityKeepsEveryEntry() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = (0..<5_000).map { "entry \($0)\n" }.joined()
        try writeFile(lines, to: path)
        let history = try HistoryFile(path: path, capacity: History.unlimited).load()
        #expect(history.count == 5_000)
        #expect(text(of: path) == lines)
    }

    // MARK: - The bounded read

    @Test func theReadIsBoundedByTheCapacityAndAtLeast64MiB() {
        #expect(HistoryFile(path: "h").readLimit == 256_000_000, "a million entries of up to 256 bytes on average")
        #expect(HistoryFile(path: "h", capacity: 1_000).readLimit == 64 << 20)
        #expect(HistoryFile(path: "h", capacity: History.unlimited).readLimit == .max)
        var file = HistoryFile(path: "h", capacity: 1_000)
        file.capacity = 2_000_000
        #expect(file.readLimit == 512_000_000, "follows the capacity")
    }

    /// A read cut short of twice the capacity never leads to a rewrite: the file keeps the
    /// entries that were not read.
    @Test func aFileBiggerThanTheReadIsNotRewrittenBelowItsCapacity() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = (10..<50).map { "entry \($0)\n" }.joined()
        try writeFile(lines, to: path)
        var file = HistoryFile(path: path, capacity: 10)
        // Six whole lines of nine bytes, and the end of one more.
        file.readLimit = 60
        #expect(try Array(file.load().entries) == (44..<50).map { "entry \($0)" })
        #expect(text(of: path) == lines, "six entries read, fewer than twice the capacity: no rewrite")
    }

    /// What a rewrite keeps is the newest `capacity` entries of what was read: when the read
    /// holds more than twice the capacity, none of them is beyond it.
    @Test func aReadHoldingMoreThanTwiceTheCapacityStillRewritesToTheCapacity() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile((10..<50).map { "entry \($0)\n" }.joined(), to: path)
        var file = HistoryFile(path: path, capacity: 2)
        file.readLimit = 60
        #expect(try Array(file.load().entries) == ["entry 48", "entry 49"])
        #expect(text(of: path) == "entry 48\nentry 49\n")
    }

    // MARK: - Appending

    @Test func aLastLineWithoutItsLineBreakIsNotJoinedToTheNextEntry() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("edited\nby hand", to: path)
        let file = HistoryFile(path: path)
        try file.append("next")
        #expect(text(of: path) == "edited\nby hand\nnext\n")
        #expect(try Array(file.load().entries) == ["edited", "by hand", "next"])
    }

    // MARK: - Options and what reaches the file

    /// An editor with `file` loaded that has just submitted `entry`, as a session does:
    /// the history adds it, then the façade saves it.
    private func submit(_ entry: String, to editor: LineEditor) {
        editor.history.add(entry)
        editor.saveToHistoryFile(entry)
    }

    @Test func withIgnoreSpaceAnEntryStartingWithASpaceReachesNeitherTheHistoryNorTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let editor = LineEditor()
        editor.historyFile = HistoryFile(path: path, options: .ignoreSpace)
        #expect(editor.history.options == .ignoreSpace, "the history takes the file's options")
        submit(" export TOKEN=secret", to: editor)
        submit("ls", to: editor)
        #expect(Array(editor.history.entries) == ["ls"])
        #expect(text(of: path) == "ls\n")
    }

    /// The file is a log other sessions append to: erasing an older copy of an entry there would
    /// mean rewriting it whole, under the lock, for every entry. So the history erases it, and
    /// the file keeps every line.
    @Test func withEraseDuplicatesTheHistoryErasesOlderCopiesAndTheFileKeepsEveryLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("make\nls\npwd\n", to: path)
        let editor = LineEditor()
        editor.historyFile = HistoryFile(path: path, capacity: 100, options: .eraseDuplicates)
        #expect(editor.history.capacity == 100)
        submit("ls", to: editor)
        #expect(Array(editor.history.entries) == ["make", "pwd", "ls"])
        #expect(text(of: path) == "make\nls\npwd\nls\n")
    }

    @Test func withEraseDuplicatesTheCopiesAlreadyInTheFileLeaveTheHistoryAtLoadButNotTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = "make\nls\nmake\npwd\nls\n"
        try writeFile(lines, to: path)
        let history = try HistoryFile(path: path, options: .eraseDuplicates).load()
        #expect(Array(history.entries) == ["make", "pwd", "ls"])
        #expect(history.options == .eraseDuplicates)
        #expect(text(of: path) == lines)
        // The file's entries, not the distinct ones, decide a rewrite: seven and a capacity of
        // two are due for one, with the newest two, where the three distinct ones would not be.
        let longer = directory.path("longer")
        try writeFile(lines + "pwd\nmake\n", to: longer)
        let small = try HistoryFile(path: longer, capacity: 2, options: .eraseDuplicates).load()
        #expect(Array(small.entries) == ["pwd", "make"])
        #expect(text(of: longer) == "pwd\nmake\n")
    }
}
