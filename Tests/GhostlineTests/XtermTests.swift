import Glibc
import Testing
import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// The built `ghostline` inside xterm on a virtual X server (`.ci/run` installs xterm, Xvfb and
/// xdotool): the legacy key path with xterm's modifyOtherKeys, the widths xterm draws clusters
/// in (xterm 379 answers no kitty query and no mode 2027, so clusters are measured; it draws
/// `❤️` in one column and a ZWJ family as its members side by side), and the terminal's
/// attributes as `stty -g` sees them inside xterm before and after. Keys go in through the X
/// server as a keyboard's would (XTEST); the screen is read back through xterm's own print
/// action, in bounded polls.
@Suite(.enabled(if: XtermWindow.isAvailable, "xterm, Xvfb or xdotool is not installed"))
struct XtermTests {
    @Test func keysTypedInXtermEditTheEntryAndLeaveTheTerminalAsItWas() throws {
        let window = try XtermWindow(columns: 40, rows: 6)
        try window.type("abc")
        #expect(window.waitUntil { $0.first == "> abc" }, "\(window.lines)")
        try window.press("Left", "Left")
        try window.type("X")
        #expect(window.waitUntil { $0.first == "> aXbc" }, "\(window.lines)")
        // A lone Escape then b: Alt-B, a word back.
        try window.press("Escape", "b")
        try window.type("Y")
        #expect(window.waitUntil { $0.first == "> YaXbc" }, "\(window.lines)")
        try window.press("Return")
        let ending = try #require(window.waitForExit())
        #expect(ending.status == 0)
        #expect(ending.output == "YaXbc\n")
        #expect(ending.attributesBefore == ending.attributesAfter)
    }

    /// A heart, a ZWJ family and a flag among letters: a character deleted after the heart, one
    /// at the line's end, then one inserted where the first was. Laid out by the tables (the
    /// heart two columns, the family two), xterm's row would show the family twice and the
    /// deleted character still there.
    @Test func clustersXtermDrawsItsOwnWayAreEditedInPlace() throws {
        let window = try XtermWindow(columns: 40, rows: 6)
        try window.type("ab❤️x👨‍👩‍👧y🇫🇷z")
        #expect(window.waitUntil { $0.first == "> ab❤️x👨👩👧y🇫🇷z" }, "\(window.lines)")
        try window.press("Home", "Right", "Right", "Right", "Delete", "End", "BackSpace")
        #expect(window.waitUntil { $0.first == "> ab❤️👨👩👧y🇫🇷" }, "\(window.lines)")
        try window.press("Home", "Right", "Right", "Right")
        try window.type("Q")
        #expect(window.waitUntil { $0.first == "> ab❤️Q👨👩👧y🇫🇷" && $0[1].isEmpty }, "\(window.lines)")
        try window.press("Return")
        let ending = try #require(window.waitForExit())
        #expect(ending.output == "ab❤️Q👨‍👩‍👧y🇫🇷\n")
        #expect(ending.attributesBefore == ending.attributesAfter)
    }

    /// Ctrl-C in the middle of an entry: status 130, the attributes as they were, the entry left
    /// on its row and nothing after it.
    @Test func controlCInXtermRestoresTheTerminal() throws {
        let window = try XtermWindow(columns: 40, rows: 6, arguments: ["--placeholder", "Type a message…"])
        #expect(window.waitUntil { $0.first == "> Type a message…" }, "\(window.lines)")
        try window.type("half")
        #expect(window.waitUntil { $0.first == "> half" }, "\(window.lines)")
        try window.press("ctrl+c")
        let ending = try #require(window.waitForExit())
        #expect(ending.status == 130)
        #expect(ending.output.isEmpty)
        #expect(ending.attributesBefore == ending.attributesAfter)
    }
}

/// An X server of the test's own (Xvfb) with one xterm on it, running `ghostline` between two
/// `stty -g`, its standard output and exit status sent to files.
final class XtermWindow {
    private static func installed(_ name: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { access($0, X_OK) == 0 }
    }

    private static let xvfbPath = installed("Xvfb")
    private static let xtermPath = installed("xterm")
    private static let xdotoolPath = installed("xdotool")

    /// Whether xterm, Xvfb and xdotool are installed.
    static let isAvailable = xvfbPath != nil && xtermPath != nil && xdotoolPath != nil

    private let directory: String
    private let rows: Int
    private var display = ""
    private var processes: [pid_t] = []

    /// How `ghostline` ended inside xterm.
    struct Ending {
        var status: Int?
        var output: String
        var attributesBefore: String
        var attributesAfter: String
    }

