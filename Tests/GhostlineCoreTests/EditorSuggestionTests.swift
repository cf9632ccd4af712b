import Testing
@testable import GhostlineCore
import GhostlineTestSupport

private func suggestingEditor() -> Editor {
    var editor = Editor(history: History(entries: ["git status", "git commit"]))
    editor.type("git s")
    return editor
}

@Test func theNewestHistoryEntryWithThePrefixIsSuggested() {
    var editor = Editor(history: History(entries: ["git status", "git commit"]))
    editor.type("git ")
    #expect(editor.suggestionSuffix == "commit")
    editor.type("s")
    #expect(editor.suggestionSuffix == "tatus")
    editor.type("x")
    #expect(editor.suggestionSuffix == nil)
}

@Test(arguments: [KeyEvent.key(.right), .key(.end), .control("f"), .control("e")])
func acceptingTheWholeSuggestion(key: KeyEvent) {
    var editor = suggestingEditor()
    editor.press(key)
    #expect(editor.marked == "git status|")
    #expect(editor.suggestionSuffix == nil)
}

@Test func altFAcceptsOneWord() {
    var editor = Editor(history: History(entries: ["git commit --amend"]))
    editor.type("git")
    editor.press(.alt("f"))
    #expect(editor.marked == "git commit|")
    #expect(editor.suggestionSuffix == " --amend")
    editor.press(.alt("f"))
    #expect(editor.marked == "git commit --amend|")
}

@Test func noSuggestionUnlessTheCursorIsAtTheEnd() {
    var editor = suggestingEditor()
    editor.press(.key(.left))
    #expect(editor.suggestionSuffix == nil)
    editor.press(.key(.right))
    #expect(editor.marked == "git s|")
    #expect(editor.suggestionSuffix == "tatus")
}

@Test func suggestionsCanBeSwitchedOffOrSuppliedByTheApp() {
    var editor = suggestingEditor()
    editor.showsSuggestions = false
    #expect(editor.suggestionSuffix == nil)
    editor.press(.key(.right))
    #expect(editor.marked == "git s|")
    editor.showsSuggestions = true
    editor.suggestion = { context in context.text + "how" }
    #expect(editor.suggestionSuffix == "how")
}

/// The app's function replaces the history's suggestion (its nil is no suggestion at all), and is
/// handed the history, so it keeps the history's suggestion as a fallback without holding the
/// editor.
@Test func theAppsSuggestionReplacesTheHistorysAndIsGivenTheHistory() {
    var editor = suggestingEditor()
    editor.suggestion = { _ in nil }
    #expect(editor.suggestionSuffix == nil, "nil is no suggestion, not the history's")
    var seen: [String] = []
    editor.suggestion = { context in
        context.history.suggestion(for: context.text) ?? ["git stash"].first { $0.hasPrefix(context.text) }
    }
    #expect(editor.suggestionSuffix == "tatus", "the history's own, through the context")
    editor.type("h")
    #expect(editor.suggestionSuffix == nil)
    editor.press(.key(.backspace))
    editor.history.add("git stash")
    editor.suggestion = { context in
        seen.append("\(context.text) \(context.history.count)")
        return nil
    }
    _ = editor.suggestionSuffix
    #expect(seen == ["git s 3"])
}

@Test func aSuggestionIsOnlyTheBytesAfterTheTypedText() {
    // "é" typed precomposed is canonically equivalent to the entry's decomposed "é", but the
    // entry does not start with the typed bytes; a suffix cut by byte count would split a scalar.
    var editor = Editor(history: History(entries: ["e\u{301}cole"]))
    editor.type("\u{E9}")
    #expect(editor.suggestionSuffix == nil)
    editor.press(.key(.right))
    #expect(editor.state.text == "\u{E9}")
}

@Test func noSuggestionThatStartsInsideTheLastCharacter() {
    var editor = Editor(history: History(entries: ["e\u{301}cole"]))
    editor.type("e")
    #expect(editor.suggestionSuffix == nil)
}

@Test func enterOnAnEmptyEntrySubmitsTheDefault() {
    var editor = Editor()
    editor.defaultText = "yes"
    let request = editor.press(.key(.enter))
    #expect(request == .submit("yes"))
}

