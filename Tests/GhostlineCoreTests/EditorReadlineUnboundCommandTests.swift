import Testing
@testable import GhostlineCore

/// readline's commands that its emacs map leaves unbound (or binds to keys the other tests
/// leave alone): each case the text before with `|` for the cursor, the commands, and the text
/// after, as readline 8.2 leaves it (the readline_commands set of the differential test checks
/// them against readline itself, on random keys).
@Test(arguments: [
    // The kills and copies: a copy changes nothing until it is yanked.
    ("foo b|ar", [Command.killWholeLine], "|"),
    ("foo b|ar", [.killWholeLine, .yank], "foo bar|"),
    ("foo b|ar", [.copyWordBackward, .yank], "foo bbar|ar"),
    ("foo b|ar", [.copyWordForward, .yank], "foo bbar|ar"),
    ("|foo bar", [.copyWordForward, .copyWordForward, .yank], "foofoo|foo bar"),
    ("foo bar|", [.copyWordBackward, .moveToLineStart, .yank], "bar|foo bar"),
    ("ls /usr/lib/|", [.killPathComponentBackward], "ls /usr/|"),
    ("ls /usr/lib/|", [.killPathComponentBackward, .killPathComponentBackward, .yank], "ls /usr/lib/|"),
    ("a//b/|", [.killPathComponentBackward], "a//|"),
    ("ls //|", [.killPathComponentBackward], "ls |"),
    ("a b  |", [.killPathComponentBackward], "a |"),
    ("|abc", [.killPathComponentBackward], "|abc"),
    // The deletions that depend on the cursor's place.
    ("ab|c", [.deleteForwardOrBackward], "ab|"),
    ("abc|", [.deleteForwardOrBackward], "ab|"),
    ("|", [.deleteForwardOrBackward], "|"),
    ("ab|c", [.deleteForwardOrListCompletions], "ab|"),
    // Commands of the mark without a mark set: it is at the start.
    ("abc|def", [.killRegion], "|def"),
    ("abc|def", [.copyRegion, .moveToLineEnd, .yank], "abcdefabc|"),
])
func readlineUnboundCommand(before: String, commands: [Command], after: String) {
    var editor = Editor(marked: before)
    editor.showsSuggestions = false
    for command in commands { _ = editor.perform(command) }
    #expect(editor.marked == after, "commands \(commands)")
}

@Suite struct EditorReadlineUnboundCommandTests {
    private static let history = History(entries: ["make all", "git commit", "cd src && make"])

    @Test func theRegionIsBetweenTheCursorAndTheMark() {
        var editor = Editor(marked: "a|bcdef")
        editor.press(.alt(" "), .control("e"))
        _ = editor.perform(.killRegion)
        #expect(editor.marked == "a|")
        _ = editor.perform(.yank)
        #expect(editor.marked == "abcdef|")
    }

    @Test func consecutiveCopiesJoinOneKill() {
        var editor = Editor(marked: "|one two three")
        _ = editor.perform(.copyWordForward)
        editor.press(.alt("f"))
        #expect(editor.marked == "one| two three")
        _ = editor.perform(.copyWordForward)
        _ = editor.perform(.copyWordForward)
        editor.press(.control("e"))
        _ = editor.perform(.yank)
        #expect(editor.marked == "one two threetwotwo|", "the motion between ended the first kill")
    }

    @Test func substringSearchFindsTheTextAnywhereAndPutsTheCursorAtIt() {
        var editor = Editor(marked: "make|", history: Self.history)
        #expect(editor.perform(.historySubstringSearchBackward) == nil)
        #expect(editor.marked == "cd src && |make")
        #expect(editor.perform(.historySubstringSearchBackward) == nil)
        #expect(editor.marked == "|make all", "the same text searched for, not the one before the cursor now")
        #expect(editor.perform(.historySubstringSearchBackward) == .bell)
        #expect(editor.marked == "make| all", "nothing older: the entry stays, the cursor where the series began")
        _ = editor.perform(.historySubstringSearchForward)
        #expect(editor.marked == "cd src && |make", "on from where the series stood")
    }

    @Test func fetchHistoryTakesTheEntryOfTheNumberGiven() {
        var editor = Editor(marked: "x|", history: Self.history)
        editor.press(.alt("2"))
        _ = editor.perform(.fetchHistory)
        #expect(editor.state.text == "git commit")
        _ = editor.perform(.fetchHistory)
        #expect(editor.state.text == "make all", "without a number: the oldest")
        editor.press(.alt("9"))
        _ = editor.perform(.fetchHistory)
        #expect(editor.state.text == "make all", "out of range: the oldest")
    }

    @Test func submitAndRecallNextStartsTheNextEntryWithTheEntryAfter() {
        var editor = Editor(marked: "|", history: Self.history)
        editor.press(.control("p"), .control("p"))
        #expect(editor.state.text == "git commit")
        #expect(editor.perform(.submitAndRecallNext) == .submit("git commit"))
        editor.startNewEntry()
        #expect(editor.state.text == "cd src && make")
        #expect(editor.perform(.submitAndRecallNext) == .submit("cd src && make"))
        editor.startNewEntry()
        #expect(editor.state.text == "git commit", "the entry after is the one just added")
        editor.startNewEntry()
        #expect(editor.state.text.isEmpty, "only the entry right after")
    }

