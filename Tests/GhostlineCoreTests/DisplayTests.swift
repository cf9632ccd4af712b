import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// A display and, beside it, the frame-by-frame pipeline it short-cuts, each drawing into a
/// virtual screen of its own: whatever way the display took, the screens must be the same.
private struct DisplayBeside {
    var display = Display()
    var screen: VirtualScreen
    /// Layout and renderer, frame after frame.
    var reference: ScreenHarness

    /// Every byte the display wrote, in order.
    var written: [UInt8] = []

    /// Both ways on a clean screen, with `first` drawn.
    init(width: Int, height: Int, first: Presentation) {
        screen = VirtualScreen(columns: width, rows: height)
        reference = ScreenHarness(width: width, height: height)
        draw(first)
    }

    /// Draws `presentation` both ways; returns the display's bytes.
    @discardableResult
    mutating func draw(_ presentation: Presentation) -> [UInt8] {
        let bytes = display.draw(presentation, width: reference.width, height: reference.height)
        screen.feed(bytes)
        written += bytes
        reference.draw(presentation)
        return bytes
    }

    /// How many runs ``typeWithoutPresenting(_:into:presenting:)`` echoed in the display's room.
    var echoedInRoom = 0

    /// Types `run` as the interactive session does: the editor takes the bytes, the display
    /// echoes them in its room, or else the way that checks prompts too, or else draws a frame.
    /// The reference draws frames. False when the editor left the bytes to the way every key
    /// takes.
    mutating func typeWithoutPresenting(_ run: String, into editor: inout Editor,
                                        presenting: (Editor) -> Presentation) -> Bool {
        let bytes = Array(run.utf8)
        let outcome = bytes.withUnsafeBufferPointer { editor.type(ascii: $0, echoingIn: &display, width: reference.width) }
        guard outcome != .notTaken else { return false }
        let presentation = presenting(editor)
        if outcome == .echoed {
            echoedInRoom += 1
            screen.feed(bytes)
            written += bytes
            reference.draw(presentation)
            return true
        }
        let echo = editor.presentsTextAlone
            ? display.echo(typedIn: editor.state, prompt: presentation.prompt,
                           continuationPrompt: presentation.continuationPrompt,
                           width: reference.width, height: reference.height)
            : nil
        let shown = echo ?? display.draw(presentation, width: reference.width, height: reference.height)
        screen.feed(shown)
        written += shown
        reference.draw(presentation)
        return true
    }

    /// Both screens and cursors, for a failure message.
    var disagreement: String {
        "\(screen.lines) vs \(reference.screen.lines), cursor \(screen.cursorRow),\(screen.cursorColumn) vs "
            + "\(reference.screen.cursorRow),\(reference.screen.cursorColumn)"
    }

    var screensAgree: Bool {
        screen.grid == reference.screen.grid && screen.cursorRow == reference.screen.cursorRow
            && screen.cursorColumn == reference.screen.cursorColumn
    }
}

@Suite struct DisplayTests {
    private static let prompt = StyledText("> ", style: Style(foreground: .basic(2)))
    private static let placeholder = StyledText("Type a message…", style: .placeholder)

    private static func presentation(_ editor: Editor, prompt: StyledText = prompt) -> Presentation {
        editor.presentation(prompt: prompt, continuationPrompt: "… ", placeholder: placeholder)
    }

    @Test func typingAtTheEndOfALineWritesOnlyTheTypedCharacters() {
        var editor = Editor()
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("h")
        both.draw(Self.presentation(editor))
        for character in "ello, w" {
            editor.type(String(character))
            #expect(both.draw(Self.presentation(editor)) == Array(String(character).utf8))
        }
        #expect(both.screen.line(0) == "> hello, w")
        #expect(both.screensAgree)
    }

