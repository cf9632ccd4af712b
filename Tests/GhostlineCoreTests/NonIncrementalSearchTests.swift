import Testing
@testable import GhostlineCore

/// readline's non-incremental history search: vi's `/`, `?`, `n`, `N` and emacs mode's Alt-P and
/// Alt-N. The cases were checked against GNU readline 8.2 with Tests/Oracles/readline-vi.py and
/// readline_oracle.py (Escape and Ctrl-C excepted: readline types Escape into the pattern, and
/// its Ctrl-C is the terminal's signal).
@Suite struct NonIncrementalSearchTests {
    static let entries = ["echo one two", "ls -la foo", "git commit -m fix", "echo three", "make all"]
    static let escape = "\u{1B}"

    @Test(arguments: [
        // `/` looks in older entries, and the cursor goes to the start of the one found.
        ("abc\u{1B}/echo\r", "|echo three"),
        // `n` searches again older, `N` newer, whichever key started the search.
        ("abc\u{1B}/echo\rn", "|echo one two"),
        ("abc\u{1B}/echo\rnN", "|echo three"),
        ("abc\u{1B}kkkk?echo\rn", "|echo one two"),
        // Past the last match `n` keeps the entry, the cursor at its start.
        ("abc\u{1B}/echo\rnn", "|echo one two"),
        ("abc\u{1B}/make\rn", "|make all"),
        ("abc\u{1B}/echo\rN", "|echo three"),
        // Counts do nothing.
        ("abc\u{1B}/echo\r3n", "|echo one two"),
        ("abc\u{1B}2/echo\r", "|echo three"),
        // `?` looks in newer entries: from the entry being edited there are none.
        ("abc\u{1B}?echo\r", "|abc"),
        ("abc\u{1B}kkkk?echo\r", "|echo three"),
        // Not found: the line as it was, the cursor at its start.
        ("abc\u{1B}/zzz\r", "|abc"),
        ("abc\u{1B}kk/zzz\r", "|echo three"),
        // An empty pattern searches again for the last one, from where it stood.
        ("abc\u{1B}/echo\r/\r", "|echo one two"),
        ("abc\u{1B}kkkk?echo\r?\r", "|echo three"),
        // ... and with none yet, the line is left empty, as readline leaves it.
        ("abc\u{1B}/\r", "|"),
        ("abc\u{1B}n", "ab|c"),
        // `^` anchors the pattern at the entry's start.
        ("abc\u{1B}/^make\r", "|make all"),
        ("abc\u{1B}/^all\r", "|abc"),
        // Backspace, Ctrl-W and Ctrl-U edit the pattern.
        ("abc\u{1B}/echx\u{7F}o\r", "|echo three"),
        ("abc\u{1B}/e\u{17}ls\r", "|ls -la foo"),
        ("abc\u{1B}/a b\u{15}ls\r", "|ls -la foo"),
        // Backspace on an empty pattern, Ctrl-G, Ctrl-C and Escape cancel: line and cursor back.
        ("abc\u{1B}/ech\u{7F}\u{7F}\u{7F}\u{7F}", "ab|c"),
        ("abc\u{1B}/ech\u{7}", "ab|c"),
        ("abc\u{1B}/ech\u{3}", "ab|c"),
        ("abc\u{1B}/ech\u{1B}", "ab|c"),
        // The walk through history goes on from the entry found.
        ("abc\u{1B}/ls\rk", "|echo one two"),
        ("abc\u{1B}/ls\rj", "|git commit -m fix"),
        ("abc\u{1B}/zzz\rk", "|make all"),
        // ... and past the newest keeps it: the search dropped the draft, as readline's does.
        ("abc\u{1B}/ls\rjjjj", "|make all"),
        ("abc\u{1B}k/ls\rjjjj", "|make all"),
    ])
    func viSearch(keys: String, after: String) {
        var editor = Editor.vi(history: Self.entries)
        editor.vi(keys)
        #expect(editor.marked == after, "\(keys.debugDescription)")
        #expect(!editor.isSearching)
        #expect(editor.vi.mode == .command)
    }

