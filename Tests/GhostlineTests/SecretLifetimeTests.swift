import Glibc
import Testing
import GhostlineTerminal
import GhostlineTestSupport

/// While a secret is read the process makes no core file, and the CLI says where a secret it
/// prints on the terminal went.
@Suite(.serialized) struct SecretLifetimeTests {
    private static let coreResource = __rlimit_resource_t(RLIMIT_CORE.rawValue)

    private static func coreLimit() -> rlimit {
        var limit = rlimit()
        getrlimit(coreResource, &limit)
        return limit
    }

    @Test func theSuppressionIsUndoneExactly() throws {
        let original = Self.coreLimit()
        defer {
            var limit = original
            setrlimit(Self.coreResource, &limit)
        }
        var some = original
        some.rlim_cur = min(original.rlim_max, 1 << 20)
        try #require(some.rlim_cur > 0 && setrlimit(Self.coreResource, &some) == 0)
        let dumpability = try #require(CoreDumpSuppression.dumpability)
        do {
            let suppression = CoreDumpSuppression()
            #expect(CoreDumpSuppression.dumpability == 0)
            #expect(Self.coreLimit().rlim_cur == 0)
            #expect(Self.coreLimit().rlim_max == original.rlim_max, "the hard limit is kept")
            withExtendedLifetime(suppression) {}
        }
        #expect(CoreDumpSuppression.dumpability == dumpability)
        #expect(Self.coreLimit().rlim_cur == some.rlim_cur && Self.coreLimit().rlim_max == some.rlim_max)
    }

    /// `ghostline --secret` with a core size limit of 1 MiB, as a user other than root (through
    /// `setpriv` when the tests run as root): the files of a process that is not dumpable belong
    /// to root.
    @Test func whileASecretIsReadTheProcessIsNotDumpableAndMakesNoCore() throws {
        try #require(access(ghostlinePath, X_OK) == 0)
        let user = getuid() == 0 ? "65534" : "\(getuid())"
        var command = "ulimit -S -c 1024 && exec \"$0\" --secret"
        if getuid() == 0 { command = "ulimit -S -c 1024 && exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" --secret" }
        let session = try PseudoTerminalSession(executable: "/bin/sh", arguments: ["-c", command, ghostlinePath],
                                                captureStandardOutput: true)
        #expect(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.text.contains(">") })
        let pid = session.processIdentifier
        var status = stat()
        #expect(stat("/proc/\(pid)/status", &status) == 0)
        #expect(status.st_uid == 0, "the process of user \(user) is not dumpable")
        let limits = String(decoding: PipedRun.read("/proc/\(pid)/limits"), as: UTF8.self)
        let coreLine = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? ""
        #expect(coreLine.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).first == "0",
                "the soft limit is 0: \(coreLine)")
        try session.send("wq\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "wq\n")
    }

    @Test func aSecretPrintedOnTheTerminalIsToldOf() throws {
        let shown = try startGhostline(["--secret"])
        try shown.send("wq\r")
        #expect(shown.waitForExit() == .exited(0))
        #expect(shown.screen.text.contains("ghostline: the secret is printed on standard output, which is the terminal"))

        let captured = try startGhostline(["--secret"], captureStandardOutput: true)
        try captured.send("wq\r")
        #expect(captured.waitForExit() == .exited(0))
        #expect(!captured.screen.text.contains("ghostline:"))
        #expect(captured.standardOutputText == "wq\n")
    }
}
