import Glibc
import Testing
import GhostlineTestSupport

/// `ghostline --history FILE` when the append of an entry cannot be written whole: beyond the
/// process's file size limit (`prlimit --fsize`, as `ulimit -f` sets it, which cuts a write at
/// an exact byte) and on a full file system. The entry is printed and the status is 0, the
/// failure is reported, the file is left exactly as it was, and the next session's Up recalls
/// the last whole entry, not a cut one.
@Suite struct HistoryFileWriteFailureEndToEndTests {
    /// Longer than a page and than the room left under the limit, so that its write is cut.
    private static let longEntry = "long " + String(repeating: "0123456789", count: 1_000)
    private static let earlierEntries = "first\nsecond\n"
    /// Room left under the file size limit: the first 100 bytes of the entry's line fit.
    private static let room = 100

    /// Runs `ghostline --history path` with a file size limit of the file's size plus ``room``,
    /// through `prlimit`, from a shell that ignores `SIGXFSZ` first when `ignoringTheSignal`
    /// (an ignored signal stays ignored across `exec`); submits ``longEntry``.
    private func submitLongEntryOverTheLimit(history path: String, ignoringTheSignal: Bool) throws -> PseudoTerminalSession {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let limit = PipedRun.read(path).count + Self.room
        let command = ["/usr/bin/prlimit", "--fsize=\(limit)", ghostlinePath, "--history", path]
        let session = ignoringTheSignal
            ? try PseudoTerminalSession(executable: "/bin/sh", arguments: ["-c", "trap '' XFSZ; exec \"$@\"", "sh"] + command,
                                        captureStandardOutput: true)
            : try PseudoTerminalSession(executable: command[0], arguments: Array(command.dropFirst()), captureStandardOutput: true)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") }, "no prompt: \(session.screen.lines)")
        // Pasted, so that ten thousand characters are one event.
        try session.send("\u{1B}[200~" + Self.longEntry + "\u{1B}[201~\r")
        return session
    }

    /// What Up recalls in a new session on `path`, without a limit.
    private func recalledByUp(history path: String) throws -> String {
        let session = try startGhostline(["--history", path], captureStandardOutput: true)
        try session.send("\u{1B}[A\r")
        #expect(session.waitForExit() == .exited(0))
        return session.standardOutputText
    }

    /// Before the fix `SIGXFSZ` ended the process at the second write, with the entry neither
    /// printed nor saved and the first 100 bytes of it left in the file; with the signal
    /// ignored, the write failed, but those bytes stayed and Up recalled them.
    @Test(.enabled(if: access("/usr/bin/prlimit", X_OK) == 0, "needs prlimit (util-linux)"),
          .enabled(if: getenv("TSAN_OPTIONS") == nil,
                   "ThreadSanitizer's runtime takes SIGBUS in its own file-backed memory under a file size limit"),
          arguments: [false, true])
    func anAppendBeyondTheFileSizeLimitIsReportedAndLeavesTheFileAsItWas(ignoringTheSignal: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile(Self.earlierEntries, to: path)
        let session = try submitLongEntryOverTheLimit(history: path, ignoringTheSignal: ignoringTheSignal)
        #expect(session.waitForExit(timeout: 10) == .exited(0))
        #expect(session.standardOutputText == Self.longEntry + "\n", "the entry is printed")
        let terminal = String(decoding: session.output, as: UTF8.self)
        #expect(terminal.contains("ghostline: cannot save history to \(path): File too large"))
        #expect(String(decoding: PipedRun.read(path), as: UTF8.self) == Self.earlierEntries, "no part of the entry in the file")
        #expect(try recalledByUp(history: path) == "second\n")
    }

    /// A file system that fills up within the entry's line: a 64 KiB tmpfs, mounted in a mount
    /// namespace of the child's own (so nothing outside it sees the mount, and it goes with
    /// the child), holding the history file and a file that takes every page but the history
    /// file's first. The file's bytes are copied out before the namespace ends. Before the fix
    /// the file kept the first 4,083 bytes of the entry: the rest of its page.
    @Test(.enabled(if: canMountTmpfs, "needs root and unshare to mount a tmpfs"))
    func anAppendToAFullFileSystemIsReportedAndLeavesTheFileAsItWas() throws {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let directory = try TemporaryDirectory()
        let mountPoint = directory.path("full"), copy = directory.path("after")
        #expect(mkdir(mountPoint, 0o700) == 0)
        let script = """
            mount -t tmpfs -o size=64k none "$1" || exit 99
            printf 'first\\nsecond\\n' > "$1/history"
            dd if=/dev/zero of="$1/fill" bs=4096 count=15 2>/dev/null || exit 98
            "$2" --history "$1/history"
            status=$?
            cat "$1/history" > "$3"
            exit $status
            """
        let session = try PseudoTerminalSession(executable: "/usr/bin/unshare",
                                                arguments: ["-m", "/bin/sh", "-c", script, "sh", mountPoint, ghostlinePath, copy],
                                                captureStandardOutput: true)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") }, "no prompt: \(session.screen.lines)")
        try session.send("\u{1B}[200~" + Self.longEntry + "\u{1B}[201~\r")
        #expect(session.waitForExit(timeout: 10) == .exited(0))
        #expect(session.standardOutputText == Self.longEntry + "\n", "the entry is printed")
        let terminal = String(decoding: session.output, as: UTF8.self)
        #expect(terminal.contains("ghostline: cannot save history to \(mountPoint)/history: No space left on device"))
        #expect(String(decoding: PipedRun.read(copy), as: UTF8.self) == Self.earlierEntries, "no part of the entry in the file")
        #expect(try recalledByUp(history: copy) == "second\n")
    }
}

/// Whether a tmpfs can be mounted in a mount namespace of a child's own: as root, where
/// `unshare` is, and the kernel allows it (a container may not).
private let canMountTmpfs: Bool = {
    guard isRoot, access("/usr/bin/unshare", X_OK) == 0,
          let probe = try? PipedRun.run("/usr/bin/unshare", arguments: ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=4k none /mnt"], timeout: 5)
    else { return false }
    return probe.status == .exited(0)
}()
