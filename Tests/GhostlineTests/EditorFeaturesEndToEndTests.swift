import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// History kept in a file across runs of the CLI; the editing features themselves are tested through
/// the test kit in EditingTests.
@Suite struct EditorFeaturesEndToEndTests {
    @Test func historyIsKeptAcrossRunsInAPrivateFile() throws {
        let path = "/tmp/ghostline-history-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let first = try startGhostline(["--history", path], captureStandardOutput: true)
        try first.send("echo one\r")
        #expect(first.waitForExit() == .exited(0))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)

        let second = try startGhostline(["--history", path], captureStandardOutput: true)
        try second.send("\u{1B}[A")
        #expect(second.waitUntil { $0.screen.line(0) == "> echo one" })
        try second.send(" two\r")
        #expect(second.waitForExit() == .exited(0))
        #expect(second.standardOutputText == "echo one two\n")
        #expect(PipedRun.read(path) == Array("echo one\necho one two\n".utf8))
    }
}