    @Test func theBellRingsWhenNothingIsFoundOrTheSearchIsAbortedAndNotOtherwise() {
        var editor = Editor.vi(history: Self.entries)
        #expect(editor.vi("abc\u{1B}/echo\r") == nil)
        #expect(editor.vi("/zzz\r") == .bell)
        #expect(editor.vi("/ech\u{7}") == .bell)
        #expect(editor.vi("/ech\u{3}") == .bell, "Ctrl-C cancels the search, and does not abandon the entry")
        #expect(editor.vi("/\u{7F}") == nil)
        #expect(editor.vi("/e\u{1B}") == nil)
        #expect(editor.vi("N") == .bell, "the last pattern, zzz, is not there")
        #expect(editor.marked == "|echo three")
    }

    /// Ctrl-W and Ctrl-U on the search line are kills, as readline's are: Ctrl-Y yanks them,
    /// joined with a kill made just before the search and with each other.
    @Test func killsOnTheSearchLineGoToTheKillRing() {
        var editor = Editor(history: History(entries: Self.entries))
        editor.type("abc def")
        _ = editor.press(.alt("p"))
        editor.type("ls -la")
        _ = editor.press(.control("w"), .control("u"), .control("g"))
        #expect(editor.marked == "abc def|")
        _ = editor.press(.control("y"))
        #expect(editor.marked == "abc defls -la|")

        editor = Editor(history: History(entries: Self.entries))
        editor.type("abc def")
        _ = editor.press(.control("w"), .alt("p"))
        editor.type("x")
        _ = editor.press(.control("w"), .control("g"), .control("y"))
        #expect(editor.marked == "abc xdef|", "the kill before the search and the one in it yank as one")
    }

    /// Keys read together (typed faster than they are read) each do what they do: the bell of
    /// an `N` that finds nothing does not drop those after it.
    @Test func keysReadTogetherAfterAFailedSearchAreNotDropped() {
        var editor = Editor.vi(history: Self.entries)
        editor.vi("hello\u{1B}/echo\r")
        #expect(editor.handle(.text("N?git")) == .bell)
        #expect(editor.isSearching && editor.nonIncrementalSearch?.pattern == "git")
        _ = editor.handle(.key(.enter))
        #expect(editor.marked == "|echo three", "nothing newer holds git: the bell, the entry back")
    }

    @Test func theSearchLineIsDrawnInPlaceOfTheEntryAfterThePromptAndACharacter() {
        var editor = Editor.vi(history: Self.entries)
        editor.vi("abc\u{1B}/ec")
        #expect(editor.isSearching)
        var shown = editor.presentation(prompt: "> ", continuationPrompt: "… ", placeholder: "type")
        #expect(shown.prompt.text == "> /")
        #expect(shown.state.text == "ec" && shown.state.cursor == shown.state.endPosition)
        #expect(shown.placeholder == nil && shown.suggestion == nil)
        // Only the prompt's last line, as readline shows it.
        shown = editor.presentation(prompt: "~/src\n$ ", continuationPrompt: "… ", placeholder: nil)
        #expect(shown.prompt.text == "$ /")
        #expect(editor.state.text == "abc", "the entry waits under the search line")
        editor.vi("\r")
        shown = editor.presentation(prompt: "> ", continuationPrompt: "… ", placeholder: nil)
        #expect(shown.prompt.text == "> " && shown.state.text == "echo three")
        editor.vi("?")
        #expect(editor.presentation(prompt: "> ", continuationPrompt: "… ", placeholder: nil).prompt.text == "> ?")

        var emacs = Editor(history: History(entries: Self.entries))
        _ = emacs.press(.alt("p"))
        emacs.type("x y")
        shown = emacs.presentation(prompt: "> ", continuationPrompt: "… ", placeholder: nil)
        #expect(shown.prompt.text == "> :" && shown.state.text == "x y")
    }

    @Test func emacsModeSearchesWithAltPAndAltN() {
        var editor = Editor(history: History(entries: Self.entries))
        editor.type("abc")
        _ = editor.press(.alt("p"))
        editor.type("mm")
        #expect(editor.press(.key(.enter)) == nil, "Enter runs the search and does not submit")
        #expect(editor.marked == "|git commit -m fix")
        // The walk through history goes on from where it was: the newest entry is next.
        _ = editor.press(.control("p"))
        #expect(editor.marked == "make all|")

        editor = Editor(history: History(entries: Self.entries))
        editor.type("abc")
        _ = editor.press(.control("p"), .control("p"), .control("p"), .control("p"))
        _ = editor.press(.alt("n"))
        editor.type("echo")
        _ = editor.press(.key(.enter))
        #expect(editor.marked == "|echo three")
        _ = editor.press(.control("n"))
        #expect(editor.marked == "git commit -m fix|")
    }