    @Test func keysReadTogetherAreEchoedTogether() {
        var editor = Editor(text: "abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("def")
        #expect(both.draw(Self.presentation(editor)) == Array("def".utf8))
        #expect(both.screensAgree)
    }

    @Test func aCharacterReachingTheMarginIsEchoedWithTheMoveToTheNextRow() {
        // "> " and 16 characters fill 18 of 20 columns; the 20th column's character leaves the
        // cursor at the start of the next row, as a frame does.
        var editor = Editor(text: String(repeating: "a", count: 16))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("b")
        #expect(both.draw(Self.presentation(editor)) == Array("b".utf8))
        editor.type("c")
        #expect(both.draw(Self.presentation(editor)) == Array("c\r\n".utf8))
        #expect(both.screensAgree)
        #expect(both.screen.cursorRow == 1 && both.screen.cursorColumn == 0)
        editor.type("d")
        #expect(both.draw(Self.presentation(editor)) == Array("d".utf8), "the next row is echoed again")
        #expect(both.screensAgree)
    }

    private static func multilineEditor(_ text: String) -> Editor {
        var editor = Editor(text: text)
        editor.isMultiline = true
        return editor
    }

    @Test func enterAtTheEndOfTheTextStartsARowWithTheContinuationPrompt() {
        var editor = Self.multilineEditor("abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.press(.key(.enter))
        #expect(both.draw(Self.presentation(editor)) == Array("\r\n… ".utf8))
        editor.type("d")
        #expect(both.draw(Self.presentation(editor)) == Array("d".utf8))
        #expect(both.screen.lines.prefix(2) == ["> abc", "… d"])
        #expect(both.screensAgree)
    }

    @Test func enterAtTheMarginStartsTheLineOnTheCursorsRow() {
        // The cursor already waits on the row below a full one: the new line starts there.
        var editor = Self.multilineEditor(String(repeating: "a", count: 18))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        #expect(both.screen.cursorRow == 1)
        editor.press(.key(.enter))
        #expect(both.draw(Self.presentation(editor)) == Array("… ".utf8))
        #expect(both.screensAgree)
    }

    @Test func linesTypedOnAFullScreenScrollItAsFramesWould() {
        var editor = Self.multilineEditor((1...6).map { "line \($0)" }.joined(separator: "\n"))
        var both = DisplayBeside(width: 12, height: 4, first: Self.presentation(editor))
        for line in ["seven", "eight and more text", "nine"] {
            editor.press(.key(.enter))
            #expect(both.draw(Self.presentation(editor)) == Array("\r\n… ".utf8), "the terminal's line feed scrolls")
            for character in line {
                editor.type(String(character))
                both.draw(Self.presentation(editor))
            }
            #expect(both.screensAgree)
        }
        // A frame after the echoes scrolls from where the screen is.
        editor.press(.key(.up), .key(.up))
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
        editor.press(.key(.up), .key(.up), .key(.up))
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
    }

    @Test func enterInsideTheTextIsDrawnAsAFrame() {
        var editor = Self.multilineEditor("abc\ndef")
        editor.press(.key(.up))
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.press(.key(.end), .key(.enter))
        #expect(both.draw(Self.presentation(editor)) != Array("\r\n… ".utf8))
        #expect(both.screen.lines.prefix(3) == ["> abc", "…", "… def"])
        #expect(both.screensAgree)
    }

    @Test func aPasteOfManyLinesIsDrawnAsAFrame() {
        var editor = Self.multilineEditor("abc")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        _ = editor.handle(.paste((1...30).map { "pasted \($0)" }.joined(separator: "\n")))
        let bytes = both.draw(Self.presentation(editor))
        #expect(bytes.count < 200, "the last rows drawn, not every pasted line echoed")
        #expect(both.screensAgree)
    }

    @Test func aCharacterThatCouldJoinThePreviousOneIsDrawnAsAFrame() {
        // U+0600 is a prepended concatenation mark: the letter after it joins its cluster.
        var editor = Editor(text: "ab\u{600}")
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("x")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
    }

    @Test func anAppearingSuggestionOrFooterIsDrawnAsAFrame() {
        var editor = Editor(history: History(entries: ["git status"]))
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(editor))
        editor.type("g")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> git status", "the suggestion shows")
        editor.type("x")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> gx", "the suggestion is gone")
        editor.completion = { _ in ["gxa", "gxb"] }
        editor.press(.key(.tab), .key(.tab))
        both.draw(Self.presentation(editor))
        editor.type("y")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree)
        #expect(both.screen.line(1) == "", "the completion listing is erased")
    }

