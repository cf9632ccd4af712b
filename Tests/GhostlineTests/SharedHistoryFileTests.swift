import Glibc
import Testing
@testable import Ghostline
import GhostlineCore
import GhostlineTestSupport

/// A session following a history file that other sessions append to (zsh's `SHARE_HISTORY`):
/// it reads only what was appended since it last looked, never its own entries twice.
@Suite struct SharedHistoryFileTests {
    /// A session on `path`: its history, loaded, and the follower an editor would ask.
    private struct Session {
        var history: History
        let shared: SharedHistoryFile

        init(path: String, capacity: Int = History.defaultCapacity) throws {
            let file = HistoryFile(path: path, capacity: capacity, sharesHistory: true)
            let (history, end) = try file.loadMarkingEnd()
            self.history = history
            shared = SharedHistoryFile(file: file, readUpTo: end)
        }

        /// Submits an entry as the editor does: into the history, then to the file.
        mutating func submit(_ entry: String) throws {
            history.add(entry)
            try shared.append(entry)
        }

        /// What a walk through history sees when it starts.
        mutating func update() -> [String] {
            shared.update(&history)
            return Array(history.entries)
        }
    }

    @Test func anotherSessionsEntriesAreAddedWhenTheHistoryIsRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("old\n", to: path)
        var mine = try Session(path: path)
        let theirs = HistoryFile(path: path)
        try theirs.append("theirs 1")
        try theirs.append("theirs\ntwo lines")
        #expect(mine.update() == ["old", "theirs 1", "theirs\ntwo lines"])
        #expect(mine.update() == ["old", "theirs 1", "theirs\ntwo lines"], "read once")
    }

    @Test func ownEntriesAreNotReadBackAndThoseAppendedBeforeThemAreNotLost() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        var mine = try Session(path: path)
        let theirs = HistoryFile(path: path)
        try mine.submit("mine 1")
        try theirs.append("theirs 1")
        // Appending reads "theirs 1", which came first, under the lock.
        try mine.submit("mine 2")
        try theirs.append("theirs 2")
        #expect(mine.update() == ["mine 1", "mine 2", "theirs 1", "theirs 2"])
        try mine.submit("mine 3")
        #expect(mine.update() == ["mine 1", "mine 2", "theirs 1", "theirs 2", "mine 3"])
        #expect(try Array(HistoryFile(path: path).load().entries) == ["mine 1", "theirs 1", "mine 2", "theirs 2", "mine 3"])
    }

    @Test func aLineStillBeingWrittenIsLeftForTheNextLook() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("old\n", to: path)
        var mine = try Session(path: path)
        let descriptor = open(path, O_WRONLY | O_APPEND)
        defer { close(descriptor) }
        for part in ["half ", "written\n"] {
            let bytes = Array(part.utf8)
            #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
            if part == "half " { #expect(mine.update() == ["old"]) }
        }
        #expect(mine.update() == ["old", "half written"])
    }

    /// Another session's rewrite renames a new file over the one this session read: offsets in
    /// the old one mean nothing in it, so it is loaded again whole.
    @Test func aFileRewrittenByAnotherSessionIsLoadedAgainWhole() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile((0..<25).map { "entry \($0)\n" }.joined(), to: path)
        var mine = try Session(path: path)
        #expect(mine.history.count == 25)
        // Another session, with a capacity of 10, rewrites the file as it starts.
        #expect(try HistoryFile(path: path, capacity: 10).load().count == 10)
        try HistoryFile(path: path).append("theirs")
        #expect(mine.update() == (15..<25).map { "entry \($0)" } + ["theirs"])
    }

    @Test func aFileRemovedLeavesTheHistoryAsItIs() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("old\n", to: path)
        var mine = try Session(path: path)
        #expect(unlink(path) == 0)
        #expect(mine.update() == ["old"])
    }

    @Test func withoutSharingTheEditorDoesNotAsk() throws {
        let directory = try TemporaryDirectory()
        let editor = LineEditor()
        editor.historyFile = HistoryFile(path: directory.path("history"))
        #expect(editor.engine.willReadHistory == nil)
        editor.historyFile = HistoryFile(path: directory.path("history"), sharesHistory: true)
        // Followed once the lines read are the history.
        #expect(editor.engine.willReadHistory == nil)
        _ = editor.history
        #expect(editor.engine.willReadHistory != nil)
        editor.historyFile = nil
        #expect(editor.engine.willReadHistory == nil)
    }
}
