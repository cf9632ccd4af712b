import Glibc
import Testing
import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// The built `ghostline` inside a real terminal emulator, tmux (`.ci/run` installs it): the
/// legacy key path as tmux sends keys, and the widths tmux draws clusters in, which are not the
/// tables' (tmux 3.3a draws `❤️` in one column). What tmux shows is read back with
/// `capture-pane` and its cursor with `display-message`, in bounded polls.
@Suite(.enabled(if: TmuxPane.tmuxPath != nil, "tmux is not installed"))
struct TmuxTests {
    @Test func keysTypedInTmuxEditTheEntry() throws {
        let pane = try TmuxPane(columns: 40, rows: 6)
        try pane.type("abc")
        #expect(pane.waitUntil { $0.lines.first == "> abc" && $0.cursor == (5, 0) }, "\(pane.lines) \(pane.cursor)")
        try pane.press("Left", "Left")
        try pane.type("X")
        #expect(pane.waitUntil { $0.lines.first == "> aXbc" && $0.cursor == (4, 0) }, "\(pane.lines) \(pane.cursor)")
        // A lone Escape then b: Alt-B, a word back.
        try pane.press("Escape", "b", "Y")
        #expect(pane.waitUntil { $0.lines.first == "> YaXbc" }, "\(pane.lines)")
        try pane.press("Enter")
        #expect(pane.waitForOutput() == "YaXbc\n")
    }

    /// Hearts tmux draws in one column each fill one row of a 12-column pane, where the tables
    /// would wrap them onto two: measured, the line stays whole and the cursor goes where tmux
    /// puts it after Home.
    @Test func aLineOfClustersTmuxDrawsNarrowerStaysWhole() throws {
        let pane = try TmuxPane(columns: 12, rows: 6)
        let hearts = String(repeating: "❤️", count: 8)
        try pane.type(hearts + "x")
        #expect(pane.waitUntil { $0.lines.first == "> " + hearts + "x" }, "\(pane.lines)")
        try pane.press("C-a")
        try pane.type("Y")
        #expect(pane.waitUntil { $0.lines.first == "> Y" + hearts + "x" && $0.cursor == (3, 0) && $0.lines[1].isEmpty },
                "\(pane.lines) \(pane.cursor)")
        try pane.press("Enter")
        #expect(pane.waitForOutput() == "Y" + hearts + "x\n")
    }

    /// A flag, a ZWJ family and a heart among letters: moved over from the line's start, where
    /// the renderer counts columns, and the family deleted there (tmux 3.3a: the heart in one
    /// column, the flag and the family in two).
    @Test func clustersTmuxDrawsItsOwnWayAreEditedInPlace() throws {
        let pane = try TmuxPane(columns: 30, rows: 6)
        try pane.type("a❤️b🇫🇷c👨‍👩‍👧d")
        #expect(pane.waitUntil { $0.lines.first == "> a❤️b🇫🇷c👨‍👩‍👧d" }, "\(pane.lines)")
        try pane.press("C-a", "C-f", "C-f", "C-f", "C-f", "C-f", "C-d")
        #expect(pane.waitUntil { $0.lines.first == "> a❤️b🇫🇷cd" && $0.cursor == (8, 0) }, "\(pane.lines) \(pane.cursor)")
        try pane.press("Enter")
        #expect(pane.waitForOutput() == "a❤️b🇫🇷cd\n")
    }
}

/// A tmux server of the test's own with one pane running `ghostline`, its standard output sent
/// to a file.
final class TmuxPane {
    /// Where tmux is installed; nil when it is not.
    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { access($0, X_OK) == 0 }

    private let socket: String
    private let outputPath: String

    init(columns: Int, rows: Int, arguments: [String] = []) throws {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = "ghostline-test-\(unique)"
        outputPath = "/tmp/ghostline-tmux-\(unique).out"
        var environment = sanitizerOptions()
        environment["INPUTRC"] = "/dev/null"
        environment["LC_ALL"] = "C.UTF-8"
        let settings = environment.sorted { $0.key < $1.key }.map { Self.quoted("\($0.key)=\($0.value)") }
        let command = (["/usr/bin/env"] + settings + [Self.quoted(ghostlinePath)] + arguments.map(Self.quoted)).joined(separator: " ")
            + " > " + Self.quoted(outputPath)
        try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
        try #require(waitUntil { $0.lines.first == ">" }, "the prompt never appeared in tmux: \(lines)")
    }

    deinit {
        _ = try? run(["kill-server"])
        unlink(outputPath)
    }

    /// Types `text` as it is.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", "0", "-l", text])
    }

    /// Presses keys by tmux's names (`Left`, `C-a`, `Enter`).
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", "0"] + keys)
    }

    /// The pane's rows as tmux shows them, trailing blanks trimmed.
    var lines: [String] {
        let text = (try? run(["capture-pane", "-p", "-t", "0"])) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    }

    /// The pane's cursor, column and row.
    var cursor: (Int, Int) {
        let text = (try? run(["display-message", "-p", "-t", "0", "#{cursor_x} #{cursor_y}"])) ?? ""
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (-1, -1)
    }

    /// Polls until `condition` holds, at most `timeout` seconds; returns whether it held.
    func waitUntil(timeout: Double = 5, _ condition: (TmuxPane) -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while !condition(self) {
            guard MonotonicClock.now() < deadline else { return false }
            _ = poll(nil, 0, 10)
        }
        return true
    }

    /// What `ghostline` wrote to its standard output once it exited (its pane closed), or nil.
    func waitForOutput(timeout: Double = 5) -> String? {
        let ended = waitUntil(timeout: timeout) { pane in (try? pane.run(["has-session"])) == nil }
        guard ended else { return nil }
        return String(decoding: PipedRun.read(outputPath), as: UTF8.self)
    }

    /// Runs a tmux command on this server; its standard output. Throws when it fails.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let result = try PipedRun.run(Self.tmuxPath ?? "tmux", arguments: ["-L", socket, "-f", "/dev/null"] + arguments,
                                      environment: ["LC_ALL": "C.UTF-8", "TERM": "xterm-256color"])
        guard result.status == .exited(0) else { throw TmuxFailure(arguments: arguments) }
        return String(decoding: result.standardOutput, as: UTF8.self)
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}

/// A tmux command that failed.
struct TmuxFailure: Error {
    let arguments: [String]
}