    @Test func aChangedPromptIsDrawnAsAFrame() {
        var editor = Editor(text: "abc")
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(editor))
        editor.type("d")
        both.draw(Self.presentation(editor, prompt: "$ "))
        #expect(both.screen.line(0) == "$ abcd")
        #expect(both.screensAgree)
    }

    /// Types `text` into `editor` and echoes it in `display`'s room; false when the room refused.
    private static func echoInRoom(_ text: String, into editor: inout Editor, on display: inout Display, width: Int) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBufferPointer({ editor.type(ascii: $0) }) else { return false }
        return bytes.withUnsafeBufferPointer { display.echo(typed: $0, in: editor.state, width: width) }
    }

    @Test func typingTheSuggestionsNextCharactersWritesOnlyThem() {
        var editor = Editor(history: History(entries: ["make test --verbose"]))
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("m")
        both.draw(Self.presentation(editor))
        #expect(both.screen.line(0) == "> make test --verbose")
        for character in "ake test" {
            editor.type(String(character))
            #expect(both.draw(Self.presentation(editor)) == Array(String(character).utf8), "\(character)")
            #expect(both.screensAgree, "\(character): \(both.disagreement)")
        }
        editor.type("!")
        both.draw(Self.presentation(editor))
        #expect(both.screensAgree, "a key off the suggestion draws a frame")
        #expect(both.screen.line(0) == "> make test!")
    }

    @Test func typingTheWholeSuggestionLeavesTheRoomOpen() {
        var editor = Editor(history: History(entries: ["go"]))
        editor.recordsChanges = false
        var both = DisplayBeside(width: 20, height: 5, first: Self.presentation(editor))
        editor.type("g")
        both.draw(Self.presentation(editor))
        editor.type("o")
        #expect(both.draw(Self.presentation(editor)) == Array("o".utf8))
        #expect(both.screensAgree)
        #expect(both.typeWithoutPresenting("!", into: &editor, presenting: { Self.presentation($0) }))
        #expect(both.echoedInRoom == 1, "with the suggestion used up, the next key is echoed in the room")
        #expect(both.screensAgree)
    }

    @Test func aSuggestionThatChangesIsDrawnAsAFrame() {
        // A suggestion function of the app's own may suggest anything after any key.
        var editor = Editor()
        editor.suggestion = { text in text == "a" ? "abc" : text == "ab" ? "abxyz" : nil }
        var both = DisplayBeside(width: 30, height: 5, first: Self.presentation(editor))
        editor.type("a")
        both.draw(Self.presentation(editor))
        editor.type("b")
        let bytes = both.draw(Self.presentation(editor))
        #expect(bytes != Array("b".utf8))
        #expect(both.screensAgree, "\(both.disagreement)")
        #expect(both.screen.line(0) == "> abxyz")
    }

    /// Typing that mostly follows the suggestion, with other keys now and then, at sizes where
    /// the suggestion wraps: the screen must be the frame pipeline's at every step.
    @Test(arguments: [(80, 24), (20, 6), (9, 4)])
    func typingAlongSuggestionsLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 31 + height))
        let entries = ["make test --filter DisplayTests", "git commit -m 'the room'", "swift build -c release"]
        var editor = Editor(history: History(entries: entries))
        var both = DisplayBeside(width: width, height: height, first: Self.presentation(editor))
        var echoed = 0
        for step in 0..<1_500 {
            let roll = random.next() % 20
            if roll == 0 {
                _ = editor.handle(.control("u"))
            } else if roll == 1 {
                _ = editor.handle(.key(.backspace))
            } else if roll < 4 {
                editor.type(String(Character(UnicodeScalar(UInt8(0x61 + random.next() % 26)))))
            } else if let next = editor.suggestionSuffix?.first {
                editor.type(String(next))
            } else if editor.state.isEmpty {
                editor.type(String(entries[Int(random.next() % 3)].first!))
            } else {
                editor.type(" ")
            }
            let bytes = both.draw(Self.presentation(editor))
            if bytes.count == 1 { echoed += 1 }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        #expect(echoed > 300, "keys echoed alone \(echoed) times")
    }

    @Test func theRoomTakesKeysUpToTheColumnBeforeTheMargin() {
        // "> " and 10 characters leave 8 of 20 columns, the last of which is the margin's.
        var editor = Editor(text: String(repeating: "a", count: 10))
        editor.recordsChanges = false
        var display = Display()
        _ = display.draw(Self.presentation(editor), width: 20, height: 5)
        for _ in 0..<7 { #expect(Self.echoInRoom("b", into: &editor, on: &display, width: 20)) }
        #expect(!Self.echoInRoom("c", into: &editor, on: &display, width: 20), "the margin's column is the renderer's")
        #expect(display.echo(typedIn: editor.state, prompt: Self.prompt, continuationPrompt: "… ", width: 20, height: 5)
            == Array("c\r\n".utf8))
        #expect(Self.echoInRoom("d", into: &editor, on: &display, width: 20), "the next row has room again")
    }

    @Test func theRoomRefusesWhatTheStateDidNotGain() {
        var editor = Editor(text: "abc")
        var display = Display()
        _ = display.draw(Self.presentation(editor), width: 20, height: 5)
        editor.type("x")
        let other = Array("y".utf8)
        #expect(!other.withUnsafeBufferPointer { display.echo(typed: $0, in: editor.state, width: 20) })
        #expect(!Array("xx".utf8).withUnsafeBufferPointer { display.echo(typed: $0, in: editor.state, width: 20) })
        #expect(!Array("x".utf8).withUnsafeBufferPointer { display.echo(typed: $0, in: editor.state, width: 30) },
                "another width")
        #expect(!Array("x".utf8).withUnsafeBufferPointer { display.echo(typed: $0, in: Editor(text: "abcx").state, width: 20) },
                "another state")
        #expect(Array("x".utf8).withUnsafeBufferPointer { display.echo(typed: $0, in: editor.state, width: 20) })
        #expect(!Array("x".utf8).withUnsafeBufferPointer { display.echo(typed: $0, in: editor.state, width: 20) },
                "the same key twice")
    }

    @Test func keysAVetoPartlyRefusedAreLeftToTheEchoThatReadsTheState() {
        var editor = Editor(text: "abc")
        editor.shouldChangeText = { change, _ in change.replacement != "1" }
        var display = Display()
        _ = display.draw(Self.presentation(editor), width: 20, height: 5)
        let outcome = Array("d1".utf8).withUnsafeBufferPointer { editor.type(ascii: $0, echoingIn: &display, width: 20) }
        #expect(outcome == .typed)
        #expect(editor.state.text == "abcd")
        #expect(display.echo(typedIn: editor.state, prompt: Self.prompt, continuationPrompt: "… ", width: 20, height: 5)
            == Array("d".utf8))
        let next = Array("e".utf8).withUnsafeBufferPointer { editor.type(ascii: $0, echoingIn: &display, width: 20) }
        #expect(next == .echoed, "the room is open again after that echo")
    }

    @Test func theRoomRefusesKeysAfterAnEditTheScreenDoesNotShow() {
        var editor = Editor(text: "abc")
        var display = Display()
        _ = display.draw(Self.presentation(editor), width: 20, height: 5)
        editor.press(.key(.backspace))
        // "x" lands where "c" was; "y" lands where the room begins, but the screen still shows "c".
        for key in ["x", "y"] {
            let outcome = Array(key.utf8).withUnsafeBufferPointer { editor.type(ascii: $0, echoingIn: &display, width: 20) }
            #expect(outcome == .typed, "\(key)")
        }
    }

    @Test func theRoomNeedsAFrameAndAnASCIICharacterBeforeIt() {
        var editor = Editor(text: "abc")
        var display = Display()
        #expect(!Self.echoInRoom("d", into: &editor, on: &display, width: 20), "no frame drawn")
        var afterWide = Editor(text: "ab中")
        _ = display.draw(Self.presentation(afterWide), width: 20, height: 5)
        #expect(!Self.echoInRoom("d", into: &afterWide, on: &display, width: 20), "after a character that is not ASCII")
    }

    /// What follows keys echoed in the room knows of them: a resize's row count, the way out and
    /// the next frame are the same as after echoes one at a time.
    @Test func keysEchoedInTheRoomAreKnownToWhatFollows() {
        var inRoom = Display(), oneAtATime = Display()
        var editor = Editor(text: String(repeating: "a", count: 20))
        _ = inRoom.draw(Self.presentation(editor), width: 30, height: 5)
        _ = oneAtATime.draw(Self.presentation(editor), width: 30, height: 5)
        var typed = editor
        for _ in 0..<5 {
            #expect(Self.echoInRoom("b", into: &typed, on: &inRoom, width: 30))
        }
        for _ in 0..<5 {
            editor.type("b")
            #expect(oneAtATime.echo(typedIn: editor.state, prompt: Self.prompt, continuationPrompt: "… ", width: 30,
                                    height: 5) == Array("b".utf8))
        }
        #expect(inRoom.rowsAbove(afterResizeTo: 5) == oneAtATime.rowsAbove(afterResizeTo: 5))
        var finishedInRoom = inRoom, finishedOneAtATime = oneAtATime
        #expect(finishedInRoom.finish() == finishedOneAtATime.finish())
        typed.press(.key(.backspace))
        editor.press(.key(.backspace))
        #expect(inRoom.draw(Self.presentation(typed), width: 30, height: 5)
            == oneAtATime.draw(Self.presentation(editor), width: 30, height: 5))
    }

    @Test func anotherStateIsDrawnAsAFrame() {
        var both = DisplayBeside(width: 30, height: 6, first: Self.presentation(Editor(text: "abc")))
        both.draw(Self.presentation(Editor(text: "abcd")))
        #expect(both.screensAgree)
    }

    /// A multi-line editor with history (so suggestions come and go) and completions (so listings do).
    private static func randomlyEditedEditor() -> Editor {
        var editor = Editor(history: History(entries: ["hello world", "make test", "中文 text"]))
        editor.isMultiline = true
        editor.completion = { _ in ["alpha", "alps", "beta"] }
        return editor
    }

    /// Keys that move, delete, break lines, search, complete, or add what is not plain ASCII.
    private static let keysOtherThanTyping: [KeyEvent] = [
        .key(.backspace), .key(.left), .key(.end), .key(.enter), .key(.up), .key(.down), .key(.tab), .control("r"),
        .control("g"), .control("w"), .text("中"), .text("\u{301}"), .text("👍"), .text("\u{600}"), .paste("pasted\ntext"),
        .key(.right),
    ]

    /// Editing keys at random, typing most of the time as a user does, drawn after each read of
    /// one to three keys: the display's screen must be the frame-by-frame pipeline's at every step.
    @Test(arguments: [(80, 24), (20, 6), (9, 4), (3, 4), (41, 3)])
    func randomEditingLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 7_919 + height))
        var editor = Self.randomlyEditedEditor()
        var both = DisplayBeside(width: width, height: height, first: Self.presentation(editor))
        let others = Self.keysOtherThanTyping
        var echoed = 0
        for step in 0..<1_500 {
            let before = editor.state.text
            for _ in 0...(random.next() % 3) {
                if random.next() % 10 < 7 {
                    _ = editor.handle(.text(String(UnicodeScalar(UInt8(0x20 + random.next() % 95)))))
                } else {
                    _ = editor.handle(others[Int(random.next() % UInt64(others.count))])
                }
            }
            let bytes = both.draw(Self.presentation(editor))
            let after = editor.state.text
            if !bytes.isEmpty, after.utf8.count > before.utf8.count, after.hasPrefix(before),
               bytes == Array(after.utf8.dropFirst(before.utf8.count)) {
                echoed += 1
            }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        if width > 3 { #expect(echoed > 100, "the short cut was taken \(echoed) times") }
    }

    /// Lines typed at the end of a multi-line entry, as most multi-line typing is, with a key now
    /// and then that draws a frame (moving up, deleting, a paste): the line breaks are echoed and
    /// the screen scrolls, and the frames after them must scroll from where the screen is.
    @Test(arguments: [(80, 24), (20, 6), (9, 4), (5, 3)])
    func typingLinesAtTheEndLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 31 + height))
        var editor = Editor()
        editor.isMultiline = true
        var both = DisplayBeside(width: width, height: height, first: Self.presentation(editor))
        let occasional: [KeyEvent] = [.key(.up), .key(.backspace), .key(.down), .paste("a\nb"), .key(.end), .control("e")]
        var lineBreaksEchoed = 0
        for step in 0..<1_200 {
            let roll = random.next() % 100
            if roll < 12 {
                _ = editor.handle(.key(.enter))
            } else if roll < 16 {
                _ = editor.handle(occasional[Int(random.next() % UInt64(occasional.count))])
            } else {
                _ = editor.handle(.text(String(UnicodeScalar(UInt8(0x20 + random.next() % 95)))))
            }
            let bytes = both.draw(Self.presentation(editor))
            if bytes.starts(with: Array("\r\n… ".utf8)) { lineBreaksEchoed += 1 }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        #expect(lineBreaksEchoed > 50, "line breaks echoed \(lineBreaksEchoed) times")
    }

    /// The same random editing with runs of typing taken as the interactive session takes them,
    /// without decoding or presenting: the screen must still be the frame pipeline's.
    @Test(arguments: [(80, 24), (20, 6), (9, 4), (3, 4)])
    func typingWithoutPresentingLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 104_729 + height))
        var editor = Self.randomlyEditedEditor()
        var both = DisplayBeside(width: width, height: height, first: Self.presentation(editor))
        let others = Self.keysOtherThanTyping
        var taken = 0
        for step in 0..<1_500 {
            // Now and then the editor stops or starts recording changes, which switches it between
            // its two ways of typing.
            if random.next() % 50 == 0 { editor.recordsChanges.toggle() }
            if random.next() % 10 < 8 {
                let run = String((0...(random.next() % 3)).map { _ in Character(UnicodeScalar(UInt8(0x20 + random.next() % 95))) })
                if both.typeWithoutPresenting(run, into: &editor, presenting: { Self.presentation($0) }) {
                    taken += 1
                } else {
                    _ = editor.handle(.text(run))
                    both.draw(Self.presentation(editor))
                }
            } else {
                _ = editor.handle(others[Int(random.next() % UInt64(others.count))])
                both.draw(Self.presentation(editor))
            }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
        }
        #expect(taken > 300, "typing was taken without presenting \(taken) times")
        #expect(both.echoedInRoom > 100, "typing was echoed in the room \(both.echoedInRoom) times")
    }

    /// Random editing, through decoding and through the typing lane, of a highlighted entry or
    /// a secret one: the screen must be the frame pipeline's, styles and all, and, while the
    /// entry fits, what a fresh layout draws on a clean screen; a secret's characters never reach
    /// the terminal.
    @Test(arguments: [(80, 24, false), (20, 6, false), (9, 4, false), (3, 4, false), (41, 3, true), (9, 4, true),
                      (20, 6, true)])
    func randomEditingOfHighlightedOrSecretTextLeavesTheScreenAFramePipelineLeaves(width: Int, height: Int,
                                                                                   isSecret: Bool) {
        var random = SplitMix64(seed: UInt64(width * 613 + height))
        var editor = Self.randomlyEditedEditor()
        editor.highlighter = QuoteAndLetHighlighter()
        editor.isSecret = isSecret
        var both = DisplayBeside(width: width, height: height, first: Self.presentation(editor))
        let others = Self.keysOtherThanTyping + [.text("\""), .text("let "), .control("t"), .control("y"), .control("_")]
        // Letters that no escape sequence the renderer writes contains, nor the prompts and
        // the placeholder.
        let telltales = Array("qwxzj".utf8)
        var sawStyledCell = false
        var checked = 0
        for step in 0..<800 {
            if random.next() % 10 < 7 {
                let run = String((0...(random.next() % 3)).map { _ in Character(UnicodeScalar(UInt8(0x20 + random.next() % 95))) })
                if !both.typeWithoutPresenting(run, into: &editor, presenting: { Self.presentation($0) }) {
                    _ = editor.handle(.text(run))
                    both.draw(Self.presentation(editor))
                }
            } else {
                _ = editor.handle(others[Int(random.next() % UInt64(others.count))])
                both.draw(Self.presentation(editor))
            }
            if editor.state.text.utf8.count > 60 {
                editor.setText("")
                both.draw(Self.presentation(editor))
            }
            guard both.screensAgree else {
                Issue.record("step \(step): \(both.disagreement)")
                return
            }
            if isSecret, let leak = both.written[checked...].first(where: telltales.contains) {
                Issue.record("step \(step): \(Character(UnicodeScalar(leak))) reached the terminal")
                return
            }
            checked = both.written.count
            let fresh = ScreenHarness.fresh(Self.presentation(editor), width: width, height: height)
            if fresh.cursorRow < height - 1, fresh.line(height - 1).isEmpty, fresh.scrolledOffLines.isEmpty {
                guard both.screen.grid == fresh.grid else {
                    Issue.record("step \(step): \(both.screen.lines) vs fresh \(fresh.lines)")
                    return
                }
            }
            if !isSecret && (0..<width).contains(where: { both.screen[0, $0].attributes.isBold }) { sawStyledCell = true }
        }
        if !isSecret { #expect(sawStyledCell, "keywords were highlighted") }
        #expect(both.echoedInRoom == 0, "typed keys were echoed as they came")
    }
}

