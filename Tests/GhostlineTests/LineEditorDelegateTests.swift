import Synchronization
import Testing
import Ghostline
import GhostlineTesting

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

/// A `LineEditor` in this process, drawing on the test kit's terminal.
@Suite struct LineEditorDelegateTests {
    @Test func vetoesAndProgrammaticChangesRedrawTheEntryAndThePlaceholder() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 5)
        let editor = makeEditor(on: driver, placeholder: "ghost")
        let delegate = RecordingDelegate()
        editor.delegate = delegate
        try driver.start(editor)
        #expect(driver.screen.line(0) == "> ghost")

        try driver.type("ab1c")
        #expect(driver.screen.line(0) == "> abc", "the digit is vetoed")
        try driver.press(.control("u"))
        #expect(driver.screen.line(0) == "> ghost", "Ctrl-U empties: placeholder back")
        try driver.type("clear")
        #expect(delegate.events.contains("change clear"))
        #expect(driver.screen.line(0) == "> ghost" && driver.screen[0, 2].attributes.foreground == .brightBlack,
                "the delegate set the text to empty: placeholder redrawn, \(driver.screen.lines) \(driver.screen[0, 2])")

        try driver.type("x\r")
        #expect(driver.result == .submitted("x"))
        #expect(delegate.events.first == "begin" && delegate.events.last == "end")
        #expect(delegate.events.contains("change abc") && !delegate.events.contains("change ab1c"))
        #expect(delegate.events.filter { $0 == "change " }.count == 1, "only Ctrl-U emptied the text through an edit: \(delegate.events)")
        #expect(driver.modes == .initial, "the terminal is restored")
    }

    @Test func aDelegateSetWhileEditingIsAskedFromThenOn() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 5)
        let editor = makeEditor(on: driver)
        let delegate = RecordingDelegate()
        editor.keyMap.bind(.control("t"), to: .custom("attach"))
        editor.customCommandHandler = { name, editor in
            if name == "attach" { editor.delegate = delegate }
        }
        try driver.start(editor)
        try driver.type("a1")
        #expect(driver.screen.line(0) == "> a1", "no delegate, no veto")
        try driver.press(.control("t"))
        try driver.type("2b3")
        #expect(driver.screen.line(0) == "> a1b", "the new delegate vetoes digits: \(driver.screen.lines)")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("a1b"))
    }

    @Test func aDelegateMayReadTheTextWhileItDecides() throws {
        final class LengthLimit: LineEditorDelegate {
            func lineEditor(_ editor: LineEditor, shouldChangeTextIn range: Range<TextPosition>, replacementText: String) -> Bool {
                editor.text.count + replacementText.count <= 3
            }
        }
        let driver = try LineEditorDriver(columns: 40, rows: 5)
        let editor = makeEditor(on: driver)
        let limit = LengthLimit()
        editor.delegate = limit
        try driver.start(editor)
        try driver.type("abcdef")
        #expect(driver.screen.line(0) == "> abc", "\(driver.screen.lines)")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("abc"))
    }
}
