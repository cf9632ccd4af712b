import Glibc
import Synchronization
import Testing
@testable import Ghostline
import GhostlineTerminal
import GhostlineTesting
import GhostlineTestSupport

/// Hears the text-change events of a session and acts on them as an app would. The session runs
/// on a thread of its own, so the events are read through a lock.
private final class RecordingDelegate: LineEditorDelegate, @unchecked Sendable {
    private let recorded = Mutex<[String]>([])

    var events: [String] { recorded.withLock { $0 } }

    private func record(_ event: String) { recorded.withLock { $0.append(event) } }

    func lineEditorDidBeginEditing(_ editor: LineEditor) { record("begin") }

    func lineEditor(_ editor: LineEditor, shouldChangeTextIn range: Range<TextPosition>, replacementText: String) -> Bool {
        !replacementText.contains { $0.isNumber }
    }

    func lineEditorDidChange(_ editor: LineEditor) {
        record("change \(editor.text)")
        if editor.text == "clear" { editor.text = "" }
    }

    func lineEditorDidEndEditing(_ editor: LineEditor) { record("end") }
}

/// Runs a closure on a thread of its own, for a `readLine()` that blocks while the test types.
private final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<BackgroundThread>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
    }

    func join() { pthread_join(thread, nil) }
}

extension ProcessWideStateTests {
    /// A `LineEditor` in this process, drawing on a pseudo-terminal the test reads as a screen.
    @Suite struct LineEditorDelegateTests {
        private final class Outcome: @unchecked Sendable {
            var entry: String?
            var error: Error?
        }

        private func drain(_ pty: PseudoTerminal, into screen: inout VirtualScreen, until condition: (VirtualScreen) -> Bool) throws -> Bool {
            var chunk = [UInt8](repeating: 0, count: 4096)
            for _ in 0..<250 where !condition(screen) {
                guard try !waitForInput(on: [pty.controller], timeoutMilliseconds: 20).isEmpty else { continue }
                let count = try chunk.withUnsafeMutableBytes { try pty.controller.read(into: $0) }
                screen.feed(chunk[0..<count])
            }
            return condition(screen)
        }

        @Test func vetoesAndProgrammaticChangesRedrawTheEntryAndThePlaceholder() throws {
            let pty = try PseudoTerminal()
            let before = try TerminalAttributes.read(from: pty.terminal)
            let editor = LineEditor(prompt: "> ", placeholder: "ghost", input: pty.terminal, output: pty.terminal)
            editor.handlesSignals = false
            editor.usesColor = true
            // The test process's own environment (CI runs without TERM) must not decide the mode.
            editor.terminalType = "xterm-256color"
            let delegate = RecordingDelegate()
            editor.delegate = delegate
            let outcome = Outcome()
            let reader = BackgroundThread {
                do { outcome.entry = try editor.readLine() } catch { outcome.error = error }
            }
            var screen = VirtualScreen(columns: 40, rows: 5)
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> ghost" })

            try pty.controller.writeAll(Array("ab1c".utf8))
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> abc" }, "the digit is vetoed")

            try pty.controller.writeAll(Array("\u{15}".utf8))
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> ghost" }, "Ctrl-U empties: placeholder back")

            try pty.controller.writeAll(Array("clear".utf8))
            // The screen shows the placeholder before and after, so the test waits for the event.
            #expect(try drain(pty, into: &screen) { _ in delegate.events.contains("change clear") })
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> ghost" && $0[0, 2].attributes.foreground == .basic(8) },
                    "the delegate set the text to empty: placeholder redrawn, \(screen.lines) \(screen[0, 2])")

            try pty.controller.writeAll(Array("x\r".utf8))
            reader.join()
            #expect(outcome.error == nil)
            #expect(outcome.entry == "x")
            #expect(delegate.events.first == "begin" && delegate.events.last == "end")
            #expect(delegate.events.contains("change abc") && !delegate.events.contains("change ab1c"))
            #expect(delegate.events.contains("change clear"))
            #expect(delegate.events.filter { $0 == "change " }.count == 1, "only Ctrl-U emptied the text through an edit: \(delegate.events)")
            #expect(try TerminalAttributes.read(from: pty.terminal) == before, "the terminal is restored")
        }

        @Test func aDelegateSetWhileEditingIsAskedFromThenOn() throws {
            let pty = try PseudoTerminal()
            let editor = LineEditor(prompt: "> ", input: pty.terminal, output: pty.terminal)
            editor.handlesSignals = false
            editor.terminalType = "xterm-256color"
            let delegate = RecordingDelegate()
            editor.keyMap.bind(.control("t"), to: .custom("attach"))
            editor.customCommandHandler = { name, editor in
                if name == "attach" { editor.delegate = delegate }
            }
            let outcome = Outcome()
            let reader = BackgroundThread {
                do { outcome.entry = try editor.readLine() } catch { outcome.error = error }
            }
            var screen = VirtualScreen(columns: 40, rows: 5)
            #expect(try drain(pty, into: &screen) { $0.line(0).hasPrefix(">") })
            try pty.controller.writeAll(Array("a1".utf8))
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> a1" }, "no delegate, no veto")
            try pty.controller.writeAll(Array("\u{14}2b3".utf8))
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> a1b" }, "the new delegate vetoes digits: \(screen.lines)")
            try pty.controller.writeAll(Array("\r".utf8))
            reader.join()
            #expect(outcome.error == nil)
            #expect(outcome.entry == "a1b")
        }

        @Test func aDelegateMayReadTheTextWhileItDecides() throws {
            final class LengthLimit: LineEditorDelegate {
                func lineEditor(_ editor: LineEditor, shouldChangeTextIn range: Range<TextPosition>, replacementText: String) -> Bool {
                    editor.text.count + replacementText.count <= 3
                }
            }
            let pty = try PseudoTerminal()
            let editor = LineEditor(prompt: "> ", input: pty.terminal, output: pty.terminal)
            editor.handlesSignals = false
            editor.terminalType = "xterm-256color"
            let limit = LengthLimit()
            editor.delegate = limit
            let outcome = Outcome()
            let reader = BackgroundThread {
                do { outcome.entry = try editor.readLine() } catch { outcome.error = error }
            }
            var screen = VirtualScreen(columns: 40, rows: 5)
            #expect(try drain(pty, into: &screen) { $0.line(0).hasPrefix(">") })
            try pty.controller.writeAll(Array("abcdef".utf8))
            #expect(try drain(pty, into: &screen) { $0.line(0) == "> abc" }, "\(screen.lines)")
            try pty.controller.writeAll(Array("\r".utf8))
            reader.join()
            #expect(outcome.error == nil)
            #expect(outcome.entry == "abc")
        }
    }
}
