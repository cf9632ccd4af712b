import Glibc
import Ghostline
import GhostlineTerminal
import GhostlineTesting

/// The row that goes through a real session: a `LineEditor` reading an entry on the test kit's
/// pseudo-terminal, and a `LinePrinter` printing above it with no key typed. Timed in wall time,
/// from `print` to the screen showing the message with the entry below it: the wake-up crosses
/// threads and the kernel, which one thread's CPU time does not see.
struct PrinterBench {
    private(set) var measurements: [Measurement] = []
    private(set) var targets: [TargetCheck] = []
    /// What went wrong on the way; any makes the benchmark fail.
    private(set) var failures: [String] = []

    private static let messages = 20

    mutating func run() {
        do {
            try printWithoutALineBreak()
        } catch {
            failures.append("printing above an entry: \(error)")
        }
    }

    /// Twenty messages without a line break, each printed once the one before is shown: each
    /// must show at once, with no key to wake the session and no timeout to wait for.
    private mutating func printWithoutALineBreak() throws {
        let pty = try PseudoTerminalPair(columns: 40, rows: 30)
        var screen = VirtualScreen(columns: 40, rows: 30)
        let terminal = FileDescriptor(rawValue: pty.terminal)
        let editor = LineEditor(prompt: "> ", input: terminal, output: terminal)
        editor.handlesSignals = false
        editor.terminalType = "xterm-256color"
        let printer = try editor.makePrinter()
        final class Outcome { var entry: String?? }
        let outcome = Outcome()
        let reader = try POSIXThread.start { outcome.entry = try? editor.readLine() }
        var isJoined = false
        defer {
            // Ends the entry as a closed window does when the row gave up half way.
            if !isJoined {
                pty.hangUp()
                pthread_join(reader, nil)
            }
        }
        var bytesShown = 0
        let feed = { (chunk: [UInt8]) in
            bytesShown += chunk.count
            screen.feed(chunk)
        }
        guard pty.read(timeout: 10, consume: feed, until: { screen.line(screen.cursorRow) == ">" }) else {
            return failures.append("printing above an entry: no prompt")
        }
        try FileDescriptor(rawValue: pty.controller).writeAll(Array("ab".utf8))
        guard pty.read(timeout: 10, consume: feed, until: { screen.line(screen.cursorRow) == "> ab" }) else {
            return failures.append("printing above an entry: \"ab\" not drawn")
        }
        var samples: [Sample] = []
        for index in 1...Self.messages {
            let start = MonotonicClock.now(), bytesBefore = bytesShown
            printer.print("partial \(index)", terminator: "")
            let shown = pty.read(timeout: 10, slice: 0.001, consume: feed) {
                screen.cursorRow > 0 && screen.line(screen.cursorRow - 1) == "partial \(index)"
                    && screen.line(screen.cursorRow) == "> ab" && !screen.isSynchronizedOutputActive
            }
            guard shown else { return failures.append("printing above an entry: message \(index) not shown") }
            samples.append(Sample(nanoseconds: MonotonicClock.now() - start, bytes: bytesShown - bytesBefore, stages: StageTimes()))
        }
        try FileDescriptor(rawValue: pty.controller).writeAll([0x0D])
        pthread_join(reader, nil)
        isJoined = true
        if outcome.entry != "ab" { failures.append("printing above an entry: the entry was \(String(describing: outcome.entry))") }
        let row = Measurement(scenario: "10. A message printed above an entry, no key: print to shown (wall time)", keys: nil,
                              pastedBytes: nil, samples: samples)
        measurements.append(row)
        // The fastest of twenty rules out a wake-up that waits for a key or a timeout, yet not
        // a busy neighbour on a shared machine.
        targets.append(TargetCheck(name: "A printer's message shown with no key: fastest of 20, ms",
                                   measured: Double(row.best.nanoseconds) / 1e6, limit: 10, target: "≤ 10"))
    }
}