@Suite struct RendererEchoTests {
    @Test func echoNeedsTheCursorAtTheEndOfItsRow() {
        var renderer = Renderer()
        var state = EditorState(text: "abc")
        var layout = Layout()
        _ = renderer.render(layout.frame(for: Presentation(state: state), width: 10, height: 3))
        #expect(renderer.echo(Array("d".utf8)) == Array("d".utf8))
        state.cursor = TextPosition(line: 0, offset: 1)
        _ = renderer.render(layout.frame(for: Presentation(state: state), width: 10, height: 3))
        #expect(renderer.echo(Array("x".utf8)) == nil)
    }

    @Test func echoTakesOnlyPrintableASCII() {
        var renderer = Renderer()
        var layout = Layout()
        _ = renderer.render(layout.frame(for: Presentation(state: EditorState(text: "abc")), width: 10, height: 3))
        #expect(renderer.echo(Array("é".utf8)) == nil)
        #expect(renderer.echo([0x1B]) == nil)
        #expect(renderer.echo([0x7F]) == nil)
    }

    @Test func echoNeedsAFrameDrawnBefore() {
        var renderer = Renderer()
        #expect(renderer.echo(Array("a".utf8)) == nil)
    }
}

@Suite struct EditLogTests {
    @Test func typingAtTheEndChangesOnlyThatLineFromThere() {
        var state = EditorState(text: "ab\ncd")
        let seen = state.revision
        state.replace(state.endPosition..<state.endPosition, with: "e")
        state.replace(state.endPosition..<state.endPosition, with: "f")
        #expect(state.changedOnly(line: state.identity(ofLine: 1), from: 2, since: seen))
        #expect(!state.changedOnly(line: state.identity(ofLine: 1), from: 3, since: seen))
        #expect(!state.changedOnly(line: state.identity(ofLine: 0), from: 0, since: seen))
    }

