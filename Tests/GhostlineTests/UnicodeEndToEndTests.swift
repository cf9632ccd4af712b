import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

@Suite struct UnicodeEndToEndTests {
    @Test func resizeWhileThePlaceholderShowsRedrawsItForTheNewWidth() throws {
        let session = try startGhostline(["--placeholder", "请输入内容请输入内容"], columns: 40, captureStandardOutput: true)
        #expect(session.screen.line(0) == "> 请输入内容请输入内容")
        try session.resize(columns: 12, rows: 24)
        // "> " and five wide characters fill the 12 columns; the other five wrap.
        // The cursor waited for too: the rows may show before the bytes that move it back.
        #expect(session.waitUntil {
            $0.screen.line(1) == "请输入内容" && $0.screen.cursorRow == 0 && $0.screen.cursorColumn == 2
        })
        #expect(session.screen.line(0) == "> 请输入内容")
        #expect(session.screen.line(2).isEmpty)
        try session.resize(columns: 60, rows: 24)
        #expect(session.waitUntil { $0.screen.line(0) == "> 请输入内容请输入内容" && $0.screen.line(1).isEmpty })
        try session.send("ok\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ok\n")
    }

    @Test func aStormOfResizesEndsInACorrectScreen() throws {
        let session = try startGhostline(["--placeholder", "ghost text"], columns: 50, captureStandardOutput: true)
        for step in 0..<100 { try session.resize(columns: 20 + step % 30, rows: 24) }
        try session.resize(columns: 50, rows: 24)
        try session.send("x")
        #expect(session.waitUntil { $0.screen.line(0) == "> x" }, "\(session.screen.lines)")
        #expect(session.screen.lines.dropFirst().allSatisfy { $0.isEmpty }, "\(session.screen.lines)")
        session.signal(SIGKILL)
    }

    @Test(arguments: [1, 2, 10])
    func tinyTerminalsStillEditExactly(columns: Int) throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--placeholder", "请输入"],
                                                columns: columns, rows: 10, captureStandardOutput: true)
        #expect(session.waitUntil { $0.isInNonCanonicalMode })
        try session.send("ab中文😀cd")
        #expect(session.waitUntil { $0.screen.text.contains("d") })
        #expect(session.screen.cursorColumn < columns)
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ab中文😀cd\n")
    }
}
