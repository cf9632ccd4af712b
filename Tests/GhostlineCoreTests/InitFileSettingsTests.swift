import Testing
@testable import GhostlineCore
import GhostlineTesting

/// The settings readline's variables stand for, as the core acts on them: the escape timeout,
/// bracketed paste, `comment-begin`, completion's case and listing, and the mode strings drawn
/// with the prompt (once per change of mode).
@Suite struct InitFileSettingsTests {
    private static func session(_ editor: Editor = Editor(), appearance: EntryAppearance = EntryAppearance(prompt: "> "))
        -> EntrySession {
        var session = EntrySession(editor: editor, appearance: appearance, width: 30, height: 5)
        _ = session.startEntry(text: "", drawsEntry: true, width: 30, height: 5)
        return session
    }

    private static func screenAfter(_ keys: [KeyEvent], in session: inout EntrySession, screen: inout VirtualScreen) -> String {
        session.receive(keys: keys)
        while session.handleNextKey() != nil {}
        screen.feed(session.frame())
        return screen.lines[0]
    }

    @Test func theEscapeTimeoutIsTheSessionsAndNilWaitsForTheNextByte() {
        var session = Self.session()
        session.escapeTimeout = 120
        session.receive([0x1B][...])
        #expect(session.flushDeadline(now: 1_000) == 1_120)
        var waiting = Self.session()
        waiting.escapeTimeout = nil
        waiting.receive([0x1B][...])
        #expect(waiting.isSequencePending && waiting.flushDeadline(now: 1_000) == nil)
        waiting.receive(Array("[D".utf8)[...])
        #expect(waiting.waitingKeys.first == .key(.left), "the rest of the sequence came, however late")
    }

    @Test func bracketedPasteOffLeavesItsModeUnwrittenOnEveryWay() {
        var session = EntrySession(width: 30, height: 5)
        session.usesBracketedPaste = false
        let bytes = session.startEntry(text: "", drawsEntry: true, width: 30, height: 5) + session.frame()
            + session.printAbove(Array("hi\r\n".utf8), resetsModes: true) + session.stop()
            + session.resumeAfterStop(onFreshRow: true) + session.redrawAfterContinue() + session.undoEntryModes()
        #expect(!String(decoding: bytes, as: UTF8.self).contains("?2004"))
        var pasting = Self.session()
        #expect(String(decoding: pasting.startEntry(text: "", drawsEntry: true, width: 30, height: 5), as: UTF8.self)
            .contains("\u{1B}[?2004h"))
    }

    @Test func altHashPutsTheCommentBeginningThere() {
        var editor = Editor(marked: "echo hi|")
        editor.commentBegin = "// "
        #expect(editor.press(.alt("#")) == .submit("// echo hi"))
        var toggled = Editor(marked: "// echo hi|")
        toggled.commentBegin = "// "
        #expect(toggled.press(.alt("1"), .alt("#")) == .submit("echo hi"))
    }

    @Test func completionIgnoringCaseCompletesInTheCandidatesCase() {
        var editor = Editor(marked: "cat rea|")
        editor.completionOptions.ignoresCase = true
        editor.completion = { context in ["README.md", "ReadMe.txt", "src"].filter(context.matches) }
        editor.press(.key(.tab))
        #expect(editor.marked == "cat README.|")
        var caseCounts = Editor(marked: "cat rea|")
        caseCounts.completion = { context in ["README.md", "ReadMe.txt", "src"].filter(context.matches) }
        caseCounts.press(.key(.tab))
        #expect(caseCounts.marked == "cat rea|")
    }

    @Test func theListingRuleChoosesTheTabThatLists() {
        func listing(_ rule: CompletionListing, _ marked: String) -> [String] {
            var editor = Editor(marked: marked)
            editor.completionOptions.listing = rule
            editor.completion = { context in ["foobar", "foobaz"].filter(context.matches) }
            editor.press(.key(.tab))
            return editor.completionListing
        }
        #expect(listing(.onSecondTab, "ls fooba|").isEmpty)
        #expect(listing(.whenNothingCompletes, "ls fooba|") == ["foobar", "foobaz"])
        #expect(listing(.whenNothingCompletes, "ls f|").isEmpty, "it completed to fooba")
        #expect(listing(.always, "ls f|") == ["foobar", "foobaz"])
    }

    @Test func theModeStringIsDrawnBeforeThePromptAndChangesWithTheMode() {
        var editor = Editor()
        editor.editingMode = .vi
        let strings = ModeStrings(emacs: "@", viInsert: "[i]", viCommand: "[n]")
        var session = Self.session(editor, appearance: EntryAppearance(prompt: "> ", modeStrings: strings))
        var screen = VirtualScreen(columns: 30, rows: 5)
        #expect(Self.screenAfter([], in: &session, screen: &screen) == "[i]>")
        #expect(Self.screenAfter([.text("ab")], in: &session, screen: &screen) == "[i]> ab")
        #expect(screen.cursorColumn == 7)
        #expect(Self.screenAfter([.key(.escape)], in: &session, screen: &screen) == "[n]> ab")
        #expect(Self.screenAfter([.text("R")], in: &session, screen: &screen) == "[n]> ab", "replace mode counts as command")
        #expect(Self.screenAfter([.key(.escape), .text("A")], in: &session, screen: &screen) == "[i]> ab")
        var emacs = Self.session(appearance: EntryAppearance(prompt: "> ", modeStrings: strings))
        var emacsScreen = VirtualScreen(columns: 30, rows: 5)
        #expect(Self.screenAfter([.text("x")], in: &emacs, screen: &emacsScreen) == "@> x")
    }

    @Test func readlineModeStringsLoseTheirNonPrintingBytes() {
        #expect(ModeStrings.visibleText(ofReadlineModeString: "\u{1}\u{1B}[1;32m\u{2}[I]\u{1}\u{1B}[0m\u{2} ") == "[I] ")
        #expect(ModeStrings.visibleText(ofReadlineModeString: "\u{1}\u{1B}[6 q\u{2}") == "")
        #expect(ModeStrings.visibleText(ofReadlineModeString: "a\u{1}hidden") == "a")
        let file = InitFile(text: Array("set show-mode-in-prompt on\nset vi-ins-mode-string \\1\\e[6 q\\2+\n".utf8), name: "rc",
                            environment: .init(applicationName: "ghostline"))
        #expect(file.variables.modeStrings == ModeStrings(emacs: "@", viInsert: "+", viCommand: "(cmd)"))
        #expect(InitFile().variables.modeStrings == nil)
    }

    @Test func theVariablesReadAsTheSettingsTheyStandFor() {
        let file = InitFile(text: Array("""
            set keyseq-timeout 0
            set history-size 0
            set show-all-if-unmodified on
            set comment-begin //
            """.utf8), name: "rc", environment: .init(applicationName: "ghostline"))
        #expect(file.variables.keySequenceTimeout == 0)
        #expect(file.variables.historySize == 0)
        #expect(file.variables.value("history-size") == "0")
        #expect(file.variables.completionListing == .whenNothingCompletes)
        #expect(file.variables.commentBegin == "//")
        let unlimited = InitFile(text: Array("set history-size -1\nset show-all-if-ambiguous on\n".utf8), name: "rc",
                                 environment: .init(applicationName: "ghostline"))
        #expect(unlimited.variables.historySize == nil && unlimited.variables.value("history-size") == "0")
        #expect(unlimited.variables.completionListing == .always)
    }
}