@Test(arguments: [KeyEvent.key(.tab), .key(.right)])
func tabOrRightOnAnEmptyEntryInsertsTheDefault(key: KeyEvent) {
    var editor = Editor()
    editor.defaultText = "yes"
    editor.press(key)
    #expect(editor.marked == "yes|")
    editor.press(.key(.backspace))
    let request = editor.press(.key(.enter))
    #expect(request == .submit("ye"))
}

@Test func thePlaceholderIsNeverSubmitted() {
    var editor = Editor()
    let placeholder = StyledText("type a command")
    let presentation = editor.presentation(prompt: StyledText("> "), continuationPrompt: StyledText(""),
                                           placeholder: placeholder)
    #expect(presentation.placeholder?.text == placeholder.text)
    let request = editor.press(.key(.enter))
    #expect(request == .submit(""))
    editor.press(.key(.tab), .key(.right))
    #expect(editor.state.isEmpty)
}

@Test func theDefaultIsShownAsGhostTextInPlaceOfThePlaceholder() {
    var editor = Editor()
    editor.defaultText = "yes"
    let presentation = editor.presentation(prompt: StyledText("> "), continuationPrompt: StyledText(""),
                                           placeholder: StyledText("type a command"))
    #expect(presentation.placeholder?.text == "yes")
}

