import Glibc
import Testing
import GhostlineTestSupport

/// `--ticker`: a background thread of the real binary prints above the prompt while a user types
/// in a real pseudo-terminal.
@Suite struct TickerEndToEndTests {
    @Test func ticksAppearAboveThePromptAndTheEntryStaysIntact() throws {
        let session = try startGhostline(["--ticker", "20"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.line(0) == "tick 1" })
        try session.send("hello")
        #expect(session.waitUntil { $0.screen.text.contains("tick 5") && $0.cursorLine == "> hello" })
        try session.send(" world")
        #expect(session.waitUntil { $0.screen.text.contains("tick 10") && $0.cursorLine == "> hello world" })
        let rows = (session.screen.scrolledOffLines + session.screen.lines).filter { !$0.isEmpty }
        let ticks = rows.dropLast()
        #expect(ticks.elementsEqual((1...ticks.count).map { "tick \($0)" }), "\(rows)")
        #expect(rows.last == "> hello world")
        #expect(session.screen.cursorColumn == 13)
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "hello world\n")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    @Test func aTickerIntervalMustBeAPositiveNumber() throws {
        for value in ["0", "-5", "soon"] {
            let run = try PipedRun.run(ghostlinePath, arguments: ["--ticker", value])
            #expect(run.status == .exited(2), "\(value)")
            #expect(String(decoding: run.standardError, as: UTF8.self).contains("--ticker needs a positive number"), "\(value)")
        }
    }
}
