import Glibc
@testable import Ghostline
import GhostlineTerminal
import GhostlineTestSupport
import GhostlineTesting

/// The terminal side of a `LineEditor` that runs in this process on a pseudo-terminal: what the
/// editor writes is read into a `VirtualScreen`, keys are typed into it. Every wait is bounded.
final class EditorScreen {
    let pty: PseudoTerminal
    private(set) var screen: VirtualScreen
    /// Every byte the editor wrote.
    private(set) var output: [UInt8] = []

    init(columns: Int = 40, rows: Int = 10) throws {
        pty = try PseudoTerminal()
        screen = VirtualScreen(columns: columns, rows: rows)
    }

    /// The pty's terminal side, for the editor.
    var terminal: FileDescriptor { pty.terminal }

    /// An editor drawing on the pty, with no signal handlers (they belong to the whole process)
    /// and the terminal type fixed (CI runs without `TERM`).
    static func makeEditor(on terminal: FileDescriptor, prompt: String = "> ") -> LineEditor {
        let editor = LineEditor(prompt: prompt, input: terminal, output: terminal)
        editor.handlesSignals = false
        editor.terminalType = "xterm-256color"
        return editor
    }

    /// Every row the screen has shown, the scrolled-off ones first.
    var allLines: [String] { screen.scrolledOffLines + screen.lines }

    /// Reads what the editor wrote until `condition` holds, for at most `timeout` seconds.
    @discardableResult
    func drain(timeout: Double = 10, until condition: (VirtualScreen) -> Bool) throws -> Bool {
        pty.pair.read(timeout: timeout, consume: show) { condition(screen) }
    }

    /// ``drain(timeout:until:)`` for a test whose editor reads in a task: between reads the test
    /// waits suspended, not blocked, so that the task gets a thread. The cooperative pool has as
    /// many threads as the machine has cores; a test blocked in a wait on one of them, beside a
    /// long test on the other, left the editor's task no thread to draw its prompt on until the
    /// wait ran out (on two cores, beside `aFileOfGigabytesIsReadOnlyAtItsEnd`).
    @discardableResult
    func drainLettingTasksRun(timeout: Double = 10, until condition: (VirtualScreen) -> Bool) async throws -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while !condition(screen) {
            guard MonotonicClock.now() < deadline else { return false }
            var received = false
            pty.pair.readAvailable {
                received = true
                show($0)
            }
            if !received { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        return true
    }

    private func show(_ chunk: [UInt8]) {
        output += chunk
        screen.feed(chunk)
    }

    /// Types `keys` into the terminal.
    func type(_ keys: String) throws {
        try pty.controller.writeAll(Array(keys.utf8))
    }

    /// The entry is drawn on the cursor's row (trailing spaces are not on a screen) and the
    /// screen is not in the middle of a frame.
    func showsEntry(_ row: String) -> (VirtualScreen) -> Bool {
        { $0.line($0.cursorRow) == row.trimmingSpaces && !$0.isSynchronizedOutputActive }
    }
}
