import Glibc
import Testing
@testable import Ghostline
import GhostlineTerminal
import GhostlineTestSupport
import GhostlineTesting

/// A semaphore a test posts to let a thread do one round of work.
private final class Semaphore: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init() { sem_init(pointer, 0, 0) }

    func post() { sem_post(pointer) }

    func wait() { while sem_wait(pointer) != 0 && errno == EINTR {} }

    deinit {
        sem_destroy(pointer)
        pointer.deallocate()
    }
}

private final class Outcome: @unchecked Sendable {
    var entry: String?
    var error: Error?

    /// Starts `editor.readLine()` on a thread of its own, which records here what it returned
    /// or threw.
    static func startReading(_ editor: LineEditor) -> (outcome: Outcome, reader: TestThread) {
        let outcome = Outcome()
        let reader = TestThread {
            do { outcome.entry = try editor.readLine() } catch { outcome.error = error }
        }
        return (outcome, reader)
    }
}

extension ProcessWideStateTests {
    @Suite struct LinePrinterTests {
        /// An editor on `terminal` with a printer, reading an entry on a thread of its own with
        /// `typed` typed and drawn.
        private func startReadingWithAPrinter(on terminal: EditorScreen, typing typed: String) throws
            -> (printer: LinePrinter, outcome: Outcome, reader: TestThread) {
            let editor = EditorScreen.makeEditor(on: terminal.terminal)
            let printer = try editor.makePrinter()
            let (outcome, reader) = Outcome.startReading(editor)
            #expect(try terminal.drain(until: terminal.showsEntry("> ")))
            try terminal.type(typed)
            #expect(try terminal.drain(until: terminal.showsEntry("> " + typed)))
            return (printer, outcome, reader)
        }

