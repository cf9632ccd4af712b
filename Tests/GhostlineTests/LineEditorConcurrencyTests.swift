import Glibc
import Synchronization
import Testing
@testable import Ghostline
import GhostlineConcurrency
import GhostlineTerminal
import GhostlineTestSupport
import GhostlineTesting

extension ProcessWideStateTests {
    @Suite struct LineEditorConcurrencyTests {
        @Test func readsAnEntryInATask() async throws {
            let terminal = try EditorScreen()
            let descriptor = terminal.terminal
            let task = Task { try await EditorScreen.makeEditor(on: descriptor).readLineAsync() }
            #expect(try await terminal.drainLettingTasksRun(until: terminal.showsEntry("> ")))
            try terminal.type("hello\r")
            #expect(try await task.value == "hello")
        }

        /// Two entries awaited one after the other on the same editor: the second prompt comes
        /// up below the first entry, and the history holds the first for Up.
        @Test func twoEntriesAwaitedInSequence() async throws {
            let terminal = try EditorScreen()
            let descriptor = terminal.terminal
            let task = Task {
                let editor = EditorScreen.makeEditor(on: descriptor)
                let first = try await editor.readLineAsync()
                let second = try await editor.readLineAsync()
                return (first, second)
            }
            #expect(try await terminal.drainLettingTasksRun(until: terminal.showsEntry("> ")))
            try terminal.type("first\r")
            #expect(try await terminal.drainLettingTasksRun { $0.line(0) == "> first" && $0.cursorRow == 1 && terminal.showsEntry("> ")($0) })
            try terminal.type("\u{1B}[A")
            #expect(try await terminal.drainLettingTasksRun { $0.line(1) == "> first" })
            try terminal.type(" again\r")
            let (first, second) = try await task.value
            #expect(first == "first")
            #expect(second == "first again")
        }

        /// Cancelling ends the entry as Ctrl-C would, the text left on screen and the terminal
        /// restored byte for byte, and the task learns it from `CancellationError`.
        @Test func cancellingTheTaskEndsTheEntryAndRestoresTheTerminal() async throws {
            let terminal = try EditorScreen()
            let before = attributeBytes(of: terminal.terminal)
            let descriptor = terminal.terminal
            let task = Task { try await EditorScreen.makeEditor(on: descriptor).readLineAsync() }
            #expect(try await terminal.drainLettingTasksRun(until: terminal.showsEntry("> ")))
            try terminal.type("ab")
            #expect(try await terminal.drainLettingTasksRun(until: terminal.showsEntry("> ab")))
            #expect(terminal.screen.bracketedPasteEnabled)
            #expect(attributeBytes(of: terminal.terminal) != before, "raw mode while reading")
            task.cancel()
            let ended = try await terminal.drainLettingTasksRun { !$0.bracketedPasteEnabled && $0.cursorRow == 1 && $0.cursorColumn == 0 }
            #expect(ended, "the entry ended without a key: \(terminal.screen.lines)")
            // Should the cancellation not have ended it, a key does, so the test fails instead of hanging.
            if !ended { try terminal.type("\r") }
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(terminal.screen.line(0) == "> ab")
            #expect(terminal.output.text(after: "ab") == "\r\n\u{1B}[?2004l", "every mode undone after the last frame")
            #expect(attributeBytes(of: terminal.terminal) == before)
        }

        @Test func aTaskCancelledBeforeItAsksLeavesTheTerminalAlone() async throws {
            let terminal = try EditorScreen()
            let before = attributeBytes(of: terminal.terminal)
            let descriptor = terminal.terminal
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await EditorScreen.makeEditor(on: descriptor).readLineAsync()
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(bytesAvailable(on: terminal.pty.controller) == 0, "nothing was drawn")
            #expect(attributeBytes(of: terminal.terminal) == before)
        }

        /// Without a terminal the read waits in `poll` beside the cancellation, so a task reading
        /// a pipe that stays quiet still ends when it is cancelled.
        @Test func cancellingEndsAReadFromAQuietPipe() async throws {
            let input = try Pipe()
            let output = try Pipe()
            let readEnd = input.readEnd, writeEnd = output.writeEnd
            let finished = Mutex(false)
            let task = Task {
                defer { finished.withLock { $0 = true } }
                return try await LineEditor(input: readEnd, output: writeEnd).readLineAsync()
            }
            try input.writeEnd.writeAll(Array("part of a line".utf8))
            // Read by the editor, which now waits for the rest of the line.
            let deadline = MonotonicClock.now() + 10
            while bytesAvailable(on: input.readEnd) > 0 && MonotonicClock.now() < deadline {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            task.cancel()
            while !finished.withLock({ $0 }) && MonotonicClock.now() < deadline {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            #expect(finished.withLock { $0 }, "the cancelled read ended")
            // Should it not have ended, the rest of the line ends it, so the test fails instead of hanging.
            if !finished.withLock({ $0 }) { try input.writeEnd.writeAll(Array("\n".utf8)) }
            await #expect(throws: CancellationError.self) { try await task.value }
        }

        @Test func entriesAreReadOneAfterAnotherUntilTheEndOfInput() async throws {
            let terminal = try EditorScreen()
            let descriptor = terminal.terminal
            let task = Task {
                var lines: [String] = []
                for try await line in EditorScreen.makeEditor(on: descriptor).entries { lines.append(line) }
                return lines
            }
            #expect(try await terminal.drainLettingTasksRun(until: terminal.showsEntry("> ")))
            try terminal.type("one\r")
            #expect(try await terminal.drainLettingTasksRun { $0.line(0) == "> one" && $0.line(1) == ">" && $0.cursorRow == 1 })
            try terminal.type("two\r")
            #expect(try await terminal.drainLettingTasksRun { $0.line(1) == "> two" && $0.line(2) == ">" && $0.cursorRow == 2 })
            try terminal.type("\u{4}")
            #expect(try await task.value == ["one", "two"])
        }

        /// More reads at once than the cooperative pool has threads: each is drawn and answered,
        /// so none holds a thread of the pool while it waits for keys.
        @Test func readsWaitingAtOnceHoldNoThreadOfThePool() async throws {
            let count = min(32, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) + 2)
            let terminals = try (0..<count).map { _ in try EditorScreen() }
            let tasks = terminals.map { terminal in
                let descriptor = terminal.terminal
                return Task { try await EditorScreen.makeEditor(on: descriptor).readLineAsync() }
            }
            for terminal in terminals {
                #expect(try await terminal.drainLettingTasksRun(until: terminal.showsEntry("> ")))
            }
            for (index, terminal) in terminals.enumerated() { try terminal.type("entry \(index)\r") }
            for (index, task) in tasks.enumerated() {
                #expect(try await task.value == "entry \(index)")
            }
        }
    }
}
