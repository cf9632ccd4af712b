import Glibc
import Testing
@testable import Ghostline
import GhostlineTestSupport

@Suite struct HistoryFileTests {
    private func temporaryPath() -> String {
        "/tmp/ghostline-history-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    @Test func multiLineEntriesAndBackslashesComeBackWhole() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let file = HistoryFile(path: path)
        let entries = ["plain", "two\nlines", "back\\slash", "\\n literal", "trailing\\"]
        for entry in entries { try file.append(entry) }
        #expect(file.load().entries == entries)
        #expect(PipedRun.read(path).filter { $0 == 0x0A }.count == entries.count, "one line per entry")
    }

    @Test func theFileIsPrivateAndBlankEntriesAreSkipped() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let file = HistoryFile(path: path)
        try file.append("   ")
        try file.append("kept")
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(file.load().entries == ["kept"])
    }

    @Test func aMissingFileIsAnEmptyHistory() {
        #expect(HistoryFile(path: temporaryPath()).load().entries.isEmpty)
    }

    @Test func aFileTwiceTheCapacityIsRewrittenWithTheNewestEntries() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let file = HistoryFile(path: path)
        for index in 0..<25 { try file.append("entry \(index)") }
        let history = file.load(capacity: 10)
        #expect(history.entries == (15..<25).map { "entry \($0)" })
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == (15..<25).map { "entry \($0)\n" }.joined())
    }
}