    @Test func splittingOrJoiningLinesIsNotAChangeWithinALine() {
        var state = EditorState(text: "ab\ncd")
        let seen = state.revision
        state.replace(TextPosition(line: 0, offset: 2)..<TextPosition(line: 1, offset: 0), with: "")
        #expect(!state.changedOnly(line: state.identity(ofLine: 0), from: 2, since: seen))
        var split = EditorState(text: "ab")
        let seenSplit = split.revision
        split.replace(split.endPosition..<split.endPosition, with: "\n")
        #expect(!split.changedOnly(line: split.identity(ofLine: 0), from: 2, since: seenSplit))
    }

    @Test func asciiAddedAtALineEndIsReportedOnlyWhenNothingElseChanged() {
        func added(_ state: EditorState, at mark: EditorState.LineEnd) -> [UInt8]? {
            state.withASCIIAdded(at: mark) { Array($0) }
        }
        var state = EditorState(text: "ab\ncd")
        let mark = state.end(ofLine: 1)
        #expect(added(state, at: mark) == [])
        state.replace(state.endPosition..<state.endPosition, with: "ef")
        #expect(added(state, at: mark) == Array("ef".utf8))
        state.replace(state.endPosition..<state.endPosition, with: "é")
        #expect(added(state, at: mark) == nil, "not ASCII")

        var afterMark = EditorState(text: "ab\u{600}")
        let markAfterPrepend = afterMark.end(ofLine: 0)
        afterMark.replace(afterMark.endPosition..<afterMark.endPosition, with: "x")
        #expect(added(afterMark, at: markAfterPrepend) == nil, "the letter joins the character before it")

        var edited = EditorState(text: "abc")
        let before = edited.end(ofLine: 0)
        edited.replace(TextPosition(line: 0, offset: 0)..<TextPosition(line: 0, offset: 1), with: "")
        edited.replace(edited.endPosition..<edited.endPosition, with: "xy")
        #expect(added(edited, at: before) == nil, "an edit before the mark")
        #expect(added(EditorState(text: "abc"), at: before) == nil, "another state")
    }

