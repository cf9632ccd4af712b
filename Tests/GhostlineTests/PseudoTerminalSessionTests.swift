import Glibc
import GhostlineTesting
import GhostlineTestSupport
import Testing

private func shell(_ script: String, columns: Int = 80, rows: Int = 24) throws -> PseudoTerminalSession {
    try PseudoTerminalSession(
        executable: "/bin/sh", arguments: ["-c", script], columns: columns, rows: rows)
}

@Test func shellReadsALineTypedIntoTheTerminal() throws {
    let session = try shell(#"printf hello; read x; printf "[%s]" "$x""#)
    #expect(session.waitUntil { $0.screen.line(0) == "hello" })
    try session.send("abc\r")
    #expect(session.waitUntil { $0.screen.text.contains("[abc]") })
    #expect(session.waitForExit() == .exited(0))
    #expect(session.screen.lines[0...1] == ["helloabc", "[abc]"])
}

@Test func exitStatusIsReported() throws {
    let session = try shell("exit 3")
    #expect(session.waitForExit() == .exited(3))
    #expect(session.exitStatus == .exited(3))
}

@Test func childHasTheTerminalAsItsControllingTerminal() throws {
    let session = try shell("tty; echo ok > /dev/tty")
    #expect(session.waitForExit() == .exited(0))
    #expect(session.screen.line(0).hasPrefix("/dev/pts/"))
    #expect(session.screen.line(1) == "ok")
}

@Test func capturedStandardOutputStaysOffTheScreen() throws {
    let session = try PseudoTerminalSession(
        executable: "/bin/cat", arguments: [], captureStandardOutput: true)
    try session.send("one\r")
    #expect(session.waitUntil { $0.standardOutput == Array("one\n".utf8) })
    try session.send([0x04])
    #expect(session.waitForExit() == .exited(0))
    #expect(session.standardOutput == Array("one\n".utf8))
    #expect(session.screen.text == "one")
}

@Test func resizingDeliversTheNewSizeWithSIGWINCH() throws {
    let session = try shell(
        #"stty size; trap 'stty size; exit 0' WINCH; printf ready; while :; do sleep 0.02; done"#,
        columns: 80, rows: 24)
    #expect(session.waitUntil { $0.screen.text.contains("ready") })
    #expect(session.screen.line(0) == "24 80")
    try session.resize(columns: 100, rows: 30)
    #expect(session.screen.columns == 100)
    #expect(session.screen.rows == 30)
    #expect(session.waitForExit() == .exited(0))
    #expect(session.screen.text.contains("30 100"))
}

@Test func terminalAttributesCanBeComparedBeforeAndAfter() throws {
    let session = try shell(
        #"saved=$(stty -g); stty -icanon -echo; printf raw; read x; stty "$saved"; printf restored"#)
    #expect(session.initialTerminalAttributes.count == MemoryLayout<termios>.size)
    #expect(session.waitUntil { $0.screen.text.contains("raw") })
    #expect(session.isInNonCanonicalMode)
    #expect(try session.terminalAttributes() != session.initialTerminalAttributes)
    try session.send("\n")
    #expect(session.waitForExit() == .exited(0))
    #expect(session.screen.text.hasSuffix("restored"))
    #expect(!session.isInNonCanonicalMode)
    #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
}

@Test func cursorPositionRequestsAreAnswered() throws {
    let session = try shell(
        #"stty -echo -icanon; printf 'ab\033[6n'; r=$(head -c 6); printf '[%s]' "${r#?}""#)
    #expect(session.waitForExit() == .exited(0))
    #expect(session.screen.line(0) == "ab[[1;3R]")
}

@Test func processKilledBySIGTERMReportsTheSignal() throws {
    let session = try PseudoTerminalSession(executable: "/bin/cat", arguments: [])
    #expect(session.waitForExit(timeout: 0.1) == nil)
    session.signal(SIGTERM)
    #expect(session.waitForExit() == .signaled(SIGTERM))
}

@Test func waitingForAConditionThatNeverHoldsTimesOut() throws {
    let session = try PseudoTerminalSession(executable: "/bin/cat", arguments: [])
    let start = ContinuousClock.now
    #expect(!session.waitUntil(timeout: 0.2) { $0.screen.text.contains("never") })
    #expect(ContinuousClock.now - start >= .milliseconds(200))
}

@Test func startingAMissingExecutableThrows() {
    #expect(throws: SystemCallError.self) {
        try PseudoTerminalSession(executable: "/nonexistent/program", arguments: [])
    }
}

@Test(.enabled(if: getenv("GHOSTLINE_BUILD_DIR") == nil))
func builtProductPathIsInTheBuildDirectoryOfThePackage() {
    let path = builtProductPath("ghostline")
    #expect(path.hasSuffix("/.build/debug/ghostline"))
    let root = String(path.dropLast("/.build/debug/ghostline".count))
    #expect(access(root + "/Package.swift", F_OK) == 0)
}
