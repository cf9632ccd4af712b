import Testing
@testable import GhostlineCore

/// The completion menu (`CompletionStyle.menu`): what Tab opens, how the keys move through it,
/// and the rows it draws below the entry.
@Suite struct EditorCompletionMenuTests {
    private static func menuEditor(_ marked: String, candidates: [CompletionCandidate], width: Int = 40,
                                   height: Int = 24, reservedRows: Int = 0, menuRows: Int = 8) -> Editor {
        var editor = Editor(marked: marked)
        editor.completion = { context in candidates.filter(context.matches) }
        editor.completionOptions.style = .menu
        editor.completionOptions.menuRows = menuRows
        editor.geometry = TextGeometry(width: width, firstLineStart: 2, otherLinesStart: 2, height: height,
                                       reservedRows: reservedRows)
        return editor
    }

    /// The menu's rows as text, trailing blanks dropped.
    private static func menuRows(_ editor: Editor) -> [String] {
        let presentation = editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
        return presentation.chrome.regions.flatMap(\.rows).map { row in
            var text = row.pieces.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The pieces of the menu's rows that are drawn inverse: the selection.
    private static func selectedPieces(_ editor: Editor) -> [String] {
        let presentation = editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
        return presentation.chrome.regions.flatMap(\.rows).flatMap(\.pieces).filter(\.style.isInverse).map(\.text)
    }

    private static let numbers: [CompletionCandidate] = ["one", "two", "three", "four", "five"]

    @Test func tabInsertsTheCommonPrefixOnceAndOpensTheMenuWithNothingSelected() {
        var editor = Self.menuEditor("ls fo|", candidates: ["foobar", "foobaz", "other"])
        editor.press(.key(.tab))
        #expect(editor.marked == "ls fooba|")
        #expect(Self.menuRows(editor) == ["foobar  foobaz"])
        #expect(Self.selectedPieces(editor).isEmpty)
        #expect(editor.completionListing.isEmpty, "a menu, not readline's listing")
        editor.press(.key(.tab))
        #expect(editor.marked == "ls foobar|", "the first Tab in the menu selects and inserts the first candidate")
        #expect(Self.selectedPieces(editor).map { $0.trimmingSpaces } == ["foobar"])
    }

    @Test func tabAndShiftTabMoveThroughTheCandidatesAndWrapAround() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.press(.key(.tab))
        var seen: [String] = []
        for _ in 0..<6 {
            editor.press(.key(.tab))
            seen.append(editor.marked)
        }
        #expect(seen == ["one|", "two|", "three|", "four|", "five|", "one|"])
        editor.press(.key(.backTab))
        #expect(editor.marked == "five|")
        editor.press(.control("p"), .key(.up))
        #expect(editor.marked == "three|")
        editor.press(.control("n"), .key(.down))
        #expect(editor.marked == "five|")
    }

    @Test func shiftTabFirstSelectsTheLastCandidate() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.press(.key(.tab), .key(.backTab))
        #expect(editor.marked == "five|")
    }

    @Test func enterTakesTheSelectionWithoutSubmittingAndTheNextEnterSubmits() {
        var editor = Self.menuEditor("say |", candidates: Self.numbers)
        editor.press(.key(.tab), .key(.tab), .key(.tab))
        #expect(editor.press(.key(.enter)) == nil)
        #expect(editor.marked == "say two|")
        #expect(Self.menuRows(editor).isEmpty)
        #expect(editor.press(.key(.enter)) == .submit("say two"))
    }

    @Test func enterWithNothingSelectedClosesTheMenuAndSubmits() {
        var editor = Self.menuEditor("say |", candidates: Self.numbers)
        editor.press(.key(.tab))
        #expect(editor.press(.key(.enter)) == .submit("say "))
    }

