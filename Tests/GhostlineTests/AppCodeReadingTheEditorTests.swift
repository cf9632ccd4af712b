import Synchronization
import Testing
import Ghostline
import GhostlineTesting

/// A highlighter that reads the editor it colours each time it is asked, as an app's highlighter
/// that looks at the entry's history or mode would; it runs on the session's thread.
private final class ReadingHighlighter: Highlighter, @unchecked Sendable {
    unowned let editor: LineEditor
    private let seen = Mutex<[String]>([])

    var readings: [String] { seen.withLock { $0 } }

    init(editor: LineEditor) {
        self.editor = editor
    }

    func spans(for text: String) -> [StyleSpan] {
        let reading = "\(text) \(editor.text) \(editor.cursor.offset) \(editor.history.count) \(editor.isSecret)"
        seen.withLock { $0.append(reading) }
        return []
    }
}

/// A delegate that reads the editor while it decides on a change, and refuses digits.
private final class ReadingDelegate: LineEditorDelegate, @unchecked Sendable {
    private let seen = Mutex<[String]>([])
    var readings: [String] { seen.withLock { $0 } }

    func lineEditor(_ editor: LineEditor, shouldChangeTextIn range: Range<TextPosition>, replacementText text: String) -> Bool {
        let reading = "\(editor.text)|\(text) \(editor.history.count) \(editor.isSecret) \(editor.keyMap.allBindings.isEmpty)"
        seen.withLock { $0.append(reading) }
        return !text.contains { $0.isNumber }
    }
}

/// The app code the editor asks while it draws a key (the highlighter, the suggestion) may read
/// the editor. The entry session makes the presentation with the engine in place, being
/// accessed, so the engine hands the editor a copy of itself before it asks that code (`Editor.appCodeIsRunning`,
/// Docs/Architecture.md, "The engine is a plain stored property"); a change of who owns the
/// engine, or of how a frame reaches it, must keep these reads working.
@Suite struct AppCodeReadingTheEditorTests {
    @Test func theHighlighterAndTheSuggestionReadTheEditorWhileAKeyIsDrawn() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = makeEditor(on: driver)
        _ = editor.history.add("git status")
        let highlighter = ReadingHighlighter(editor: editor)
        editor.highlighter = highlighter
        let suggestionReadings = Mutex<[String]>([])
        editor.suggestion = { [unowned editor] context in
            let reading = "\(context.text) \(editor.text) \(editor.history.count)"
            suggestionReadings.withLock { $0.append(reading) }
            return editor.history.count > 0 && "git status".hasPrefix(context.text) ? "git status" : nil
        }
        try driver.start(editor)
        try driver.type("git")
        #expect(driver.screen.line(0) == "> git status")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("git"))
        #expect(highlighter.readings.contains("git git 3 1 false"), "\(highlighter.readings)")
        #expect(suggestionReadings.withLock { $0 }.contains("git git 1"), "\(suggestionReadings.withLock { $0 })")
    }

    /// The delegate deciding on a change reads more of the editor than its text and cursor.
    @Test func theDelegateReadsTheEditorWhileItDecidesOnAChange() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = makeEditor(on: driver)
        _ = editor.history.add("ls")
        let delegate = ReadingDelegate()
        editor.delegate = delegate
        try driver.start(editor)
        try driver.type("a1b")
        #expect(driver.screen.line(0) == "> ab")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("ab"))
        #expect(delegate.readings.prefix(3) == ["|a 1 false false", "a|1 1 false false", "a|b 1 false false"], "\(delegate.readings)")
    }

    /// Keys that run the app's code in the middle of a change: Right accepting the app's
    /// suggestion, Tab asking its completion. The code reads the editor as it was when the key
    /// came (it trapped as a simultaneous access to the engine before).
    @Test func theSuggestionAndTheCompletionReadTheEditorWhileAKeyChangesIt() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 6)
        let editor = makeEditor(on: driver)
        _ = editor.history.add("git status")
        let readings = Mutex<[String]>([])
        editor.suggestion = { [unowned editor] context in
            readings.withLock { $0.append("suggest \(context.text) \(editor.text) \(editor.history.count) \(editor.isSecret)") }
            return "git status".hasPrefix(context.text) ? "git status" : nil
        }
        editor.completion = { [unowned editor] context in
            readings.withLock { $0.append("complete \(context.word) \(editor.text) \(editor.cursor.offset) \(editor.history.count)") }
            return ["--short", "--shorter"].filter { $0.hasPrefix(context.word) }
        }
        try driver.start(editor)
        try driver.type("gi")
        try driver.press(.key(.right))
        #expect(driver.screen.line(0) == "> git status")
        try driver.type(" --sh")
        try driver.press(.key(.tab))
        #expect(driver.screen.line(0) == "> git status --short")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("git status --short"))
        let seen = readings.withLock { $0 }
        #expect(seen.contains("suggest gi gi 1 false"), "\(seen)")
        #expect(seen.contains("complete --sh git status --sh 15 1"), "\(seen)")
    }
}
