import Testing
@testable import GhostlineCore

/// `Editor.willReadHistory`: asked as a walk through history or a search of it starts, so that
/// entries saved elsewhere meanwhile (by other sessions) take part, and not on the keys within one.
@Suite struct EditorWillReadHistoryTests {
    /// An editor whose history gains `arrived` the first time it is asked, and which counts how
    /// often it was asked.
    private final class Source {
        var arrived: [String]
        var asked = 0

        init(arrived: [String]) {
            self.arrived = arrived
        }

        func update(_ history: inout History) {
            asked += 1
            for entry in arrived { history.add(entry) }
            arrived = []
        }
    }

    private func editor(history: [String], arriving: [String]) -> (Editor, Source) {
        var editor = Editor(history: History(entries: history))
        let source = Source(arrived: arriving)
        editor.willReadHistory = { source.update(&$0) }
        return (editor, source)
    }

    @Test func upSeesWhatArrivedAndAsksOncePerWalk() {
        var (editor, source) = editor(history: ["old"], arriving: ["new"])
        editor.type("draft")
        #expect(source.asked == 0, "typing does not ask")
        _ = editor.perform(.historyPrevious)
        #expect(editor.state.text == "new")
        _ = editor.perform(.historyPrevious)
        #expect(editor.state.text == "old")
        _ = editor.perform(.historyNext)
        _ = editor.perform(.historyNext)
        #expect(editor.state.text == "draft")
        #expect(source.asked == 1, "the keys within the walk do not ask again")
        _ = editor.perform(.historyNext)
        #expect(source.asked == 1, "Down from the draft walks nowhere")
        _ = editor.perform(.historyPrevious)
        #expect(source.asked == 2, "a new walk asks again")
    }

    @Test func aPrefixSearchSeesWhatArrived() {
        var (editor, source) = editor(history: ["git status", "ls"], arriving: ["git push", "make"])
        editor.type("git")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.state.text == "git push")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.state.text == "git status")
        #expect(source.asked == 1)
    }

    @Test func reverseSearchSeesWhatArrivedAndAsksOnceForAllItsKeys() {
        var (editor, source) = editor(history: ["ls", "make"], arriving: ["deploy now"])
        _ = editor.press(.control("r"))
        for character in "deploy" { _ = editor.press(.text(String(character))) }
        #expect(editor.state.text == "deploy now")
        _ = editor.press(.control("r"))
        #expect(source.asked == 1)
    }

    /// A secret entry reads no history at all: not by Up, Ctrl-R, nor a prefix search.
    @Test func aSecretEntryNeitherAsksNorRecallsByPrefix() {
        var (editor, source) = editor(history: ["make test"], arriving: ["make deploy"])
        editor.isSecret = true
        editor.type("ma")
        _ = editor.perform(.historySearchBackward)
        #expect(editor.state.text == "ma")
        _ = editor.perform(.historyPrevious)
        _ = editor.press(.control("r"))
        #expect(source.asked == 0)
    }

    @Test func withoutItTheHistoryIsReadAsItIs() {
        var editor = Editor(history: History(entries: ["only"]))
        _ = editor.perform(.historyPrevious)
        #expect(editor.state.text == "only")
    }
}