    @Test(arguments: [KeyEvent.key(.escape), .control("g")])
    func escapeAndControlGPutBackTheWordAsTyped(key: KeyEvent) {
        var editor = Self.menuEditor("ls fo| tail", candidates: ["foobar", "foobaz"])
        editor.press(.key(.tab), .key(.tab), .key(.tab))
        #expect(editor.marked == "ls foobaz| tail")
        editor.press(key)
        #expect(editor.marked == "ls fo| tail", "the text before the common prefix too")
        #expect(Self.menuRows(editor).isEmpty)
        editor.press(.text("x"))
        #expect(editor.marked == "ls fox| tail")
    }

    @Test func anyOtherKeyTakesTheSelectionAndThenActs() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.press(.key(.tab), .key(.tab), .key(.tab))
        editor.press(.text("s"))
        #expect(editor.marked == "twos|")
        #expect(Self.menuRows(editor).isEmpty)
        var other = Self.menuEditor("|", candidates: Self.numbers)
        other.press(.key(.tab), .key(.tab), .key(.backspace))
        #expect(other.marked == "on|")
        var interrupted = Self.menuEditor("|", candidates: Self.numbers)
        #expect(interrupted.press(.key(.tab), .key(.tab), .control("c")) == .interrupt)
    }

    @Test func columnsAreFilledDownThenAcrossAtMostSix() {
        let candidates = (1...14).map { CompletionCandidate("c\($0)") }
        var editor = Self.menuEditor("|", candidates: candidates, width: 80)
        editor.press(.key(.tab))
        // Six columns of three rows: c1 c4 c7 c10 c13 on the first row.
        #expect(Self.menuRows(editor) == ["c1   c4   c7   c10  c13", "c2   c5   c8   c11  c14", "c3   c6   c9   c12"])
        editor.press(.key(.tab), .key(.right))
        #expect(editor.marked == "c4|", "Right moves a column across")
        editor.press(.key(.right), .key(.right), .key(.right), .key(.right))
        #expect(editor.marked == "c1|", "past the last column, back to the first")
        editor.press(.key(.left))
        #expect(editor.marked == "c13|", "Left from the first column goes to the last that has the row")
        editor.press(.key(.down), .key(.left))
        #expect(editor.marked == "c11|")
    }

    @Test func descriptionsHaveAColumnOfTheirOwn() {
        let candidates = [CompletionCandidate("add", description: "stage files"),
                          CompletionCandidate("commit", description: "record changes"),
                          CompletionCandidate("push", description: "send")]
        var editor = Self.menuEditor("git |", candidates: candidates, width: 30)
        editor.press(.key(.tab))
        #expect(Self.menuRows(editor) == ["add     stage files", "commit  record changes", "push    send"])
        editor.press(.key(.tab), .key(.tab))
        #expect(Self.selectedPieces(editor) == ["commit", "  ", "record changes"])
    }

    @Test func wideCharactersAreMeasuredByTheColumnsTheyTake() {
        let candidates = [CompletionCandidate("中文", description: "两列"), CompletionCandidate("ab", description: "x"),
                          CompletionCandidate("🇫🇷e\u{301}", description: "flag")]
        var editor = Self.menuEditor("|", candidates: candidates, width: 20)
        editor.press(.key(.tab))
        // 中文 takes four columns, the flag two and é one: the descriptions line up.
        #expect(Self.menuRows(editor) == ["中文  两列", "ab    x", "🇫🇷e\u{301}   flag"])
    }

    @Test func candidatesWiderThanTheScreenAreCutWithAnEllipsis() {
        let long = String(repeating: "w", count: 30)
        var editor = Self.menuEditor("|", candidates: [CompletionCandidate(long, description: "its description"), "short"],
                                     width: 20)
        editor.press(.key(.tab))
        let rows = Self.menuRows(editor)
        // Half the row for the candidate, what is left for its description.
        #expect(rows.first == String(repeating: "w", count: 9) + "…  its des…")
        #expect(rows.allSatisfy { $0.reduce(0) { $0 + $1.displayWidth } <= 20 })
        editor.press(.key(.tab))
        #expect(editor.marked == long + "|", "the line gets the whole candidate")
    }

    @Test func aLongMenuTurnsAPageAtATimeAndSaysWhichRowsItShows() {
        let candidates = (1...30).map { CompletionCandidate(String(repeating: "x", count: 20) + "\($0)") }
        var editor = Self.menuEditor("|", candidates: candidates, width: 30, menuRows: 4)
        editor.press(.key(.tab))
        #expect(Self.menuRows(editor).count == 5)
        #expect(Self.menuRows(editor).last == "rows 1 to 4 of 30")
        for _ in 0..<4 { editor.press(.key(.tab)) }
        #expect(Self.menuRows(editor).last == "rows 1 to 4 of 30")
        // Past the page's bottom: the next page, the selection on its first row.
        editor.press(.key(.tab))
        #expect(Self.menuRows(editor).last == "rows 5 to 8 of 30")
        #expect(Self.menuRows(editor)[0].hasSuffix("x5"))
        for _ in 0..<3 { editor.press(.key(.tab)) }
        for _ in 0..<3 { editor.press(.key(.backTab)) }
        #expect(Self.menuRows(editor).last == "rows 5 to 8 of 30", "the page stays while the selection is on it")
        editor.press(.key(.backTab))
        #expect(Self.menuRows(editor).last == "rows 1 to 4 of 30")
        #expect(editor.marked.hasSuffix("x4|"))
        for _ in 0..<4 { editor.press(.key(.backTab)) }
        #expect(editor.marked.hasSuffix("x30|"))
        #expect(Self.menuRows(editor).last == "rows 27 to 30 of 30", "the last page is full")
        editor.press(.key(.pageUp))
        #expect(editor.marked.hasSuffix("x26|"))
        #expect(Self.menuRows(editor).last == "rows 23 to 26 of 30")
        editor.press(.key(.pageDown), .key(.pageDown))
        #expect(editor.marked.hasSuffix("x30|"), "Page Down stops at the last")
    }

    @Test func theColumnsKeepTheirPlacesWhileTheSelectionScrolls() {
        let candidates = (1...40).map { CompletionCandidate(String(repeating: "a", count: $0 % 7 + 1)) }
        var editor = Self.menuEditor("|", candidates: candidates, width: 50, menuRows: 3)
        editor.press(.key(.tab))
        func columnStarts() -> [Int] {
            let presentation = editor.presentation(prompt: "> ", continuationPrompt: "", placeholder: nil)
            let row = presentation.chrome.regions[0].rows[0]
            var starts: [Int] = []
            var column = 0
            for piece in row.pieces {
                if !piece.text.hasPrefix(" ") { starts.append(column) }
                column += piece.text.count
            }
            return starts
        }
        let first = columnStarts()
        for _ in 0..<12 {
            editor.press(.key(.tab))
            #expect(columnStarts() == first)
        }
    }

    @Test func theMenuLeavesTheRowsTheToolbarAndTheTextNeed() {
        let candidates = (1...30).map { CompletionCandidate("item\($0)") }
        var editor = Self.menuEditor("|", candidates: candidates, width: 10, height: 8, reservedRows: 2)
        editor.press(.key(.tab))
        // Eight rows: one for the text, two for the toolbar, one for "rows …", four of candidates.
        #expect(Self.menuRows(editor).count == 5)
        #expect(Self.menuRows(editor).last == "rows 1 to 4 of 30")
    }

    @Test func aCandidateMayReplaceMoreOrLessThanTheWord() {
        let pathCompletion: (CompletionContext) -> [CompletionCandidate] = { context in
            let slash = context.textBeforeCursor.lastIndex(of: "/").map(context.textBeforeCursor.index(after:))
            return [CompletionCandidate("main.swift", replacementStart: slash),
                    CompletionCandidate("make.swift", replacementStart: slash)]
        }
        var editor = Self.menuEditor("open src/ma|", candidates: [])
        editor.completion = pathCompletion
        editor.press(.key(.tab), .key(.tab))
        #expect(editor.marked == "open src/main.swift|")
        editor.press(.key(.tab))
        #expect(editor.marked == "open src/make.swift|")
        var fuzzy = Self.menuEditor("open sm|", candidates: [])
        fuzzy.completion = { context in
            [CompletionCandidate("src/main.swift"), CompletionCandidate("open --stdin", replacementStart: context.textBeforeCursor.startIndex)]
        }
        fuzzy.press(.key(.tab))
        #expect(fuzzy.marked == "open sm|", "no common prefix across different starts")
        fuzzy.press(.key(.tab))
        #expect(fuzzy.marked == "open src/main.swift|")
        fuzzy.press(.key(.tab))
        #expect(fuzzy.marked == "open --stdin|")
        fuzzy.press(.key(.tab))
        #expect(fuzzy.marked == "open src/main.swift|")
        fuzzy.press(.key(.escape))
        #expect(fuzzy.marked == "open sm|")
    }

    @Test func aLineBreakInACandidateBecomesASpace() {
        var editor = Self.menuEditor("|", candidates: ["a\nb", "a\nc"])
        editor.press(.key(.tab), .key(.tab))
        #expect(editor.marked == "a b|")
        #expect(editor.state.lineCount == 1)
    }

    @Test func theAppSettingTheTextClosesTheMenu() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.press(.key(.tab), .key(.tab))
        editor.setText("other")
        #expect(Self.menuRows(editor).isEmpty)
        editor.press(.key(.tab))
        #expect(editor.marked == "other|", "Tab completes again rather than moving a stale menu")
    }

    @Test func aVetoedSelectionLeavesTheMenuWhereItWas() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.press(.key(.tab), .key(.tab))
        editor.shouldChangeText = { change, _ in !change.replacement.hasPrefix("two") }
        editor.press(.key(.tab))
        #expect(editor.marked == "one|")
        #expect(Self.selectedPieces(editor).map { $0.trimmingSpaces } == ["one"])
        editor.shouldChangeText = nil
        editor.press(.key(.tab))
        #expect(editor.marked == "two|")
    }

    @Test func oneCandidateIsInsertedWithoutAMenu() {
        var editor = Self.menuEditor("th|", candidates: Self.numbers)
        editor.press(.key(.tab))
        #expect(editor.marked == "three |")
        #expect(Self.menuRows(editor).isEmpty)
    }

    @Test func aNewEntryHasNoMenu() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.press(.key(.tab))
        editor.startNewEntry()
        #expect(Self.menuRows(editor).isEmpty)
        #expect(editor.press(.key(.enter)) == .submit(""))
    }

    @Test func completingWhileTypingOpensTheMenuAsTheWordIsTypedAndShortened() {
        var editor = Self.menuEditor("git |", candidates: ["commit", "checkout", "cherry-pick", "clone"])
        editor.completionOptions.completesWhileTyping = true
        editor.type("ch")
        #expect(editor.marked == "git ch|", "nothing inserted as it opens")
        #expect(Self.menuRows(editor) == ["checkout     cherry-pick"])
        #expect(Self.selectedPieces(editor).isEmpty)
        editor.type("e")
        #expect(Self.menuRows(editor) == ["checkout     cherry-pick"])
        editor.press(.key(.tab))
        #expect(editor.marked == "git checkout|")
        #expect(editor.press(.key(.enter)) == nil)
        #expect(Self.menuRows(editor).isEmpty, "the word is a candidate, and nothing else completes it")
        editor.press(.key(.backspace))
        #expect(Self.menuRows(editor) == ["checkout"], "shortened, it completes again")
        editor.type(" ")
        #expect(Self.menuRows(editor).isEmpty, "an empty word opens nothing")
        #expect(editor.press(.key(.enter)) == .submit("git checkou "))
    }

    @Test func withoutCompletingWhileTypingTypingOpensNothing() {
        var editor = Self.menuEditor("git |", candidates: ["commit", "checkout"])
        editor.type("c")
        #expect(Self.menuRows(editor).isEmpty)
    }

    @Test func noSuggestionIsShownWhileTheMenuIsOpen() {
        var editor = Self.menuEditor("|", candidates: Self.numbers)
        editor.history = History(entries: ["one more time"])
        editor.press(.key(.tab), .key(.tab))
        #expect(editor.suggestionSuffix == nil)
        editor.press(.key(.enter))
        #expect(editor.suggestionSuffix == " more time")
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