@Suite struct SuggestionMemoTests {
    /// Typing searches on from where the last search stopped; whatever was typed, the suggestion
    /// must be the one a search through all of history finds.
    @Test(arguments: [false, true])
    func typingGivesTheSuggestionAFullSearchGives(isMultiline: Bool) {
        var random = SplitMix64(seed: isMultiline ? 7 : 11)
        let alphabet = Array("abc ")
        var entries: [String] = []
        for _ in 0..<300 {
            let length = 1 + Int(random.next() % 12)
            entries.append(String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
        entries.append("ab\u{301}c")
        var editor = Editor(history: History(entries: entries))
        editor.isMultiline = isMultiline
        let keys: [KeyEvent] = [.text("a"), .text("b"), .text("c"), .text(" "), .text("a"), .text("b"),
                                .key(.backspace), .text("\u{301}"), .key(.enter), .control("u"), .key(.left), .key(.end)]
        var memoAnswers = 0
        for step in 0..<3_000 {
            _ = editor.handle(keys[Int(random.next() % UInt64(keys.count))])
            var fresh = editor
            fresh.suggestionMemo = nil
            if editor.suggestionMemo?.describes(editor.state, editor.history) == true { memoAnswers += 1 }
            guard editor.suggestionSuffix == fresh.suggestionSuffix else {
                Issue.record("step \(step), text \(editor.state.text.debugDescription): \(String(describing: editor.suggestionSuffix)) vs \(String(describing: fresh.suggestionSuffix))")
                return
            }
            if editor.state.text.utf8.count > 40 { editor.setText("") }
        }
        #expect(memoAnswers > 1_000)
    }
}

/// Typing along suggestions, off them now and then, over entries where a combining mark follows
/// ASCII: after every key the suggestion must be what a search through all of history gives,
/// whether the editor found it by following its last match or by searching, drawn or not.
@Test func followingASuggestionFindsWhatASearchFinds() {
    let entries = ["cafe noir", "cafe\u{301} au lait", "make test", "make test --verbose", "x\r\ny", "ma\u{0301}ke"]
    var editor = Editor(history: History(entries: entries))
    var display = Display()
    func draw() {
        _ = display.draw(editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil), width: 80, height: 24)
    }
    draw()
    var random = SplitMix64(seed: 11)
    func expected(for text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard let entry = entries.last(where: {
            $0.utf8.count > text.utf8.count && $0.utf8.starts(with: text.utf8) && $0.hasPrefix(text)
        }) else { return nil }
        return String(Substring(entry.utf8.dropFirst(text.utf8.count)))
    }
    for step in 0..<2_000 {
        let roll = random.next() % 10
        if roll == 0 {
            _ = editor.handle(.control("u"))
        } else if roll == 1 {
            _ = editor.handle(.key(.backspace))
        } else if roll == 2 {
            _ = editor.handle(.text(String(Character(UnicodeScalar(UInt8(0x61 + random.next() % 26))))))
        } else if let next = editor.suggestionSuffix?.first {
            _ = editor.handle(.text(String(next)))
        } else {
            _ = editor.handle(.text(["c", "m", "x", " "][Int(random.next() % 4)]))
        }
        #expect(editor.suggestionSuffix == expected(for: editor.state.text), "step \(step), text \(editor.state.text)")
        if random.next() % 3 == 0 { draw() }
    }
}

/// The suggestion comes from the history's storage, read at the entry the memo found: after the
/// oldest entries were dropped for capacity, it is still that entry's rest.
@Test func aSuggestionAfterEntriesWereDroppedIsTheMatchedEntrysRest() {
    var history = History(capacity: 2)
    for entry in ["make install", "git status", "make test"] { history.add(entry) }
    var editor = Editor(history: history)
    editor.type("m")
    #expect(editor.suggestionSuffix == "ake test")
    editor.type("ak")
    #expect(editor.suggestionSuffix == "e test")
    editor.type("e t")
    #expect(editor.suggestionSuffix == "est")
}

/// What a frame is given of a suggestion is its first characters, as many as the screen holds,
/// whether the rest is cut by its bytes or by its characters.
@Test(arguments: [1, 2, 12, 13, 14, 15, 16, 18, 19, 31, 32, 40])
func theSuggestionShownIsItsFirstCharacters(limit: Int) {
    // 19 characters in 32 bytes after "go".
    var editor = Editor(history: History(entries: ["go abcdefghij 中文 e\u{301}x 👍🏽"]))
    editor.type("go")
    let whole = editor.suggestionSuffix ?? ""
    #expect(editor.suggestionSuffix(upTo: limit) == String(whole.prefix(limit)))
}

/// A history entry of 10 MB offered as a suggestion: what a key presents and lays out is bounded
/// by the screen, not by the entry (issue 12, finding 11: one key cost 1–2 s and 531 MB).
@Test func aHugeSuggestionCostsAKeyNoMoreThanTheScreenHolds() {
    let width = 80, height = 24
    let entry = "git " + String(repeating: "lorem ipsum ", count: 10_000_000 / 12)
    var editor = Editor(history: History(entries: [entry]))
    editor.geometry = TextGeometry(width: width, firstLineStart: 2, otherLinesStart: 2, height: height)
    var layout = Layout()
    for key in "git lo" {
        _ = editor.handle(.text(String(key)))
        let presentation = editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
        let shown = presentation.suggestion?.text ?? ""
        #expect(shown.count <= width * height, "the presentation carries at most a screenful")
        #expect(entry.hasPrefix(editor.state.text + shown))
        let frame = layout.frame(for: presentation, width: width, height: height)
        #expect(frame.rows.count <= height)
        #expect(frame.rows.reduce(0) { $0 + $1.count } <= width * height, "no more cells than the screen")
    }
    #expect(editor.suggestionSuffix?.utf8.count == entry.utf8.count - "git lo".utf8.count, "accepting takes it all")
}

/// As zsh-autosuggestions and fish do: an entry recalled with Up or a prefix search shows no
/// suggestion until it is edited; the draft that Down brings back does, and so does typing after
/// a recall, found as a search through all of history finds it.
@Test(arguments: [KeyEvent.key(.up), .alt("p")])
func aRecalledEntryShowsNoSuggestionUntilItIsEdited(recall: KeyEvent) {
    // Alt-P is the prefix search's key in zsh, bound to it here as a user would.
    var keys = KeyMap.standard
    keys.bind(.alt("p"), to: .historySearchBackward)
    var editor = Editor(keyMap: keys, history: History(entries: ["git status --short", "git log", "git status"]))
    editor.type("git s")
    #expect(editor.suggestionSuffix == "tatus")
    _ = editor.handle(recall)
    #expect(editor.state.text == "git status")
    #expect(editor.suggestionSuffix == nil, "\"git status --short\" extends it, but it was just recalled")
    _ = editor.handle(.key(.end))
    #expect(editor.suggestionSuffix == nil && editor.state.text == "git status", "End accepts no suggestion: there is none")
    editor.type(" ")
    #expect(editor.suggestionSuffix == "--short")
    editor.type("-")
    #expect(editor.suggestionSuffix == "-short")
    _ = editor.handle(.key(.down))
    #expect(editor.state.text == "git s")
    #expect(editor.suggestionSuffix == "tatus", "the draft is no recall")
}
