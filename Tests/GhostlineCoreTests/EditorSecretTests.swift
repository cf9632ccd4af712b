import Testing
@testable import GhostlineCore

/// A secret entry: shown as its mask, kept out of history, recalling nothing from it, its kills
/// kept from every other entry.
@Suite struct EditorSecretTests {
    private static func secretEditor(history: [String] = []) -> Editor {
        var editor = Editor(history: History(entries: history))
        editor.isSecret = true
        return editor
    }

    @Test func theEntryIsNotAddedToHistory() {
        var editor = Self.secretEditor(history: ["older"])
        editor.type("hunter2")
        #expect(editor.press(.key(.enter)) == .submit("hunter2"))
        #expect(Array(editor.history.entries) == ["older"])
    }

    @Test func upDownAndReverseSearchRecallNothing() {
        var editor = Self.secretEditor(history: ["make test", "ls"])
        editor.type("pw")
        editor.press(.key(.up))
        #expect(editor.marked == "pw|")
        editor.press(.key(.down))
        #expect(editor.marked == "pw|")
        editor.press(.control("r"))
        #expect(!editor.isSearching)
        editor.type("ma")
        #expect(editor.marked == "pwma|", "the keys are typed into the secret, not a search query")
        #expect(editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil).prompt == "> ")
    }

    @Test func nothingIsSuggested() {
        var editor = Self.secretEditor(history: ["make test"])
        editor.suggestion = { _ in "make test --all" }
        editor.type("ma")
        #expect(editor.suggestionSuffix == nil)
        #expect(editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil).suggestion == nil)
        editor.press(.key(.right))
        #expect(editor.marked == "ma|", "Right accepts nothing")
    }

    @Test func tabCompletesAndListsNothing() {
        var editor = Self.secretEditor()
        editor.completion = { _ in ["apple", "apricot"] }
        editor.type("a")
        editor.press(.key(.tab), .key(.tab))
        #expect(editor.marked == "a|")
        #expect(editor.completionListing.isEmpty)
    }

    @Test func editingKeysWork() {
        var editor = Self.secretEditor()
        editor.type("abcd")
        editor.press(.key(.left), .control("t"), .key(.backspace), .control("a"), .control("d"))
        _ = editor.handle(.paste("PQ"))
        #expect(editor.marked == "PQ|bd")
        editor.press(.control("_"))
        #expect(editor.state.text == "bd")
    }

    @Test func aKillInASecretEntryIsNeverYankedInAnother() {
        var editor = Editor()
        editor.type("shared")
        editor.press(.control("u"))
        editor.startNewEntry()
        editor.isSecret = true
        editor.type("secret")
        editor.press(.control("u"))
        editor.press(.control("y"))
        #expect(editor.state.text == "secret", "within the secret entry its own kill yanks back")
        _ = editor.press(.key(.enter))
        editor.startNewEntry()
        editor.press(.control("y"))
        #expect(editor.state.text == "", "the next secret entry starts with no kills")
        editor.isSecret = false
        editor.press(.control("y"))
        #expect(editor.state.text == "shared", "the shared ring never held the secret")
    }

    @Test func thePresentationCarriesTheMaskAndNoHighlights() {
        var editor = Self.secretEditor()
        editor.highlighter = LetHighlighter()
        editor.mask = .asterisk
        editor.type("let")
        let presentation = editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
        #expect(presentation.mask == .asterisk)
        #expect(presentation.highlights == nil, "a highlighter never sees a secret")
        editor.isSecret = false
        let shown = editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
        #expect(shown.mask == nil)
        #expect(shown.highlights?.spans(ofLine: 0) == [StyleSpan(0..<3, style: LetHighlighter.style)])
    }

    @Test func upAndDownMoveByRowsOfMasks() {
        // Ten wide characters masked in 8 columns: "> ••••••" then "••••"; unmasked they would
        // take three rows.
        var editor = Self.secretEditor()
        editor.geometry = TextGeometry(width: 8, firstLineStart: 2, otherLinesStart: 2)
        editor.isMultiline = true
        editor.type(String(repeating: "中", count: 10))
        editor.press(.key(.up))
        #expect(editor.state.cursor == TextPosition(line: 0, offset: 2 * 3), "at the fifth column: after two masks")
        editor.press(.key(.down))
        #expect(editor.state.cursor == editor.state.endPosition)
    }
}

/// The highlighter is asked once per change of the text, however often the editor presents it.
@Suite struct EditorHighlighterTests {
    private static func present(_ editor: Editor) -> Presentation {
        editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
    }

    @Test func itIsAskedOncePerChangeOfTheText() {
        let counting = CountingHighlighter()
        var editor = Editor()
        editor.highlighter = counting
        editor.type("let")
        for _ in 0..<3 { _ = Self.present(editor) }
        #expect(counting.calls == 1)
        editor.press(.key(.left), .key(.right))
        _ = Self.present(editor)
        #expect(counting.calls == 1, "moving the cursor changes no text")
        editor.type(" x")
        _ = Self.present(editor)
        _ = Self.present(editor)
        #expect(counting.calls == 2)
        #expect(Self.present(editor).highlights?.spans(ofLine: 0) == [StyleSpan(0..<3, style: LetHighlighter.style)])
    }

    @Test func copiesThatPartKeepTheirOwnHighlights() {
        var editor = Editor()
        editor.highlighter = LetHighlighter()
        editor.type("le")
        _ = Self.present(editor)
        var other = editor
        editor.type("t")
        other.type("x")
        #expect(Self.present(editor).highlights?.spans(ofLine: 0) == [StyleSpan(0..<3, style: LetHighlighter.style)])
        #expect(Self.present(other).highlights?.spans(ofLine: 0) == [])
        #expect(Self.present(editor).highlights?.spans(ofLine: 0) == [StyleSpan(0..<3, style: LetHighlighter.style)])
    }
}
