import Glibc
import Testing
import Ghostline
import GhostlineTestSupport

/// Found by the history-file fuzzer: an entry appended to a file whose last line had no line break
/// was joined to that line, and both came back as one entry.
@Test func anEntryAppendedAfterAnUnfinishedLastLineIsAnEntryOfItsOwn() throws {
    let path = "/tmp/ghostline-history-line-break-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    defer { unlink(path) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    #expect(descriptor >= 0)
    #expect(write(descriptor, "first\nunfinished", 16) == 16)
    close(descriptor)
    let file = HistoryFile(path: path)
    try file.append("next")
    #expect(Array(try file.load().entries) == ["first", "unfinished", "next"])
    #expect(PipedRun.read(path) == Array("first\nunfinished\nnext\n".utf8))
}
