import Glibc
import Synchronization
import Testing
@testable import Ghostline
import GhostlineCore
import GhostlineTerminal
import GhostlineTestSupport

@Suite struct HistoryFileTests {
    // MARK: - Entries

    @Test func multiLineEntriesAndBackslashesComeBackWhole() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let file = HistoryFile(path: path)
        let entries = ["plain", "two\nlines", "back\\slash", "\\n literal", "trailing\\"]
        for entry in entries { try file.append(entry) }
        #expect(try Array(file.load().entries) == entries)
        #expect(PipedRun.read(path).filter { $0 == 0x0A }.count == entries.count, "one line per entry")
    }

    @Test func theFileIsPrivateAndBlankEntriesAreSkipped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let file = HistoryFile(path: path)
        try file.append("   ")
        try file.append("kept")
        #expect(linkStatus(path).map { $0.st_mode & 0o7777 } == 0o600)
        #expect(try Array(file.load().entries) == ["kept"])
    }

    @Test func aMissingFileIsAnEmptyHistory() throws {
        let directory = try TemporaryDirectory()
        #expect(try HistoryFile(path: directory.path("history")).load().entries.isEmpty)
        #expect(directory.names.isEmpty, "loading creates nothing")
    }

    @Test func anOwnFileReadableByOthersIsMadePrivateWhenWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("old\n", to: path, mode: 0o644)
        try HistoryFile(path: path).append("new")
        #expect(linkStatus(path).map { $0.st_mode & 0o7777 } == 0o600)
    }

    @Test(.enabled(if: isRoot, "only root can give a file to another user"))
    func anotherUsersFileKeepsItsModeAndOwnerAndIsNeverRewritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let lines = (0..<25).map { "entry \($0)\n" }.joined()
        try writeFile(lines, to: path, mode: 0o644)
        #expect(chown(path, 65534, 65534) == 0)
        let file = HistoryFile(path: path, capacity: 10)
        #expect(try Array(file.load().entries) == (15..<25).map { "entry \($0)" })
        try file.append("new")
        let status = try #require(linkStatus(path))
        #expect(status.st_mode & 0o7777 == 0o644 && status.st_uid == 65534)
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == lines + "new\n", "not rewritten: the rename would make it root's")
    }

    // MARK: - What is not a regular file

    @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("target"), link = directory.path("link")
        try writeFile("target line\n", to: target, mode: 0o644)
        #expect(symlink(target, link) == 0)
        let file = HistoryFile(path: link)
        #expect(throws: HistoryFileError(path: link, operation: .load, reason: .symbolicLink)) { try file.load() }
        #expect(throws: HistoryFileError(path: link, operation: .save, reason: .symbolicLink)) { try file.append("secret") }
        #expect(PipedRun.read(target) == Array("target line\n".utf8))
        #expect(linkStatus(target).map { $0.st_mode & 0o7777 } == 0o644)
    }

    @Test func aDanglingSymbolicLinkCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        let link = directory.path("link")
        #expect(symlink(directory.path("target"), link) == 0)
        let file = HistoryFile(path: link)
        #expect(throws: HistoryFileError(path: link, operation: .load, reason: .symbolicLink)) { try file.load() }
        #expect(throws: HistoryFileError(path: link, operation: .save, reason: .symbolicLink)) { try file.append("secret") }
        #expect(directory.names == ["link"], "the link's target was not created")
    }

    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aDeviceIsRefusedAndItsModeLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let device = directory.path("null")
        try makeCharacterDevice(at: device, major: 1, minor: 3)
        let file = HistoryFile(path: device)
        #expect(throws: HistoryFileError(path: device, operation: .load, reason: .notRegularFile)) { try file.load() }
        #expect(throws: HistoryFileError(path: device, operation: .save, reason: .notRegularFile)) { try file.append("entry") }
        #expect(linkStatus(device).map { $0.st_mode & 0o7777 } == 0o666)
    }

    @Test func aDirectoryIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        #expect(mkdir(path, 0o755) == 0)
        let file = HistoryFile(path: path)
        #expect(throws: HistoryFileError(path: path, operation: .load, reason: .notRegularFile)) { try file.load() }
        #expect(throws: HistoryFileError(path: path, operation: .save, reason: .system(Errno(rawValue: EISDIR)))) { try file.append("entry") }
        #expect(linkStatus(path).map { $0.st_mode & 0o7777 } == 0o755)
    }

    @Test func errorsNameTheFileAndTheReasonInWords() {
        let denied = HistoryFileError(path: "/home/ada/.history", operation: .save, reason: .system(Errno(rawValue: EACCES)))
        #expect(denied.description == "cannot save history to /home/ada/.history: Permission denied")
        let link = HistoryFileError(path: "/tmp/h", operation: .load, reason: .symbolicLink)
        #expect(link.description == "cannot read history from /tmp/h: it is a symbolic link")
    }

    // MARK: - A huge file

    @Test(arguments: [
        // The last 12 bytes start in the middle of "bravo": it is left out.
        ("alpha\nbravo\ncharlie\n", ["charlie"]),
        // They start with "bravo": it is kept.
        ("alpha\nbravo\nchart\n", ["bravo", "chart"]),
        // The file fits: all of it.
        ("alpha\nbravo\n", ["alpha", "bravo"]),
        // No line starts within them.
        ("a line far longer than the limit\n", []),
    ])
    func onlyLinesStartingWithinTheLastBytesAreRead(text: String, entries: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile(text, to: path)
        var file = HistoryFile(path: path, capacity: 1_000)
        file.readLimit = 12
        #expect(try Array(file.load().entries) == entries)
    }

    @Test func aFileOfGigabytesIsReadOnlyAtItsEnd() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("first\n", to: path)
        // A sparse file: a gigabyte of zero bytes that takes no room on the disk.
        let descriptor = open(path, O_WRONLY)
        defer { close(descriptor) }
        let end = Array("\nlast\n".utf8)
        #expect(end.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 1 << 30) } == end.count)
        let file = HistoryFile(path: path, capacity: 1_000)
        #expect(file.readLimit == 64 << 20)
        #expect(try Array(file.load().entries) == ["last"], "only the last 64 MiB were read: no line of a gigabyte of zeros")
    }

    // MARK: - Rewriting

    @Test func aFileTwiceTheCapacityIsRewrittenWithTheNewestEntries() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        let file = HistoryFile(path: path, capacity: 10)
        for index in 0..<25 { try file.append("entry \(index)") }
        let history = try file.load()
        #expect(Array(history.entries) == (15..<25).map { "entry \($0)" })
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == (15..<25).map { "entry \($0)\n" }.joined())
        #expect(linkStatus(path).map { $0.st_mode & 0o7777 } == 0o600)
        #expect(directory.names == ["history"], "no temporary file left behind")
    }

    /// Found by the history-file fuzzer: the rewrite counted lines, not entries, and took two
    /// lines standing for one entry for two entries, so the file kept one entry too few.
    @Test func aRewriteCountsTwoLinesOfOneEntryAsOne() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("0\n1\n2\n3\na\nb\n\\b\nc\n", to: path)
        let file = HistoryFile(path: path, capacity: 3)
        #expect(Array(try file.load().entries) == ["a", "b", "c"])
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == "a\nb\n\\b\nc\n")
        #expect(Array(try file.load().entries) == ["a", "b", "c"])
    }

    @Test(arguments: [
        // Two invalid bytes that are both one U+FFFD.
        ([0x27, 0x0A, 0xC4, 0x0A, 0x83, 0x0A, 0x78, 0x0A], 3, 0),
        ([0x27, 0x0A, 0xC4, 0x0A, 0x83, 0x0A, 0x78, 0x0A], 2, 2),
        // A line and its escaped spelling, and an escape that changes nothing.
        (Array("a\nb\n\\b\nc\n".utf8), 3, 0),
        (Array("a\nb\n\\b\nc\n".utf8), 2, 2),
        // A line with an escaped backslash is another entry than the line without it.
        (Array("p\nq\\\\\nq\nr\n".utf8), 2, 6),
        // An escaped line break alone is a blank entry, which the history skips: the newest
        // entry is the line before it (found by the fuzzer: its letter `n` was taken for text).
        (Array("a\nOO\\x\n\\n".utf8), 1, 2),
        (Array("a\nb\n\\n\n \\n\\n\n".utf8), 1, 2),
        (Array("a\nb\n\\\\n\n".utf8), 1, 4),
    ] as [([UInt8], Int, Int)])
    func theNewestEntriesStartWhereTheHistoryCountsThem(lines: [UInt8], count: Int, start: Int) {
        #expect(HistoryFile.startOfNewestEntries(count, in: lines) == start)
        let kept = History(lines: Array(lines[start...]), capacity: .max)
        #expect(kept.count == min(count, History(lines: lines, capacity: .max).count))
    }

    @Test func aLinkPlantedAtTheOldPredictableTemporaryNameIsNotWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history"), victim = directory.path("victim")
        try writeFile("precious\n", to: victim, mode: 0o644)
        #expect(symlink(victim, path + ".tmp-\(getpid())") == 0)
        let file = HistoryFile(path: path, capacity: 10)
        for index in 0..<25 { try file.append("entry \(index)") }
        #expect(try file.load().entries.count == 10)
        #expect(PipedRun.read(victim) == Array("precious\n".utf8))
        let status = try #require(linkStatus(path))
        #expect(status.st_mode & S_IFMT == S_IFREG, "the history is still a file of its own, not the planted link")
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == (15..<25).map { "entry \($0)\n" }.joined())
    }

    @Test func aTemporaryNameAlreadyTakenIsPassedOverNotWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history"), victim = directory.path("victim")
        try writeFile("precious\n", to: victim, mode: 0o644)
        let planted = directory.path("planted")
        #expect(symlink(victim, planted) == 0)
        let file = HistoryFile(path: path)
        for index in 0..<5 { try file.append("entry \(index)") }
        var names = [planted, directory.path("fresh")]
        #expect(try file.compact(keepingNewest: 2) { _ in names.removeFirst() } != nil)
        #expect(names.isEmpty, "the taken name was passed over for the next")
        #expect(PipedRun.read(victim) == Array("precious\n".utf8))
        #expect(linkStatus(planted).map { $0.st_mode & S_IFMT } == S_IFLNK, "the planted link is left where it was")
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == "entry 3\nentry 4\n")
        #expect(linkStatus(path).map { $0.st_mode & S_IFMT } == S_IFREG)
    }

    /// Two sessions append while a third rewrites the file again and again (keeping every line,
    /// so that an entry missing was lost, not cut). Each session opens the file for each entry,
    /// so its lock excludes the others' exactly as between processes: `flock` locks belong to
    /// the open file, not to the process.
    @Test func entriesAppendedWhileTheFileIsRewrittenAreNeverLost() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        // What is checked is that no entry is lost, not how long a lock is waited for: under a
        // sanitizer, with every other test running beside it, a rewrite held the lock for seconds.
        let file = {
            var file = HistoryFile(path: path)
            file.lockTimeoutMilliseconds = 60_000
            return file
        }()
        let entriesPerSession = 1_500
        final class Tally: Sendable {
            let sessionsDone = Atomic<Int>(0)
            let failures = Mutex<[String]>([])
        }
        let tally = Tally()
        let sessions = ["a", "b"].map { name in
            TestThread {
                for index in 0..<entriesPerSession {
                    do { try file.append("\(name) \(index)") } catch { tally.failures.withLock { $0.append("\(error)") } }
                }
                tally.sessionsDone.add(1, ordering: .releasing)
            }
        }
        // A rewrite each time the sessions have appended a few more entries, as many sessions
        // starting while others type would make; a bounded loop that gives the CPU away between
        // looks, never a sleep.
        var rewrites = 0, rewrittenSize = 0
        for _ in 0..<10_000_000 where tally.sessionsDone.load(ordering: .acquiring) < sessions.count {
            if let size = linkStatus(path).map({ Int($0.st_size) }), size > rewrittenSize + 100 {
                if (try? file.compact(keepingNewest: .max)) != nil { rewrites += 1 }
                rewrittenSize = size
            }
            sched_yield()
        }
        sessions.forEach { $0.join() }
        let failures = tally.failures.withLock { $0 }
        #expect(failures.isEmpty, "\(failures.count) appends failed, the first: \(failures.first ?? "")")
        #expect(rewrites > 0)
        let entries = try HistoryFile(path: path, capacity: History.unlimited).load().entries
        for name in ["a", "b"] {
            let missing = Set((0..<entriesPerSession).map { "\(name) \($0)" }).subtracting(entries)
            #expect(missing.count == 0, "session \(name)'s entries lost over \(rewrites) rewrites")
            let eachOnceInOrder = entries.filter { $0.hasPrefix(name + " ") } == (0..<entriesPerSession).map { "\(name) \($0)" }
            #expect(eachOnceInOrder)
        }
        #expect(directory.names == ["history"], "no temporary file left behind")
    }
}
