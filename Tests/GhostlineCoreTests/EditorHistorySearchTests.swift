import Testing
@testable import GhostlineCore

/// `historySearchBackward` / `historySearchForward`: Up and Down that keep the text before the
/// cursor as a prefix, as readline's `history-search-backward` / `-forward` do.
@Suite struct EditorHistorySearchTests {
    private static let history = History(entries: ["git status", "ls", "git commit", "make", "git push"])

    @Test func backwardStepsThroughEntriesWithThePrefix() {
        var editor = Editor(marked: "git|", history: Self.history)
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "git| push")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "git| commit")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "git| status")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "git| status", "no older match: nothing changes")
    }

    @Test func forwardComesBackToTheDraft() {
        var editor = Editor(marked: "git|x", history: Self.history)
        _ = editor.perform(.historySearchBackward)
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "git| commit")
        _ = editor.perform(.historySearchForward)
        #expect(editor.marked == "git| push")
        _ = editor.perform(.historySearchForward)
        #expect(editor.marked == "git|x")
        _ = editor.perform(.historySearchForward)
        #expect(editor.marked == "git|x", "not walking history: forward does nothing")
    }

    @Test func theCursorAtTheStartWalksEveryEntry() {
        var editor = Editor(marked: "|", history: Self.history)
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "|git push")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "|make")
    }

    @Test func itSharesThePlaceInHistoryWithUpAndDown() {
        var editor = Editor(marked: "git c|", history: Self.history)
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "git c|ommit")
        _ = editor.perform(.historyPrevious)
        #expect(editor.state.text == "ls")
        _ = editor.perform(.historyNext)
        _ = editor.perform(.historyNext)
        #expect(editor.state.text == "make")
    }

    @Test func noMatchLeavesTheTextAlone() {
        var editor = Editor(marked: "svn|", history: Self.history)
        _ = editor.perform(.historySearchBackward)
        #expect(editor.marked == "svn|")
        #expect(editor.pendingChanges.isEmpty)
    }

    /// readline binds Alt-P and Alt-N to its non-incremental search, and so does Ghostline; the
    /// prefix search is unbound, as in readline, and zsh's keys for it are a binding away.
    @Test func altPAndAltNAreTheNonIncrementalSearchAndThePrefixSearchIsABindingAway() {
        #expect(KeyMap.standard.command(for: [.alt("p")]) == .nonIncrementalSearchBackward)
        #expect(KeyMap.standard.command(for: [.alt("n")]) == .nonIncrementalSearchForward)
        #expect(!KeyMap.standard.allBindings.contains { $0.command == .historySearchBackward })
        #expect(!KeyMap.standard.allBindings.contains { $0.command == .historySearchForward })
        var keys = KeyMap.standard
        keys.bind(.alt("p"), to: .historySearchBackward)
        keys.bind(.alt("n"), to: .historySearchForward)
        var editor = Editor(marked: "ma|", keyMap: keys, history: Self.history)
        editor.press(.alt("p"))
        #expect(editor.marked == "ma|ke")
        editor.press(.alt("n"))
        #expect(editor.marked == "ma|")
    }

    @Test func theArrowsCanBeBoundToThem() {
        var keys = KeyMap.standard
        keys.bind(.key(.up), to: .historySearchBackward)
        keys.bind(.key(.down), to: .historySearchForward)
        var editor = Editor(marked: "git p|", keyMap: keys, history: Self.history)
        editor.press(.key(.up))
        #expect(editor.marked == "git p|ush")
        editor.press(.key(.down))
        #expect(editor.marked == "git p|")
    }
}
