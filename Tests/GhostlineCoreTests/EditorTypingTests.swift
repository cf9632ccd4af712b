import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// Keys read together arrive as one `.text` event: each character is still its own edit, as if
/// typed one at a time, so a veto refuses only the key it means and undo groups them by word.
@Suite struct EditorTypingTests {
    @Test func keysReadTogetherAreEditsOneByOne() {
        var random = SplitMix64(seed: 42)
        let history = History(entries: ["make test", "make run", "git status", "git stash pop"])
        var together = Editor(history: history)
        var oneByOne = Editor(history: history)
        for step in 0..<400 {
            let run = String((0...(random.next() % 5)).map { _ in
                random.next() % 4 == 0 ? " " : Character(UnicodeScalar(UInt8(0x21 + random.next() % 94)))
            })
            _ = together.handle(.text(run))
            for character in run { _ = oneByOne.handle(.text(String(character))) }
            #expect(together.state.text == oneByOne.state.text && together.state.cursor == oneByOne.state.cursor,
                    "step \(step)")
            #expect(together.pendingChanges == oneByOne.pendingChanges, "step \(step)")
            #expect(together.suggestionSuffix == oneByOne.suggestionSuffix, "step \(step)")
            together.pendingChanges.removeAll()
            oneByOne.pendingChanges.removeAll()
        }
        for step in 0..<100 {
            _ = together.handle(.control("_"))
            _ = oneByOne.handle(.control("_"))
            #expect(together.state.text == oneByOne.state.text, "undo \(step)")
        }
    }

    @Test func aVetoRefusesOnlyTheKeyItMeans() {
        var editor = Editor(text: "x")
        editor.shouldChangeText = { change, _ in !change.replacement.utf8.contains { (0x30...0x39).contains($0) } }
        _ = editor.handle(.text("a1b2"))
        #expect(editor.state.text == "xab")
        #expect(editor.pendingChanges.map(\.replacement) == ["a", "b"])
    }
}
