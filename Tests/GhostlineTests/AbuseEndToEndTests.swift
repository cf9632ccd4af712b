import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// The built `ghostline` under conditions a careful user or a reviewer tries on purpose: a
/// window of no size with absurd `LINES`, `nohup`, a terminal that goes away, standard output
/// closed or full, and control characters in everything it draws.
@Suite struct AbuseEndToEndTests {
    // MARK: - Sizes

    /// With a 0×0 window the size comes from the environment, which must not make the frame
    /// allocate terabytes or overflow an addition.
    @Test(arguments: ["LINES", "COLUMNS"], ["1000000000000", "9223372036854775807"])
    func hugeSizesFromTheEnvironmentAreClamped(variable: String, value: String) throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: [], columns: 0, rows: 0,
                                                environment: [variable: value], captureStandardOutput: true)
        #expect(session.waitUntil { $0.isInNonCanonicalMode || $0.exitStatus != nil })
        try session.send("ok\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "ok\n")
    }

    // MARK: - Signals and a lost terminal

    /// `nohup` and shells that start jobs with `SIGHUP` ignored rely on it staying ignored.
    @Test func aHangUpSignalIgnoredAtStartIsIgnored() throws {
        let session = try startIgnoring("HUP", ["--placeholder", "x"])
        try #require(try session.type("abc") { $0.screen.line(0) == "> abc" })
        session.signal(SIGHUP)
        try #require(try session.type("d") { $0.screen.line(0) == "> abcd" }, "still running: \(String(describing: session.exitStatus))")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "abcd\n")
    }

    /// When the window closes and the hang-up signal is ignored, reading and writing the
    /// terminal fail; that is a status and a sentence of its own, not "end of input".
    @Test func aLostTerminalExitsWith3AndSaysSo() throws {
        let errorPath = "/tmp/ghostline-lost-terminal-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { unlink(errorPath) }
        let session = try startIgnoring("HUP", ["--placeholder", "x"], standardErrorPath: errorPath)
        try #require(try session.type("abc") { $0.screen.line(0) == "> abc" })
        session.hangUp()
        #expect(session.waitForExit() == .exited(3))
        #expect(String(decoding: PipedRun.read(errorPath), as: UTF8.self)
            == "ghostline: the terminal was lost (Input/output error)\n")
        #expect(session.standardOutput.isEmpty)
    }

    /// A process started with `SIGTSTP` ignored asked not to be stopped: Ctrl-Z then does
    /// nothing, as with the terminal's own line editing, and the entry goes on in place.
    @Test func ctrlZDoesNothingWhenTheStopSignalIsIgnoredAtStart() throws {
        let session = try startIgnoring("TSTP", ["--placeholder", "x"])
        try #require(try session.type("ab") { $0.screen.line(0) == "> ab" })
        try session.send("\u{1A}")
        #expect(try session.type("c") { $0.screen.line(0) == "> abc" }, "\(session.screen.lines)")
        #expect(session.screen.lines.filter { $0.contains("ab") }.count == 1)
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "abc\n")
    }

    /// Starts `ghostline` with `signal` (a name such as `HUP`) ignored, as `nohup` does for
    /// `SIGHUP`: through a shell that ignores it and then becomes `ghostline` (an ignored signal
    /// stays ignored across `exec`). Waits for the prompt. Standard output is captured; standard
    /// error goes to `standardErrorPath` when given.
    private func startIgnoring(_ signal: String, _ arguments: [String],
                               standardErrorPath: String? = nil) throws -> PseudoTerminalSession {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let redirection = standardErrorPath.map { " 2>'\($0)'" } ?? ""
        let script = "trap '' \(signal); exec \"$0\" \"$@\"" + redirection
        let session = try PseudoTerminalSession(executable: "/bin/sh", arguments: ["-c", script, ghostlinePath] + arguments,
                                                captureStandardOutput: true)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") },
                     "prompt never appeared: \(session.screen.lines)")
        return session
    }

    // MARK: - Standard output

    @Test(arguments: [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")])
    func pipedEntryThatCannotBeWrittenExitsWith4(redirection: String, reason: String) throws {
        let run = try PipedRun.run("/bin/sh", arguments: ["-c", "exec \"$0\" \"$@\" " + redirection, ghostlinePath],
                                   input: Array("entry\n".utf8))
        #expect(run.status == .exited(4))
        #expect(String(decoding: run.standardError, as: UTF8.self)
            == "ghostline: cannot write the entry to standard output: \(reason)\n")
    }

    /// In a terminal too. With standard output closed, the entry must not reach the terminal
    /// that the editor opened in its place (`/dev/tty` would otherwise become descriptor 1).
    @Test(arguments: [(">/dev/full", "No space left on device"), (">&-", "Bad file descriptor")])
    func interactiveEntryThatCannotBeWrittenExitsWith4(redirection: String, reason: String) throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: "/bin/sh",
                                                arguments: ["-c", "exec \"$0\" \"$@\" " + redirection, ghostlinePath])
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") })
        try session.send("secret\r")
        #expect(session.waitForExit() == .exited(4))
        let message = "ghostline: cannot write the entry to standard output: \(reason)"
        // The message may still be on its way through the terminal when the exit is seen.
        #expect(session.waitUntil { $0.screen.line(0) == "> secret" && $0.screen.lines.dropFirst().prefix(3).contains(message) },
                "\(session.screen.lines)")
        #expect(!session.screen.lines.contains("secret"), "the entry reached the terminal: \(session.screen.lines)")
    }

    // MARK: - Control characters

    /// C1 controls (U+0080–U+009F; U+009B is CSI to many terminals) and C0 controls are shown as
    /// the layout shows them, never written raw.
    @Test func aDumbTerminalShowsThePromptsControlCharactersInCaretNotation() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--prompt", "a\u{9B}2Jb\u{1B}c\u{85}> "],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") })
        #expect(session.screen.line(0) == "a~[2Jb^[c~E>")
        try session.send("plain\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "plain\n")
        #expect(!session.output.contains(0x1B) && !containsC1Control(session.output), "\(session.output)")
        #expect(session.screen.rawControlBytesSeen.isEmpty)
    }

    @Test func controlCharactersInThePromptPlaceholderAndTextAreShownInCaretNotation() throws {
        let session = try startGhostline(["--prompt", "p\u{9B}> ", "--placeholder", "g\u{9B}h\u{07}"],
                                         captureStandardOutput: true, prompt: "p~[>")
        #expect(session.screen.line(0) == "p~[> g~[h^G")
        try session.send("\u{1B}[200~t\u{9B}u\u{85}\u{1B}[201~")
        #expect(session.waitUntil { $0.screen.line(0) == "p~[> t~[u~E" }, "\(session.screen.lines)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "t\u{9B}u\u{85}\n", "the entry itself is kept exactly")
        #expect(session.screen.rawControlBytesSeen.isEmpty)
        #expect(!containsC1Control(session.output))
    }

    /// Whether `bytes` hold a C1 control in UTF-8 (C2 80 to C2 9F). The screen's list of raw
    /// controls covers C0 and lone C1 bytes.
    private func containsC1Control(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
    }
}