        /// A thread sets the toolbar while an entry is read, as a clock or a build's status
        /// would: each change is drawn at once below the entry, with messages printed between
        /// them, and a toolbar set while no entry is read shows from the next entry's first frame.
        @Test func aToolbarSetFromAnotherThreadIsDrawnAtOnce() throws {
            let terminal = try EditorScreen(columns: 40, rows: 10)
            let editor = EditorScreen.makeEditor(on: terminal.terminal)
            let printer = try editor.makePrinter()
            printer.setBottomToolbar("before the entry")
            let (outcome, reader) = Outcome.startReading(editor)
            #expect(try terminal.drain { $0.line(0) == ">" && $0.line(1) == "before the entry" }, "\(terminal.screen.lines)")
            try terminal.type("abc")
            #expect(try terminal.drain(until: terminal.showsEntry("> abc")))
            let setter = TestThread {
                for tick in 1...20 {
                    printer.setBottomToolbar("tick \(tick)")
                    if tick % 5 == 0 { printer.print("message \(tick)") }
                }
            }
            setter.join()
            #expect(try terminal.drain { screen in
                screen.lines.contains("message 20") && screen.line(screen.cursorRow) == "> abc"
                    && screen.line(screen.cursorRow + 1) == "tick 20"
            }, "\(terminal.screen.lines)")
            #expect(terminal.allLines.filter { $0.hasPrefix("tick") }.count == 1, "\(terminal.allLines)")
            printer.setBottomToolbar(nil)
            #expect(try terminal.drain { $0.line($0.cursorRow + 1).isEmpty && !$0.text.contains("tick") },
                    "\(terminal.screen.lines)")
            try terminal.type("\r")
            reader.join()
            #expect(outcome.entry == "abc")
            #expect(editor.bottomToolbar == nil)
        }

        /// Four threads print 250 messages each, ten at a time, while a key is typed: every
        /// message is shown once, each thread's in its order, and the entry is drawn intact.
        @Test func aThousandMessagesFromFourThreadsWhileKeysAreTyped() throws {
            let terminal = try EditorScreen(columns: 40, rows: 10)
            let editor = EditorScreen.makeEditor(on: terminal.terminal)
            let printer = try editor.makePrinter()
            let (outcome, reader) = Outcome.startReading(editor)
            #expect(try terminal.drain(until: terminal.showsEntry("> ")))
            let text = "the quick brown fox jumps"
            let rounds = Array(text)
            #expect(rounds.count == 25)
            let semaphores = (0..<4).map { _ in Semaphore() }
            let writers = (0..<4).map { thread in
                TestThread {
                    for round in 0..<25 {
                        semaphores[thread].wait()
                        for index in 1...10 { printer.print("t\(thread) m\(round * 10 + index)") }
                    }
                }
            }
            var typed = ""
            for key in rounds {
                semaphores.forEach { $0.post() }
                try terminal.type(String(key))
                typed.append(key)
                #expect(try terminal.drain(until: terminal.showsEntry("> " + typed)), "\(terminal.screen.lines)")
            }
            writers.forEach { $0.join() }
            let isMessage = { (line: String) in line.hasPrefix("t") }
            #expect(try terminal.drain { screen in
                (screen.scrolledOffLines + screen.lines).filter(isMessage).count >= 1000 && !screen.isSynchronizedOutputActive
            })
            let shown = terminal.allLines.filter { !$0.isEmpty }
            #expect(shown.count == 1001, "every message once, then the entry")
            #expect(shown.last == "> " + typed.trimmingSpaces)
            for thread in 0..<4 {
                let own = shown.filter { $0.hasPrefix("t\(thread) ") }
                #expect(own == (1...250).map { "t\(thread) m\($0)" }, "thread \(thread)'s messages in its order")
            }
            #expect(terminal.screen.line(terminal.screen.cursorRow) == "> " + typed.trimmingSpaces)
            #expect(terminal.screen.cursorColumn == 2 + typed.count)
            #expect(terminal.screen.rawControlBytesSeen.isEmpty)

            try terminal.type("\r")
            reader.join()
            #expect(outcome.error == nil)
            #expect(outcome.entry == typed)
        }

        /// A message without a line break is shown with no key to wake the editor, and the entry
        /// below it as it was. How soon is `make bench`'s row 10 (Performance.md).
        @Test func aMessageWithoutALineBreakIsShownAtOnce() throws {
            let terminal = try EditorScreen(columns: 40, rows: 30)
            let (printer, outcome, reader) = try startReadingWithAPrinter(on: terminal, typing: "ab")
            for index in 1...20 {
                printer.print("partial \(index)", terminator: "")
                let shown = try terminal.drain { screen in
                    screen.cursorRow > 0 && screen.line(screen.cursorRow - 1) == "partial \(index)"
                        && screen.line(screen.cursorRow) == "> ab" && !screen.isSynchronizedOutputActive
                }
                #expect(shown, "shown before any key: \(terminal.screen.lines)")
            }
            #expect(terminal.screen.cursorColumn == 4)
            try terminal.type("\r")
            reader.join()
            #expect(outcome.entry == "ab")
            #expect(Array(terminal.allLines.prefix(21)) == (1...20).map { "partial \($0)" } + ["> ab"])
        }

        /// Before and after an entry nothing waits for the editor: a message is printed at once,
        /// and the prompt starts on the row after it.
        @Test func printingBeforeAndAfterAnEntry() throws {
            let terminal = try EditorScreen(columns: 40, rows: 10)
            let before = attributeBytes(of: terminal.terminal)
            let editor = EditorScreen.makeEditor(on: terminal.terminal)
            let printer = try editor.makePrinter()
            printer.print("\u{1B}[32mbefore\u{1B}[0m, no line break", terminator: "")
            #expect(try terminal.drain { $0.line(0) == "before, no line break" && $0.cursorRow == 1 && $0.cursorColumn == 0 })
            #expect(terminal.screen[0, 0].attributes.foreground == .basic(2), "the app's colour passes")
            let (outcome, reader) = Outcome.startReading(editor)
            #expect(try terminal.drain(until: terminal.showsEntry("> ")))
            #expect(terminal.screen.cursorRow == 1)
            try terminal.type("x\r")
            reader.join()
            #expect(outcome.entry == "x")
            printer.print("after\u{07}\u{08}")
            #expect(try terminal.drain { $0.line(2) == "after^G^H" && $0.cursorRow == 3 })
            #expect(terminal.screen.lines.prefix(4) == ["before, no line break", "> x", "after^G^H", ""])
            #expect(terminal.screen.rawControlBytesSeen.isEmpty, "the bell and backspace are shown, not written")
            #expect(attributeBytes(of: terminal.terminal) == before)
        }

        /// A message the app prints unfiltered reaches the terminal as it is, and the editor then
        /// sets again what it reads with: bracketed paste on, the cursor shown, the plain style
        /// for the prompt.
        @Test func anUnfilteredMessageIsWrittenAsItIsAndTheEditorsModesAreSetAgain() throws {
            let terminal = try EditorScreen(columns: 40, rows: 10)
            let (printer, outcome, reader) = try startReadingWithAPrinter(on: terminal, typing: "ab")
            printer.printUnfiltered("\u{1B}[31mred\u{1B}[?2004l\u{1B}[?25l")
            #expect(try terminal.drain { screen in
                screen.line(0) == "red" && screen.line(1) == "> ab" && !screen.isSynchronizedOutputActive
            }, "\(terminal.screen.lines)")
            #expect(terminal.screen[0, 0].attributes.foreground == .basic(1), "the app's bytes as they are")
            #expect(terminal.screen[1, 0].attributes == .plain, "the prompt in its own style")
            #expect(terminal.screen.bracketedPasteEnabled)
            #expect(terminal.screen.isCursorVisible)
            printer.print("\u{1B}[?2004l")
            #expect(try terminal.drain { $0.line(1) == "^[[?2004l" && $0.line(2) == "> ab" })
            #expect(terminal.screen.bracketedPasteEnabled)
            try terminal.type("\u{1B}[200~c\nd\u{1B}[201~\r")
            reader.join()
            #expect(outcome.entry == "abc d")
        }

        /// Messages that come faster than the Escape timeout do not hold a lone Escape back: the
        /// wake-ups do not restart its 25 ms.
        @Test func aLoneEscapeIsSeenWhileMessagesKeepComing() throws {
            let terminal = try EditorScreen(columns: 40, rows: 10)
            let editor = EditorScreen.makeEditor(on: terminal.terminal)
            editor.keyMap.bind(.key(.escape), to: .custom("escape"))
            editor.customCommandHandler = { name, editor in
                if name == "escape" { editor.text = "escaped" }
            }
            let printer = try editor.makePrinter()
            let (outcome, reader) = Outcome.startReading(editor)
            #expect(try terminal.drain(until: terminal.showsEntry("> ")))
            let stop = Semaphore()
            let ticker = TestThread {
                var count = 0
                // A message every 5 ms, as an app's progress would come, until the test is done.
                while sem_trywait(stop.pointer) != 0 {
                    var interval = timespec(tv_sec: 0, tv_nsec: 5_000_000)
                    nanosleep(&interval, nil)
                    count += 1
                    printer.print("tick \(count)")
                }
            }
            #expect(try terminal.drain { $0.text.contains("tick 3") })
            try terminal.type("\u{1B}")
            #expect(try terminal.drain(timeout: 5, until: terminal.showsEntry("> escaped")), "\(terminal.screen.lines)")
            stop.post()
            ticker.join()
            try terminal.type("\r")
            reader.join()
            #expect(outcome.entry == "escaped")
        }

        /// A printer made while an entry is read, which the session does not watch, holds its
        /// messages until the entry ends instead of writing into the frame being drawn.
        @Test func aPrinterMadeWhileReadingPrintsBelowTheEntryWhenItEnds() throws {
            let terminal = try EditorScreen(columns: 40, rows: 10)
            let editor = EditorScreen.makeEditor(on: terminal.terminal)
            editor.keyMap.bind(.control("t"), to: .custom("print"))
            editor.customCommandHandler = { name, editor in
                if name == "print" { try? editor.makePrinter().print("made while reading") }
            }
            let (outcome, reader) = Outcome.startReading(editor)
            #expect(try terminal.drain(until: terminal.showsEntry("> ")))
            try terminal.type("a\u{14}b")
            #expect(try terminal.drain(until: terminal.showsEntry("> ab")))
            #expect(!terminal.screen.text.contains("made while reading"))
            try terminal.type("\r")
            reader.join()
            #expect(outcome.entry == "ab")
            #expect(try terminal.drain { $0.line(1) == "made while reading" })
            #expect(terminal.screen.lines.prefix(3) == ["> ab", "made while reading", ""])
        }

        /// Without a terminal the editor draws nothing, and a message is written as it is, ended
        /// with a line break when it has none.
        @Test func inPipedModeMessagesAreWrittenAsTheyAre() throws {
            let input = try Pipe()
            let output = try Pipe()
            let editor = LineEditor(prompt: "> ", input: input.readEnd, output: output.writeEnd)
            let printer = try editor.makePrinter()
            printer.print("\u{1B}[31mred\u{1B}[0m\r50%", terminator: "")
            printer.print(" and more")
            try input.writeEnd.writeAll(Array("entry\n".utf8))
            #expect(try editor.readLine() == "entry")
            try output.writeEnd.close()
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = try buffer.withUnsafeMutableBytes { try output.readEnd.read(into: $0) }
            #expect(String(decoding: buffer.prefix(count), as: UTF8.self) == "\u{1B}[31mred\u{1B}[0m\r50%\n and more\n")
        }
    }
}
