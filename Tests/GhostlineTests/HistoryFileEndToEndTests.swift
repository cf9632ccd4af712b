import Glibc
import Testing
import GhostlineTesting
import GhostlineTestSupport

/// `ghostline --history PATH` where PATH is not a plain file of the user's, or cannot be written:
/// the file is left alone, the entry is printed all the same, the message names the file and
/// the reason, and the exit status is 0.
@Suite struct HistoryFileEndToEndTests {
    /// Runs `ghostline --history path` in a terminal (as `user` when given, through `setpriv`),
    /// submits `entry`, and returns what it printed on standard output and on the terminal.
    private func submit(_ entry: String, history path: String, asUser user: uid_t? = nil) throws -> (status: GhostlineTestSupport.ExitStatus?, output: String, terminal: String) {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let command = ["--history", path]
        let session = try user.map { user in
            try PseudoTerminalSession(executable: "/usr/bin/setpriv",
                                      arguments: ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", ghostlinePath] + command,
                                      captureStandardOutput: true)
        } ?? PseudoTerminalSession(executable: ghostlinePath, arguments: command, captureStandardOutput: true)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") }, "no prompt: \(session.screen.lines)")
        try session.send(entry + "\r")
        let status = session.waitForExit()
        return (status, session.standardOutputText, String(decoding: session.output, as: UTF8.self))
    }

    @Test func aSymbolicLinkIsNotFollowedAndItsTargetKeepsItsBytesAndMode() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("target"), link = directory.path("link")
        try writeFile("target line\n", to: target, mode: 0o644)
        #expect(symlink(target, link) == 0)
        let run = try submit("secret", history: link)
        #expect(run.status == .exited(0))
        #expect(run.output == "secret\n")
        #expect(run.terminal.contains("ghostline: cannot read history from \(link): it is a symbolic link"))
        #expect(PipedRun.read(target) == Array("target line\n".utf8))
        #expect(linkStatus(target).map { $0.st_mode & 0o7777 } == 0o644)
    }

    @Test func aDanglingSymbolicLinkDoesNotCreateItsTarget() throws {
        let directory = try TemporaryDirectory()
        let link = directory.path("link")
        #expect(symlink(directory.path("target"), link) == 0)
        let run = try submit("secret", history: link)
        #expect(run.status == .exited(0))
        #expect(run.output == "secret\n")
        #expect(run.terminal.contains("ghostline: cannot read history from \(link): it is a symbolic link"))
        #expect(directory.names == ["link"])
    }

    /// A node with /dev/null's numbers in a test directory: before the history file was checked,
    /// the real /dev/null would have become mode 0600, breaking the machine for other users.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aDeviceKeepsItsMode() throws {
        let directory = try TemporaryDirectory()
        let device = directory.path("null")
        try makeCharacterDevice(at: device, major: 1, minor: 3)
        let run = try submit("entry", history: device)
        #expect(run.status == .exited(0))
        #expect(run.output == "entry\n")
        #expect(run.terminal.contains("ghostline: cannot read history from \(device): it is not a regular file"))
        #expect(linkStatus(device).map { $0.st_mode & 0o7777 } == 0o666)
    }

    /// A node with /dev/zero's numbers, which reads zero bytes without end: refused at once,
    /// without a read.
    @Test(.enabled(if: isRoot, "mknod needs root"))
    func anEndlessDeviceIsRefusedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let device = directory.path("zero")
        try makeCharacterDevice(at: device, major: 1, minor: 5)
        let run = try PipedRun.run(ghostlinePath, arguments: ["--history", device], input: Array("entry\n".utf8), timeout: 5)
        #expect(run.status == .exited(0))
        #expect(run.standardOutput == Array("entry\n".utf8))
        #expect(String(decoding: run.standardError, as: UTF8.self) == "ghostline: cannot read history from \(device): it is not a regular file\n")
    }

    /// Opening a FIFO for reading waits for a writer; the history file is opened without waiting.
    @Test func aFIFODoesNotBlockTheStart() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try PipedRun.run(ghostlinePath, arguments: ["--history", fifo], input: Array("entry\n".utf8), timeout: 5)
        #expect(run.status == .exited(0), "it did not block")
        #expect(run.standardOutput == Array("entry\n".utf8))
        #expect(String(decoding: run.standardError, as: UTF8.self) == "ghostline: cannot read history from \(fifo): it is not a regular file\n")
    }

    @Test func aDirectoryAsThePathIsRefused() throws {
        let directory = try TemporaryDirectory()
        let run = try submit("entry", history: directory.path)
        #expect(run.status == .exited(0))
        #expect(run.output == "entry\n")
        #expect(run.terminal.contains("ghostline: cannot read history from \(directory.path): it is not a regular file"))
    }

    @Test func aMissingDirectoryCostsTheHistoryNotTheEntry() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing") + "/history"
        let run = try submit("entry", history: path)
        #expect(run.status == .exited(0))
        #expect(run.output == "entry\n")
        #expect(run.terminal.contains("ghostline: cannot save history to \(path): No such file or directory"))
    }

    /// Root may write any directory, so as root the editor runs as nobody (65534), through `setpriv`.
    @Test func aReadOnlyDirectoryCostsTheHistoryNotTheEntry() throws {
        let directory = try TemporaryDirectory()
        #expect(chmod(directory.path, 0o755) == 0)
        let readOnly = directory.path("read-only")
        #expect(mkdir(readOnly, 0o555) == 0 && chmod(readOnly, 0o555) == 0)
        let path = readOnly + "/history"
        let run = try submit("entry", history: path, asUser: isRoot ? 65534 : nil)
        #expect(run.status == .exited(0))
        #expect(run.output == "entry\n")
        #expect(run.terminal.contains("ghostline: cannot save history to \(path): Permission denied"))
        #expect(linkStatus(path) == nil)
    }

    // MARK: - --history-size

    @Test(arguments: ["0", "-5", "many", "1e6"])
    func aHistorySizeThatIsNotACountOfEntriesIsRefused(size: String) throws {
        let run = try PipedRun.run(ghostlinePath, arguments: ["--history-size", size])
        #expect(run.status == .exited(2))
        let message = String(decoding: run.standardError, as: UTF8.self)
        #expect(message.hasPrefix("ghostline: --history-size needs a number of entries (1 or more) or unlimited, not \(size)\n"))
    }

    /// Loading is what rewrites a file of more than twice the size, so a session in a terminal
    /// ended with Ctrl-D, which loads it without saving, shows the size taken.
    @Test(arguments: [("10", 10), ("unlimited", 25), ("25", 25)])
    func theHistorySizeDecidesWhatTheFileKeeps(size: String, lines: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile((0..<25).map { "entry \($0)\n" }.joined(), to: path)
        let session = try startGhostline(["--history", path, "--history-size", size])
        try session.send("\u{04}")
        #expect(session.waitForExit() == .exited(1))
        let kept = String(decoding: PipedRun.read(path), as: UTF8.self).split(separator: "\n")
        #expect(kept.count == lines && kept.last == "entry 24")
    }
}
