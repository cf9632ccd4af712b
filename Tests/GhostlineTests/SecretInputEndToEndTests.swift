import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// `ghostline --secret` in a real terminal: the raw bytes the terminal receives never hold a
/// typed character, whatever the keys do.
@Suite struct SecretInputEndToEndTests {
    /// Letters that no escape sequence the editor writes contains, typed into every secret.
    private static let telltales = ["w", "q", "x", "j", "z", "中"]

    private static func leaks(in output: [UInt8]) -> [String] {
        telltales.filter { telltale in
            let bytes = Array(telltale.utf8)
            return output.indices.contains { output[$0...].starts(with: bytes) }
        }
    }

    private static func temporaryPath() -> String {
        "/tmp/ghostline-secret-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    private static func write(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    @Test func noTypedCharacterReachesTheTerminalAndNothingReachesHistory() throws {
        let path = Self.temporaryPath()
        defer { unlink(path) }
        // An entry that typing the secret's start would be suggested and Up would recall.
        try Self.write("wq xjzz from history\n", to: path)
        let session = try startGhostline(["--secret", "--history", path], captureStandardOutput: true)
        func masks(_ count: Int) -> String { "> " + String(repeating: "•", count: count) }

        try session.type("wq xj", until: { $0.screen.line(0) == masks(5) })
        // A paste, then a kill and a yank, a transposition and its undo.
        try session.type("\u{1B}[200~zz中\u{1B}[201~", until: { $0.screen.line(0) == masks(8) })
        try session.type("\u{17}", until: { $0.screen.line(0) == masks(3) })
        try session.type("\u{19}", until: { $0.screen.line(0) == masks(8) })
        try session.send("\u{14}\u{1F}")
        // Up and Ctrl-R recall nothing: the keys after them are typed into the secret. Up goes
        // before keys whose echo is waited for: sent last, it could be read after the resize
        // below, when the entry takes two rows and Up moves the cursor to the upper one.
        try session.send("\u{1B}[A")
        try session.type("\u{12}jq", until: { $0.screen.line(0) == masks(10) })
        try session.resize(columns: 8, rows: 24)
        // The cursor waited for too: the rows may show before the bytes that move it are read.
        #expect(session.waitUntil {
            $0.screen.lines.prefix(2) == ["> ••••••", "••••"] && $0.screen.cursorRow == 1 && $0.screen.cursorColumn == 4
        }, "the masks of ten clusters, the cursor after them")
        try session.resize(columns: 80, rows: 24)
        #expect(session.waitUntil { $0.screen.line(0) == masks(10) })
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "wq xjzz中jq\n")
        #expect(Self.leaks(in: session.output) == [])
        #expect(!String(decoding: session.output, as: UTF8.self).contains("reverse-i-search"))
        #expect(PipedRun.read(path) == Array("wq xjzz from history\n".utf8), "the secret is not appended")
    }

    @Test func aKillDoesNotCarryTheSecretIntoTheNextEntry() throws {
        let session = try startGhostline(["--secret", "--loop"], captureStandardOutput: true)
        try session.type("wqx\u{15}", until: { $0.screen.line(0) == ">" })
        try session.send("j\r")
        // The next entry's keys are typed once its prompt is up, not as soon as the entry is on
        // standard output: in between the terminal is in its own mode, whose line discipline
        // would echo them and make the Ctrl-D a NUL byte (Terminal.md, "Keys typed between two
        // entries"). Typed on the entry alone, the test hung in about half the runs.
        #expect(session.waitUntil { $0.standardOutputText == "j\n" && $0.isReadingKeys(onRow: 1) })
        try session.send("\u{19}\r\u{04}")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "j\n\n")
        #expect(Self.leaks(in: session.output) == [])
    }

    @Test func theMaskCanBeAnotherCharacterOrNothing() throws {
        let stars = try startGhostline(["--secret", "--mask", "*"], captureStandardOutput: true)
        // The cursor waited for too: the row may show before the bytes that move it are read.
        try stars.type("wq中", until: { $0.screen.line(0) == "> ***" && $0.screen.cursorColumn == 5 })
        try stars.send("\r")
        #expect(stars.waitForExit() == .exited(0))
        #expect(stars.standardOutputText == "wq中\n")

        let nothing = try startGhostline(["--secret", "--mask", ""], captureStandardOutput: true)
        try nothing.send("wq中")
        try nothing.send("\r")
        #expect(nothing.waitForExit() == .exited(0))
        #expect(nothing.standardOutputText == "wq中\n")
        #expect(nothing.screen.line(0) == ">")
        #expect(Self.leaks(in: nothing.output) == [])
        #expect(!nothing.output.contains(UInt8(ascii: "*")) && !String(decoding: nothing.output, as: UTF8.self).contains("•"))
    }

    @Test(arguments: [
        (["LC_ALL": "C"], "*"),
        (["LC_ALL": "", "LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"], "*"),
        (["LC_ALL": "", "LANG": "de_DE.utf8"], "•"),
    ])
    func theDefaultMaskFollowsTheLocale(environment: [String: String], mask: String) throws {
        let session = try startGhostline(["--secret"], environment: environment, captureStandardOutput: true)
        try session.type("wq", until: { $0.screen.line(0) == "> " + mask + mask })
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
    }

    @Test func onADumbTerminalTheTerminalDoesNotEchoTheSecret() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--secret"],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") })
        let before = try session.terminalAttributes()
        try session.send("wqxj中\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "wqxj中\n")
        #expect(Self.leaks(in: session.output) == [])
        #expect(session.screen.cursorRow == 1, "the newline is echoed")
        #expect(try session.terminalAttributes() != before, "echo was off while the secret was read")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes, "and is on again")
    }

    @Test func onADumbTerminalCtrlCInterruptsASecret() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--secret"],
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        #expect(session.waitUntil { $0.screen.text.contains(">") })
        try session.send("wq\u{03}\r")
        #expect(session.waitForExit() == .exited(130))
        #expect(session.standardOutputText == "")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    /// A dumb terminal's secret, its prompt up and the terminal's echo off.
    private static func startDumbSecret(_ arguments: [String] = []) throws -> PseudoTerminalSession {
        try #require(access(ghostlinePath, X_OK) == 0)
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--secret"] + arguments,
                                                environment: ["TERM": "dumb"], captureStandardOutput: true)
        try #require(session.waitUntil {
            $0.screen.text.contains(">") && (try? $0.terminalAttributes()) != $0.initialTerminalAttributes
        })
        return session
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func onADumbTerminalASignalRestoresTheTerminal(signal: Int32) throws {
        let session = try Self.startDumbSecret()
        try session.send("wq")
        session.signal(signal)
        #expect(session.waitForExit() == .signaled(signal))
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes, "restored byte for byte")
        #expect(session.standardOutputText == "")
    }

    @Test func onADumbTerminalCtrlZSuspendsAndCtrlBackslashIsNoKey() throws {
        let session = try Self.startDumbSecret()
        // Ctrl-Z stops the process (here, a session leader with no shell, the stop is discarded
        // and the entry goes on); the prompt comes again on a row of its own.
        try session.send("wq\u{1A}")
        #expect(session.waitUntil { $0.screen.lines.prefix(2) == [">", ">"] }, "\(session.screen.lines.prefix(3))")
        try session.send("\u{1C}xj\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "wqxj\n")
        #expect(Self.leaks(in: session.output) == [])
        #expect(!session.output.contains(0x1B), "no escape sequence on a dumb terminal")
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
    }

    @Test func aMaskOfMoreThanOneCharacterIsRefused() throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--secret", "--mask", "**"])
        #expect(run.status == .exited(2))
        #expect(String(decoding: run.standardError, as: UTF8.self).hasPrefix("ghostline: option --mask takes one character"))
    }
}