    @Test func aKillOnThePatternLineMakesTheSearchAKill() {
        // The next kill joins it, also on the next search's line, as readline's kills do inside
        // the one command the search is.
        var editor = Editor(history: History(entries: Self.entries))
        editor.type("foo")
        _ = editor.press(.alt("p"))
        editor.type("o")
        _ = editor.press(.control("w"))
        editor.type("zz")
        _ = editor.press(.key(.enter))
        _ = editor.press(.alt("n"))
        editor.type("-")
        _ = editor.press(.control("w"), .control("g"), .control("y"))
        #expect(editor.marked == "-o|foo", "the failed search left the cursor at the start")
    }

    @Test func emacsModePutsTheDraftBackWhenNothingIsFound() {
        var editor = Editor(history: History(entries: Self.entries))
        editor.type("abc")
        _ = editor.press(.control("p"), .control("p"))
        _ = editor.press(.alt("p"))
        editor.type("zzz")
        #expect(editor.press(.key(.enter)) == .bell)
        #expect(editor.marked == "|abc")
        // The history walk stays where it was, and past the newest the text stays.
        _ = editor.press(.control("n"), .control("n"))
        #expect(editor.marked == "make all|")
    }

    @Test func theAgainCommandsSearchForTheLastPatternWithoutASearchLine() {
        var editor = Editor(history: History(entries: Self.entries))
        #expect(editor.perform(.nonIncrementalSearchBackwardAgain) == .bell, "no pattern yet")
        _ = editor.press(.alt("p"))
        editor.type("echo")
        _ = editor.press(.key(.enter))
        #expect(editor.perform(.nonIncrementalSearchBackwardAgain) == nil)
        #expect(editor.marked == "|echo one two")
        #expect(!editor.isSearching)
        #expect(editor.perform(.nonIncrementalSearchForwardAgain) == nil)
        #expect(editor.marked == "|echo three")
        #expect(ReadlineFunction.command(named: "non-incremental-reverse-search-history-again") == .nonIncrementalSearchBackwardAgain)
        #expect(ReadlineFunction.command(named: "non-incremental-forward-search-history") == .nonIncrementalSearchForward)
        #expect(KeyMap.standard.command(for: [.alt("p")]) == .nonIncrementalSearchBackward)
        #expect(KeyMap.standard.command(for: [.alt("n")]) == .nonIncrementalSearchForward)
    }

    @Test func theLastPatternAndItsPlaceAreKeptFromEntryToEntry() {
        var editor = Editor.vi(history: Self.entries)
        editor.vi("\u{1B}/echo\r")
        editor.startNewEntry()
        editor.vi("\u{1B}n")
        #expect(editor.marked == "|echo one two")
    }

    @Test func aSecretEntryOpensNoSearch() {
        var editor = Editor(history: History(entries: Self.entries))
        editor.isSecret = true
        editor.type("pw")
        _ = editor.press(.alt("p"))
        #expect(!editor.isSearching)
        editor.type("e")
        #expect(editor.marked == "pwe|")
    }

    @Test func typedTextAndPastesGoInThePatternOnOneLine() {
        var editor = Editor(history: History(entries: Self.entries))
        _ = editor.press(.alt("p"))
        _ = editor.press(.paste("-la\nfoo"))
        #expect(editor.nonIncrementalSearch?.pattern == "-la foo")
        _ = editor.press(.key(.enter))
        #expect(editor.marked == "|ls -la foo")
    }

    @Test(arguments: [
        // (entries, query, after, expected)
        (["ab", "xb", "ab"], "b", -1, 0),
        (["ab", "xb", "ab"], "x", 0, 1),
        (["ab", "xb", "ab"], "x", 1, nil),
        (["ab", "xb", "ab"], "", 1, 2),
        (["ab", "xb", "ab"], "zz", -1, nil),
        // Matched between characters: a decomposed "é" holds no "e".
        (["cafe\u{301}", "cafe"], "e", -1, 1),
        (["e\u{301}e\u{301}", "x"], "e\u{301}", -1, 0),
    ] as [([String], String, Int, Int?)])
    func historyFindsTheOldestMatchAfterAnIndex(entries: [String], query: String, after: Int, expected: Int?) {
        let history = History(entries: entries)
        #expect(history.indexOfMatch(for: query, after: after) == expected)
    }
}
