import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

@Suite struct EditorFeaturesEndToEndTests {
    @Test func multiLineEnterInsertsAndAltEnterSubmits() throws {
        let session = try startGhostline(["--multiline"], captureStandardOutput: true)
        try session.send("first\rsecond")
        #expect(session.waitUntil { $0.screen.line(1) == "… second" })
        #expect(session.screen.line(0) == "> first")
        try session.send("\u{1B}[A\u{05}!\u{1B}\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "first!\nsecond\n")
    }

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

    @Test func inlineSuggestionFromHistoryIsShownInGrayAndAcceptedWithRight() throws {
        let path = "/tmp/ghostline-history-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let seed = try startGhostline(["--history", path], captureStandardOutput: true)
        try seed.send("git status\r")
        #expect(seed.waitForExit() == .exited(0))

        let session = try startGhostline(["--history", path], captureStandardOutput: true)
        try session.send("git s")
        #expect(session.waitUntil { $0.screen.line(0) == "> git status" })
        #expect(session.screen[0, 6].attributes == .plain)
        #expect(session.screen[0, 7].attributes.foreground == .basic(8))
        #expect(session.screen.cursorColumn == 7)
        try session.send("\u{1B}[C")
        #expect(session.waitUntil { $0.screen.cursorColumn == 12 && $0.screen[0, 7].attributes == .plain })
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "git status\n")
    }

    @Test func completionListingIsShownOnTheSecondTabAndClearedOnTheNextKey() throws {
        let session = try startGhostline(["--completions", "apple apricot banana"], captureStandardOutput: true)
        try session.send("a\t")
        #expect(session.waitUntil { $0.screen.line(0) == "> ap" })
        try session.send("\t")
        #expect(session.waitUntil { $0.screen.line(1).contains("apple") && $0.screen.line(1).contains("apricot") })
        #expect(session.screen.cursorRow == 0)
        try session.send("r")
        #expect(session.waitUntil { $0.screen.line(1).isEmpty && $0.screen.line(0) == "> apr" })
        try session.send("\t\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "apricot \n")
    }

    @Test func reverseSearchFindsAnEarlierEntry() throws {
        let path = "/tmp/ghostline-history-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let seed = try startGhostline(["--history", path, "--loop"], captureStandardOutput: true)
        try seed.send("make test\rls -la\r\u{04}")
        #expect(seed.waitForExit() == .exited(0))

        let session = try startGhostline(["--history", path], captureStandardOutput: true)
        try session.send("\u{12}make")
        #expect(session.waitUntil { $0.screen.line(0) == "(reverse-i-search)`make': make test" })
        try session.send("\u{07}")
        #expect(session.waitUntil { $0.screen.line(0) == ">" })
        try session.send("\u{12}ls\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ls -la\n")
    }

    @Test func defaultValueIsSubmittedOnEnterButAPlaceholderNeverIs() throws {
        let withDefault = try startGhostline(["--default", "yes"], captureStandardOutput: true)
        #expect(withDefault.screen.line(0) == "> yes")
        #expect(withDefault.screen[0, 2].attributes.isUnderlined)
        try withDefault.send("\r")
        #expect(withDefault.waitForExit() == .exited(0))
        #expect(withDefault.standardOutputText == "yes\n")

        let withPlaceholder = try startGhostline(["--placeholder", "yes"], captureStandardOutput: true)
        try withPlaceholder.send("\r")
        #expect(withPlaceholder.waitForExit() == .exited(0))
        #expect(withPlaceholder.standardOutputText == "\n")
    }
}