    @Test func menuCompletionCyclesThroughTheCandidatesInTheLine() {
        var editor = Editor(marked: "x fo|")
        editor.completion = { context in ["foo", "foobar", "food", "bar"].filter { $0.hasPrefix(context.word) }.map { CompletionCandidate($0) } }
        #expect(editor.perform(.menuComplete) == nil)
        #expect(editor.marked == "x foo |")
        _ = editor.perform(.menuComplete)
        #expect(editor.marked == "x foobar |")
        _ = editor.perform(.menuComplete)
        #expect(editor.marked == "x food |")
        #expect(editor.perform(.menuComplete) == .bell)
        #expect(editor.marked == "x foo|", "past the last: the start they share, with the bell")
        _ = editor.perform(.menuCompleteBackward)
        #expect(editor.marked == "x food |")
        editor.press(.control("a"))
        _ = editor.perform(.menuCompleteToTypedWord)
        #expect(editor.marked == "foo|x food ", "a new round, for the empty word at the start; no space before text")
    }

    @Test func oldMenuCompletionComesBackToTheTypedWord() {
        var editor = Editor(marked: "fo|")
        editor.completion = { context in ["foo", "food"].filter { $0.hasPrefix(context.word) }.map { CompletionCandidate($0) } }
        _ = editor.perform(.menuCompleteToTypedWord)
        #expect(editor.marked == "foo |")
        _ = editor.perform(.menuCompleteToTypedWord)
        #expect(editor.marked == "food |")
        #expect(editor.perform(.menuCompleteToTypedWord) == .bell)
        #expect(editor.marked == "fo|")
    }

    @Test func altWithAnUppercaseLetterDoesWhatTheLowercaseDoes() {
        var editor = Editor(marked: "foo bar|")
        editor.press(.alt("B"))
        #expect(editor.marked == "foo |bar")
        editor.press(.control("x"), .text("U"))
        #expect(editor.marked == "foo |bar", "Ctrl-X u is unbound: nothing")
        editor.press(.alt("U"))
        #expect(editor.marked == "foo BAR|")
    }

    @Test func screenRowsMoveWithinTheEntryOnly() {
        var editor = Editor(marked: "0123456789abcdefghij|", history: Self.history)
        editor.geometry = TextGeometry(width: 10, firstLineStart: 2, otherLinesStart: 0)
        _ = editor.perform(.moveUpScreenRow)
        #expect(editor.marked == "0123456789|abcdefghij")
        _ = editor.perform(.moveUpScreenRow)
        _ = editor.perform(.moveUpScreenRow)
        #expect(editor.marked == "|0123456789abcdefghij", "above the first row: the start, not history")
        _ = editor.perform(.moveDownScreenRow)
        _ = editor.perform(.moveDownScreenRow)
        _ = editor.perform(.moveDownScreenRow)
        #expect(editor.marked == "0123456789abcdefghij|")
    }

    @Test func forwardSearchFindsNewerEntries() {
        var editor = Editor(marked: "|", history: Self.history)
        editor.press(.control("r"), .text("m"))
        #expect(editor.state.text == "cd src && make")
        editor.press(.control("r"))
        #expect(editor.state.text == "git commit")
        editor.press(.control("s"))
        #expect(editor.searchPrompt == "(i-search)`m': ")
        #expect(editor.state.text == "cd src && make")
        editor.press(.control("s"))
        #expect(editor.searchPrompt == "(failed i-search)`m': ")
    }

    @Test func theKeyboardMacroIsShownAsAnInitFileWritesIt() {
        var editor = Editor(marked: "|")
        #expect(editor.perform(.showKeyboardMacro) == .bell)
        editor.press(.control("x"), .text("("), .text("a"), .control("a"), .alt("f"), .control("x"), .text(")"))
        #expect(editor.perform(.showKeyboardMacro) == nil)
        #expect(editor.completionListing == ["a\\C-a\\ef"])
        editor.press(.text("b"))
        #expect(editor.completionListing.isEmpty)
    }

    @Test func aNamedCommandRunsWithTheArgumentTypedBefore() {
        var editor = Editor(marked: "foo bar baz|")
        editor.press(.alt("2"))
        _ = editor.perform(.performNamedCommand)
        editor.type("backward-word")
        #expect(editor.marked == "foo bar baz|", "the entry stays while the name is typed")
        editor.press(.key(.enter))
        #expect(editor.marked == "foo |bar baz")
        _ = editor.perform(.performNamedCommand)
        editor.type("no-such-command")
        #expect(editor.press(.key(.enter)) == .bell)
        #expect(editor.marked == "foo |bar baz")
    }
}

/// Keys read together after a prefix key, the first finishing a sequence that rings the bell:
/// the rest is still typed (a batch read during the start-up probe lost it).
@Test func textAfterAPrefixKeyIsTypedAfterABell() {
    var editor = Editor(marked: "zz|")
    editor.keyMap.bind(.control("x"), .text("i"), to: .menuComplete)
    #expect(editor.press(.control("x"), .text("ib")) == .bell)
    #expect(editor.marked == "zzb|")
}
