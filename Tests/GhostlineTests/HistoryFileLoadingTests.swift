import Glibc
import Synchronization
import Testing
@testable import Ghostline
import GhostlineCore
import GhostlineTesting

/// A history file is read when it is set, and its lines become the history once the prompt is
/// on the screen, or sooner when something asks for the history.
@Suite struct HistoryFileLoadingTests {
    @Test func theLinesReadBecomeTheHistoryWhenItIsAskedFor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("one\ntwo\n", to: path)
        let editor = LineEditor()
        editor.historyFile = HistoryFile(path: path)
        #expect(editor.isHistoryFileUnread, "opened, not yet read")
        #expect(Array(editor.history.entries) == ["one", "two"])
        #expect(!editor.isHistoryFileUnread)
    }

    @Test func aHistorySetAfterTheFileReplacesTheFilesEntries() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("one\ntwo\n", to: path)
        let editor = LineEditor()
        editor.historyFile = HistoryFile(path: path)
        editor.history = History(entries: ["mine"])
        #expect(Array(editor.history.entries) == ["mine"])
    }

    /// The prompt is drawn first, as it is without a history, and the suggestion the initial
    /// text has in the file's history is drawn after it.
    @Test func thePromptIsDrawnBeforeTheFilesLinesBecomeTheHistory() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("git status\nls\n", to: path)

        let plain = try LineEditorDriver(columns: 30, rows: 4)
        try plain.start(makeEditor(on: plain), initialText: "git")
        let loaded = try LineEditorDriver(columns: 30, rows: 4)
        let loadedEditor = makeEditor(on: loaded)
        loadedEditor.history = History(entries: ["git status", "ls"])
        try loaded.start(loadedEditor, initialText: "git")

        let driver = try LineEditorDriver(columns: 30, rows: 4)
        let editor = makeEditor(on: driver)
        editor.historyFile = HistoryFile(path: path)
        // Asked for the text's spans as the first frame is made, on the reading thread.
        let watcher = LoadWatcher(editor: editor)
        editor.highlighter = watcher
        try driver.start(editor, initialText: "git")
        #expect(watcher.wereLinesUnreadAtFirstFrame == true, "the first frame drawn before the lines became the history")
        #expect(driver.outputBytes.starts(with: plain.outputBytes), "the prompt as without a history, first")
        #expect(driver.screen.lines == loaded.screen.lines)
        #expect(driver.screen.line(0) == "> git status")
        #expect(driver.screen[0, 5].attributes == loaded.screen[0, 5].attributes)
        #expect(driver.screen.cursorColumn == 5)
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("git"))
    }

    /// Every key is handled after the lines became the history: Up recalls the file's newest entry.
    @Test func theFirstKeyAlreadyHasTheFilesEntries() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history")
        try writeFile("first\nnewest\n", to: path)
        let driver = try LineEditorDriver(columns: 30, rows: 4)
        let editor = makeEditor(on: driver)
        editor.historyFile = HistoryFile(path: path)
        try driver.start(editor)
        try driver.press(.key(.up))
        #expect(driver.screen.line(0) == "> newest")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("newest"))
    }
}

extension HistoryFileLoadingTests {
    /// `/proc/self/mem` opens as a regular file, and reading its first bytes fails (nothing is
    /// mapped at address 0): a file that opens but cannot be read.
    @Test func aFileThatCannotBeReadWhileThePromptIsUpIsReportedAfterTheEntry() throws {
        let path = "/proc/self/mem"
        let driver = try LineEditorDriver(columns: 30, rows: 4)
        let editor = makeEditor(on: driver)
        let failures = Mutex<[HistoryFileError]>([])
        editor.historyFileErrorHandler = { error in failures.withLock { $0.append(error) } }
        editor.historyFile = HistoryFile(path: path)
        try driver.start(editor)
        #expect(failures.withLock { $0.isEmpty }, "opened: nothing to say before the prompt")
        try driver.type("x")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("x"))
        #expect(failures.withLock { $0 } == [HistoryFileError(path: path, operation: .load, reason: .system(Errno(rawValue: EIO)))])
        try driver.start(editor)
        try driver.press(.control("d"))
        #expect(failures.withLock { $0.count } == 1, "told once")
    }
}

/// A highlighter that notes whether the history file's lines were still unread when it was
/// first asked, which is while the first frame is made.
private final class LoadWatcher: Highlighter {
    private unowned let editor: LineEditor
    private(set) var wereLinesUnreadAtFirstFrame: Bool?

    init(editor: LineEditor) {
        self.editor = editor
    }

    func spans(for text: String) -> [StyleSpan] {
        if wereLinesUnreadAtFirstFrame == nil { wereLinesUnreadAtFirstFrame = editor.isHistoryFileUnread }
        return []
    }
}
