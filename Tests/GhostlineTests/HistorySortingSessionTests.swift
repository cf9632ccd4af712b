import Ghostline
@testable import GhostlineCore
import GhostlineTesting
import Testing

/// The session sorts the history's entries by their bytes while it waits for keys (see
/// `History.hasIndexingToDo`), and the suggestions it then draws come through that order.
@Suite struct HistorySortingSessionTests {
    @Test func theHistoryIsSortedWhileTheSessionWaitsAndSuggestsFromIt() throws {
        let driver = try LineEditorDriver(columns: 40, rows: 4)
        let editor = LineEditor(prompt: "> ", input: driver.input, output: driver.output)
        editor.history = History(entries: (0..<5_000).map { "git commit -m \"fix \($0)\"" } + ["make test"])
        #expect(editor.history.hasIndexingToDo && !editor.history.isIndexed)
        try driver.start(editor)
        // Each key returns once the session waits again: by then it has sorted.
        try driver.type("git commit -m \"fix 12")
        #expect(driver.screen.line(0) == "> git commit -m \"fix 1299\"")
        // Recalled, then extended: text that no entry extends, looked up afresh.
        try driver.press(.control("u"), .key(.up))
        try driver.type(" -")
        #expect(driver.screen.line(0) == "> make test -")
        try driver.press(.control("u"))
        try driver.type("git commit -m \"fix 49")
        #expect(driver.screen.line(0) == "> git commit -m \"fix 4999\"")
        try driver.press(.key(.enter))
        #expect(driver.result == .submitted("git commit -m \"fix 49"))
        #expect(editor.history.isIndexed && !editor.history.hasIndexingToDo)
    }
}