    init(columns: Int, rows: Int, arguments: [String] = []) throws {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        self.rows = rows
        directory = "/tmp/ghostline-xterm-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkdir(directory, 0o700) == 0)
        // Xvfb writes its display's number once it accepts clients.
        processes.append(try background([Self.xvfbPath!, "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "800x600x24"],
                                        output: directory + "/display"))
        try #require(Self.poll(timeout: 10) { self.readDisplay() }, "Xvfb never said its display")
        var environment = sanitizerOptions()
        environment["INPUTRC"] = "/dev/null"
        let settings = environment.sorted { $0.key < $1.key }.map { Self.quoted("\($0.key)=\($0.value)") }
        let ghostline = (["/usr/bin/env"] + settings + [Self.quoted(ghostlinePath)] + arguments.map(Self.quoted)).joined(separator: " ")
        let script = "stty -g > \(directory)/before; \(ghostline) > \(directory)/stdout; echo $? > \(directory)/status.tmp; "
            + "stty -g > \(directory)/after; mv \(directory)/status.tmp \(directory)/status"
        processes.append(try background([
            Self.xtermPath!, "-u8", "-geometry", "\(columns)x\(rows)",
            "-xrm", "XTerm*printerCommand: cat > \(directory)/screen.tmp && mv \(directory)/screen.tmp \(directory)/screen",
            "-xrm", "XTerm*printAttributes: 0",
            "-xrm", "XTerm*VT100.translations: #override <Key>F12: print()",
            "-e", "/bin/sh", "-c", script,
        ], output: "/dev/null"))
        // With no window manager the keyboard follows the pointer: put it on the window.
        try xdotool(["search", "--sync", "--onlyvisible", "--class", "xterm", "mousemove", "--window", "%1", "20", "20"])
        try #require(waitUntil { $0.first == ">" || $0.first?.hasPrefix("> ") == true }, "the prompt never appeared in xterm: \(lines)")
    }

    deinit {
        for process in processes.reversed() {
            kill(process, SIGKILL)
        }
        _ = try? PipedRun.run("/bin/rm", arguments: ["-rf", directory])
    }

    /// Types `text` as it is, a key at a time.
    func type(_ text: String) throws {
        try xdotool(["type", "--delay", "20", text])
    }

    /// Presses keys by their X names (`Left`, `ctrl+a`, `Return`).
    func press(_ keys: String...) throws {
        try xdotool(["key", "--delay", "20"] + keys)
    }

    /// xterm's rows as its print action writes them, without trailing blanks, zero-width joiners
    /// and the U+FFFF xterm prints for the second cell of a double-width character.
    var lines: [String] {
        unlink(directory + "/screen")
        guard (try? xdotool(["key", "F12"])) != nil,
              Self.poll(timeout: 2, { access(directory + "/screen", F_OK) == 0 }) else { return [] }
        let text = String(decoding: PipedRun.read(directory + "/screen"), as: UTF8.self)
        let printed = text.unicodeScalars.filter { $0 != "\u{200D}" && $0 != "\u{FFFF}" }
        return String(String.UnicodeScalarView(printed)).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// Polls xterm's screen until `condition` holds, at most `timeout` seconds.
    func waitUntil(timeout: Double = 5, _ condition: ([String]) -> Bool) -> Bool {
        Self.poll(timeout: timeout) {
            let shown = lines
            return shown.count >= rows && condition(shown)
        }
    }

    /// How `ghostline` ended, once the script around it has written the attributes after it.
    func waitForExit(timeout: Double = 5) -> Ending? {
        guard Self.poll(timeout: timeout, { access(directory + "/status", F_OK) == 0 }) else { return nil }
        func text(_ name: String) -> String { String(decoding: PipedRun.read(directory + "/" + name), as: UTF8.self) }
        return Ending(status: Int(text("status").filter { $0 != "\n" }), output: text("stdout"),
                      attributesBefore: text("before"), attributesAfter: text("after"))
    }

    /// Whether `condition` came to hold within `timeout` seconds, asked every 10 ms.
    private static func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while !condition() {
            guard MonotonicClock.now() < deadline else { return false }
            _ = Glibc.poll(nil, 0, 10)
        }
        return true
    }

    private func readDisplay() -> Bool {
        let number = String(decoding: PipedRun.read(directory + "/display"), as: UTF8.self).filter(\.isNumber)
        guard !number.isEmpty else { return false }
        display = ":" + number
        return true
    }

    /// Starts a program in the background, detached from the test, its output into `output`.
    private func background(_ command: [String], output: String) throws -> pid_t {
        let line = command.map(Self.quoted).joined(separator: " ") + " > \(Self.quoted(output)) 2>/dev/null & echo $!"
        let result = try PipedRun.run("/bin/sh", arguments: ["-c", line], environment: environment)
        let identifier = String(decoding: result.standardOutput, as: UTF8.self).filter(\.isNumber)
        return try #require(pid_t(identifier), "could not start \(command[0])")
    }

    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String {
        let result = try PipedRun.run(Self.xdotoolPath!, arguments: arguments, environment: environment)
        guard result.status == .exited(0) else { throw XtermFailure(arguments: arguments) }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    private var environment: [String: String] {
        ["LC_ALL": "C.UTF-8", "DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": directory]
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}

/// An xdotool command that failed.
struct XtermFailure: Error {
    let arguments: [String]
}
