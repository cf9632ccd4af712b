import Glibc
import Testing
import GhostlineTestSupport

/// `--print-from FILE`: the real binary prints the lines another process writes to a FIFO or
/// appends to a file above the prompt, through `LinePrinter`, while a user types in a real
/// pseudo-terminal; a hostile line stays text (issue 26, finding 1).
@Suite struct PrintFromEndToEndTests {
    /// Opens the FIFO at `path` for writing once the ghostline of `session` has opened it for
    /// reading, reading the session's output meanwhile; nil when it never does.
    private func openForWriting(_ path: String, while session: PseudoTerminalSession) -> Int32? {
        var descriptor: Int32 = -1
        _ = session.waitUntil { _ in
            descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            return descriptor >= 0
        }
        return descriptor >= 0 ? descriptor : nil
    }

    private func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// A message that erases the screen, homes and hides the cursor, switches to the alternate
    /// screen, turns mouse reporting on, asks for the cursor's position and the window title,
    /// writes the clipboard and ends by switching bracketed paste off is shown as text: the row
    /// above stays, nothing is asked of the terminal, and a multi-line paste after it, pasted as
    /// a terminal does (bracketed only while the mode is on), is one entry.
    @Test func aHostileMessageLeavesTheScreenAndBracketedPasteAlone() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("messages")
        try #require(mkfifo(fifo, 0o600) == 0)
        let session = try startGhostline(["--loop", "--print-from", fifo], columns: 160, captureStandardOutput: true)
        let writer = try #require(openForWriting(fifo, while: session))
        defer { close(writer) }
        write("alice: hello\n", to: writer)
        #expect(session.waitUntil { $0.screen.line(0) == "alice: hello" && $0.cursorLine == ">" })
        try session.send("draft ")
        #expect(session.waitUntil { $0.cursorLine == "> draft" })
        let hostile = "mallory: hi\u{1B}[2J\u{1B}[H\u{1B}[?25l\u{1B}[?1049h\u{1B}[?1000h\u{1B}[1;3r\u{1B}[6n\u{1B}[21t"
            + "\u{1B}]52;c;cm0gLXJm\u{07}\u{1B}]0;owned\u{07}\u{1B}[?2004l\n"
        write(hostile, to: writer)
        let shown = "mallory: hi^[[2J^[[H^[[?25l^[[?1049h^[[?1000h^[[1;3r^[[6n^[[21t^[]52;c;cm0gLXJm^G^[]0;owned^G^[[?2004l"
        #expect(session.waitUntil { $0.screen.line(1) == shown && $0.cursorLine == "> draft" }, "\(session.screen.lines)")
        #expect(session.screen.line(0) == "alice: hello")
        #expect(session.screen.cursorRow == 2 && session.screen.cursorColumn == 8)
        #expect(session.screen.bracketedPasteEnabled)
        #expect(session.screen.isCursorVisible)
        // The start's capability probe (Docs/Terminal.md) is the only query: none from the message.
        let probe = ["ESC[?u", "ESC[?2027$p", "ESC[c"]
        #expect(session.screen.queries == probe, "\(session.screen.queries)")
        #expect(session.screen.unsupportedSequences.isEmpty, "\(session.screen.unsupportedSequences)")
        let pasted = "rm -rf /tmp/x\necho done"
        try session.send(session.screen.bracketedPasteEnabled ? "\u{1B}[200~" + pasted + "\u{1B}[201~" : pasted)
        #expect(session.waitUntil { $0.cursorLine == "> draft rm -rf /tmp/x echo done" }, "\(session.screen.lines)")
        try session.send("\r")
        #expect(session.waitUntil { $0.standardOutputText == "draft rm -rf /tmp/x echo done\n" })
        try session.send("\u{04}")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "draft rm -rf /tmp/x echo done\n", "one entry")
        #expect(session.screen.queries == probe)
    }

    /// Each writer of the FIFO in turn: when one closes it, the next one's lines show too, and a
    /// last line without a line break shows when its writer closes.
    @Test func linesFromOneWriterAfterAnother() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("messages")
        try #require(mkfifo(fifo, 0o600) == 0)
        let session = try startGhostline(["--print-from", fifo], captureStandardOutput: true)
        for (index, line) in ["first\nsecond", "third\n"].enumerated() {
            let writer = try #require(openForWriting(fifo, while: session))
            write(line, to: writer)
            close(writer)
            #expect(session.waitUntil { $0.screen.line(index == 0 ? 1 : 2) == (index == 0 ? "second" : "third") },
                    "\(session.screen.lines)")
        }
        #expect(session.screen.lines.prefix(4) == ["first", "second", "third", ">"])
        try session.send("ok\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ok\n")
    }

    /// With no writer ever opening the FIFO the reader waits on a thread of its own: the entry
    /// is read and the program ends as soon as it is submitted.
    @Test func aFIFOWithoutAWriterDoesNotHoldUpTheEnd() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("messages")
        try #require(mkfifo(fifo, 0o600) == 0)
        let session = try startGhostline(["--print-from", fifo], captureStandardOutput: true)
        try session.send("done\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "done\n")
    }

    /// A regular file is printed from its start, and what is appended to it later shows too.
    @Test func aFileThatGrows() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("log")
        let file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        write("one\r\n", to: file)
        let session = try startGhostline(["--print-from", path], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.line(0) == "one" && $0.cursorLine == ">" })
        try session.send("x")
        write("two\u{1B}[2J\n", to: file)
        #expect(session.waitUntil { $0.screen.line(1) == "two^[[2J" && $0.cursorLine == "> x" }, "\(session.screen.lines)")
        #expect(session.screen.line(0) == "one")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "x\n")
    }

    @Test func aFileThatCannotBeFoundIsAFailure() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--print-from", "/nonexistent/ghostline-messages"])
        #expect(run.status == .exited(5))
        #expect(String(decoding: run.standardError, as: UTF8.self).contains("cannot print from /nonexistent/ghostline-messages"))
    }
}
