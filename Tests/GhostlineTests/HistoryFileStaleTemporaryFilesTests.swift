import Glibc
import Testing
@testable import Ghostline
import GhostlineTestSupport

/// A rewrite killed between creating its temporary file and renaming it (kill -9, a power cut)
/// leaves that file beside the history; the next rewrite removes such files, and nothing else.
@Suite struct HistoryFileStaleTemporaryFilesTests {
    /// Sets the time `name` (itself, not what a link points to) last changed to `secondsAgo` ago.
    private func age(_ path: String, secondsAgo: Int) {
        let then = timespec(tv_sec: time(nil) - secondsAgo, tv_nsec: 0)
        let times = [then, then]
        #expect(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0, "utimensat \(path): \(errno)")
    }

    /// Before the fix nothing was removed: a temporary file stayed for good.
    @Test func aRewriteRemovesOnlyOldRegularFilesOfItsOwnWithItsTemporaryNames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let file = HistoryFile(path: path, capacity: 10)
        for index in 0..<25 { try file.append("entry \(index)") }
        let hourAgo = 3_600
        // What rewrites that never finished leave: the history's name, `.tmp-`, 1 to 16 hex digits.
        let stale = ["history.tmp-0", "history.tmp-1f2e3d4c5b6a7980", "history.tmp-dead"]
        for name in stale {
            try writeFile("entry 0\n", to: directory.path(name))
            age(directory.path(name), secondsAgo: hourAgo)
        }
        // Names a rewrite never gives, old as they are.
        let otherNames = ["history.tmp-DEAD", "history.tmp-1f2e3d4c5b6a79801", "history.tmp-xyz", "history.tmp-",
                          "history.tmp-12.bak", "other.tmp-abc", "history.tmp-ab~", "xhistory.tmp-ab"]
        for name in otherNames {
            try writeFile("keep\n", to: directory.path(name))
            age(directory.path(name), secondsAgo: hourAgo)
        }
        // Too new: a rewrite may be writing it.
        try writeFile("entry 0\n", to: directory.path("history.tmp-beef"))
        age(directory.path("history.tmp-beef"), secondsAgo: HistoryFile.staleTemporaryFileAge / 2)
        // Not regular files: a link (to an old file of the pattern's too), a directory, a FIFO.
        try writeFile("target\n", to: directory.path("target"))
        age(directory.path("target"), secondsAgo: hourAgo)
        #expect(symlink(directory.path("target"), directory.path("history.tmp-ab")) == 0)
        #expect(symlink(directory.path("history.tmp-dead"), directory.path("history.tmp-cd")) == 0)
        #expect(mkdir(directory.path("history.tmp-ef"), 0o700) == 0)
        #expect(mkfifo(directory.path("history.tmp-f0"), 0o600) == 0)
        for name in ["history.tmp-ab", "history.tmp-cd", "history.tmp-ef", "history.tmp-f0"] {
            age(directory.path(name), secondsAgo: hourAgo)
        }
        var kept = otherNames + ["history", "history.tmp-beef", "target", "history.tmp-ab", "history.tmp-cd",
                                 "history.tmp-ef", "history.tmp-f0"]
        if isRoot {
            // Another user's.
            try writeFile("theirs\n", to: directory.path("history.tmp-abc"))
            #expect(chown(directory.path("history.tmp-abc"), 65534, 65534) == 0)
            age(directory.path("history.tmp-abc"), secondsAgo: hourAgo)
            kept.append("history.tmp-abc")
        }

        // 25 entries are more than twice 10: loading rewrites the file.
        #expect(try file.load().entries.count == 10)
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == (15..<25).map { "entry \($0)\n" }.joined())
        #expect(directory.names == kept.sorted())
        #expect(PipedRun.read(directory.path("target")) == Array("target\n".utf8))
    }

    /// Only a rewrite cleans up, under the lock: an append leaves the directory as it is.
    @Test func anAppendRemovesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("entry 0\n", to: directory.path("history.tmp-dead"))
        age(directory.path("history.tmp-dead"), secondsAgo: 3_600)
        try HistoryFile(path: path, capacity: 10).append("entry")
        #expect(directory.names == ["history", "history.tmp-dead"])
    }
}