    @Test func linesAddedAtTheEndAreReportedOnlyWhenNothingElseChanged() {
        func typed(_ text: String, into state: inout EditorState) {
            state.replace(state.endPosition..<state.endPosition, with: text)
        }
        var state = EditorState(text: "ab\ncd")
        let mark = state.end(ofLine: 1)
        typed("e\nfg", into: &state)
        typed("\n", into: &state)
        #expect(state.asciiAdded(atEndSince: mark, limit: 80) == Array("e\nfg\n".utf8))
        #expect(state.asciiAdded(atEndSince: mark, limit: 5) != nil)
        #expect(state.asciiAdded(atEndSince: mark, limit: 4) == nil, "more than the limit")
        #expect(state.asciiAdded(atEndSince: state.end(ofLine: 0), limit: 80) == nil, "not the last line")

        var joined = state
        joined.replace(TextPosition(line: 2, offset: 2)..<TextPosition(line: 3, offset: 0), with: "")
        #expect(joined.asciiAdded(atEndSince: mark, limit: 80) == Array("e\nfg".utf8), "a line added and joined again")
        var above = state
        above.replace(TextPosition(line: 0, offset: 0)..<TextPosition(line: 0, offset: 0), with: "x")
        #expect(above.asciiAdded(atEndSince: mark, limit: 80) == nil, "an edit above the mark")
        var before = state
        before.replace(TextPosition(line: 1, offset: 1)..<TextPosition(line: 1, offset: 2), with: "")
        #expect(before.asciiAdded(atEndSince: mark, limit: 80) == nil, "an edit before the mark on its line")
        var wide = state
        typed("中", into: &wide)
        #expect(wide.asciiAdded(atEndSince: mark, limit: 80) == nil, "not ASCII")

        var afterPrepend = EditorState(text: "ab\u{600}")
        let markAfterPrepend = afterPrepend.end(ofLine: 0)
        typed("\nx", into: &afterPrepend)
        #expect(afterPrepend.asciiAdded(atEndSince: markAfterPrepend, limit: 80) == Array("\nx".utf8),
                "a new line joins nothing before it")
        var prependJoin = EditorState(text: "ab\u{600}")
        let markBeforeJoin = prependJoin.end(ofLine: 0)
        typed("x\n", into: &prependJoin)
        #expect(prependJoin.asciiAdded(atEndSince: markBeforeJoin, limit: 80) == nil, "the letter joins the character before it")
    }

    @Test func editsOlderThanTheLogAreNotVouchedFor() {
        var state = EditorState(text: "")
        let seen = state.revision
        for _ in 0..<(3 * EditorState.editMemory) {
            state.replace(state.endPosition..<state.endPosition, with: "a")
        }
        #expect(!state.changedOnly(line: state.identity(ofLine: 0), from: 0, since: seen))
    }
}
