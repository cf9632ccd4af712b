import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// `Editor.type(ascii:)` against the way every key takes: the same bytes decoded into a `.text`
/// event and handled must leave the same text, cursor, change events, undo steps and suggestion.
@Suite struct EditorTypingTests {
    private static func typed(_ editor: inout Editor, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { editor.type(ascii: $0) }
    }

    private static func expectSame(_ lane: Editor, _ keys: Editor, _ context: String) {
        #expect(lane.state.text == keys.state.text, "\(context)")
        #expect(lane.state.cursor == keys.state.cursor, "\(context)")
        #expect(lane.pendingChanges == keys.pendingChanges, "\(context)")
        #expect(lane.suggestionSuffix == keys.suggestionSuffix, "\(context)")
    }

    @Test func randomTypingMatchesHandlingTheDecodedText() {
        var random = SplitMix64(seed: 42)
        let history = History(entries: ["make test", "make run", "git status", "git stash pop"])
        var lane = Editor(history: history)
        var keys = Editor(history: history)
        for step in 0..<400 {
            // Runs of one to five keys, as reads of fast typing return them; spaces often, so
            // that undo steps end at words.
            let run = String((0...(random.next() % 5)).map { _ in
                random.next() % 4 == 0 ? " " : Character(UnicodeScalar(UInt8(0x21 + random.next() % 94)))
            })
            #expect(Self.typed(&lane, run))
            _ = keys.handle(.text(run))
            Self.expectSame(lane, keys, "step \(step), typed \(run)")
            if random.next() % 25 == 0 {
                // Now and then a key that is not typing: the two must still agree afterwards.
                let event: KeyEvent = [.key(.backspace), .control("w"), .control("u")][Int(random.next() % 3)]
                _ = lane.handle(event)
                _ = keys.handle(event)
            }
            lane.pendingChanges.removeAll()
            keys.pendingChanges.removeAll()
        }
        for step in 0..<100 {
            _ = lane.handle(.control("_"))
            _ = keys.handle(.control("_"))
            Self.expectSame(lane, keys, "undo \(step)")
        }
    }

    /// With no veto and no one to tell, typing takes a shorter way (no change records, undo
    /// ranges widened in place): text, cursor, undo and redo must still be the decoded keys'.
    @Test func typingWithNoOneToTellMatchesHandlingTheDecodedText() {
        var random = SplitMix64(seed: 7)
        var lane = Editor()
        lane.recordsChanges = false
        var keys = Editor()
        let others: [KeyEvent] = [.key(.backspace), .control("w"), .key(.left), .key(.end), .text("中"), .text("\u{3000}"),
                                  .text("e\u{301}"), .control("_"), .alt("_")]
        for step in 0..<600 {
            if random.next() % 6 == 0 {
                let event = others[Int(random.next() % UInt64(others.count))]
                _ = lane.handle(event)
                _ = keys.handle(event)
            } else {
                let run = String((0...(random.next() % 3)).map { _ in
                    random.next() % 4 == 0 ? " " : Character(UnicodeScalar(UInt8(0x21 + random.next() % 94)))
                })
                if !Self.typed(&lane, run) { _ = lane.handle(.text(run)) }
                _ = keys.handle(.text(run))
            }
            #expect(lane.state.text == keys.state.text && lane.state.cursor == keys.state.cursor, "step \(step)")
        }
        for step in 0..<300 {
            _ = lane.handle(.control("_"))
            _ = keys.handle(.control("_"))
            #expect(lane.state.text == keys.state.text && lane.state.cursor == keys.state.cursor, "undo \(step)")
        }
        for step in 0..<300 {
            _ = lane.handle(.alt("_"))
            _ = keys.handle(.alt("_"))
            #expect(lane.state.text == keys.state.text && lane.state.cursor == keys.state.cursor, "redo \(step)")
        }
    }

    @Test func aVetoRefusesOnlyTheKeyItMeans() {
        let noDigits: (TextChange, EditorState) -> Bool = { change, _ in !change.replacement.utf8.contains { (0x30...0x39).contains($0) } }
        var lane = Editor(text: "x")
        var keys = Editor(text: "x")
        lane.shouldChangeText = noDigits
        keys.shouldChangeText = noDigits
        #expect(Self.typed(&lane, "a1b2"))
        _ = keys.handle(.text("a1b2"))
        #expect(lane.state.text == "xab")
        Self.expectSame(lane, keys, "veto")
    }

    @Test func onlyPlainTypingAtALineEndIsTaken() {
        var inside = Editor(marked: "ab|c")
        #expect(!Self.typed(&inside, "x"), "the cursor inside a line")
        #expect(inside.marked == "ab|c")

        var editor = Editor(text: "ab")
        #expect(!Self.typed(&editor, "x\u{7F}"), "DEL is a key")
        #expect(!Self.typed(&editor, "x\u{1B}"), "ESC starts a sequence")
        #expect(!Self.typed(&editor, "é"), "not ASCII")
        #expect(!Self.typed(&editor, ""))
        #expect(!Self.typed(&editor, String(repeating: "a", count: Editor.longestTypedRun + 1)), "a paste")
        #expect(editor.state.text == "ab" && editor.pendingChanges.isEmpty, "nothing changed")

        var searching = Editor(history: History(entries: ["abc"]))
        _ = searching.handle(.control("r"))
        #expect(!Self.typed(&searching, "a"), "a search takes typing as its query")

        var chord = Editor(text: "ab")
        _ = chord.handle(.control("x"))
        #expect(!Self.typed(&chord, "u"), "Ctrl-X waits for its second key")

        var listing = Editor(text: "a")
        listing.completion = { _ in ["alpha", "alps"] }
        _ = listing.handle(.key(.tab))
        _ = listing.handle(.key(.tab))
        #expect(!listing.completionListing.isEmpty)
        #expect(!Self.typed(&listing, "l"), "the next key erases the listing")
    }

    @Test func textAlonePresentsNoGhostPromptOrFooter() {
        #expect(!Editor().presentsTextAlone, "the placeholder shows on an empty entry")
        #expect(Editor(text: "abc").presentsTextAlone)
        var suggesting = Editor(history: History(entries: ["abcdef"]))
        suggesting.type("abc")
        #expect(!suggesting.presentsTextAlone, "a suggestion shows")
        var searching = Editor(text: "abc")
        _ = searching.handle(.control("r"))
        #expect(!searching.presentsTextAlone, "the search prompt shows")
    }
}
