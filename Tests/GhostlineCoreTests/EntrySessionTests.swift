import Testing
@testable import GhostlineCore
import GhostlineTesting

/// The core's entry session, the one loop every key goes through: what it keeps between
/// entries, the escape timeout it asks for, its idle work, and the bytes it gives for the
/// terminal's events.
@Suite struct EntrySessionTests {
    private static func session(width: Int = 20, height: Int = 5, drawsEntry: Bool = true) -> EntrySession {
        var session = EntrySession(appearance: EntryAppearance(prompt: "> "), width: width, height: height)
        _ = session.startEntry(text: "", drawsEntry: drawsEntry, width: width, height: height)
        return session
    }

    /// Handles every key waiting and returns their requests.
    private static func handleAll(_ session: inout EntrySession) -> [EditorRequest] {
        var requests: [EditorRequest] = []
        while let key = session.handleNextKey() {
            if let request = key.request {
                requests.append(request)
                if case .submit = request { break }
            }
        }
        return requests
    }

    @Test func keysAfterASubmittedEntryAreTheNextEntrys() {
        var session = Self.session()
        session.receive(Array("ab\rcd".utf8)[...])
        #expect(Self.handleAll(&session) == [.submit("ab")])
        #expect(session.hasKeys, "the keys after Enter wait")
        _ = session.finish()
        _ = session.startEntry(text: "", drawsEntry: true, width: 20, height: 5)
        #expect(Self.handleAll(&session).isEmpty)
        #expect(session.editor.state.text == "cd")
        #expect(!session.hasKeys)
    }

    /// Text read after every key was handled is a key of its own, not joined to the handled
    /// text key before it, whether or not the runner asked for a key past the last.
    @Test func textReadAfterHandledKeysIsANewKey() {
        var session = Self.session()
        session.receive(Array("ab".utf8)[...])
        #expect(session.handleNextKey() != nil)
        session.receive(Array("cd".utf8)[...])
        #expect(Array(session.waitingKeys) == [.text("cd")])
        #expect(Self.handleAll(&session).isEmpty)
        #expect(session.editor.state.text == "abcd")
    }

    @Test(arguments: ["\u{3}", "\u{4}"])
    func keysAfterAnEntryEndedOtherwiseAreDropped(ending: String) {
        var session = Self.session()
        session.receive(Array((ending + "cd").utf8)[...])
        #expect(Self.handleAll(&session) == [ending == "\u{3}" ? .interrupt : .endOfFile])
        #expect(!session.hasKeys)
    }

    @Test func aKeyTellsWhetherItChangedTheText() {
        var session = Self.session()
        session.editor.recordsChanges = true
        session.receive(Array("a\u{1B}[D".utf8)[...])
        #expect(session.handleNextKey()?.textChanged == true)
        #expect(session.handleNextKey()?.textChanged == false, "a move changes nothing")
        #expect(session.handleNextKey() == nil)
    }

    /// The deadline starts when it is first asked for and stays until new bytes come; a flush
    /// then makes the lone Escape a key.
    @Test func theEscapeDeadlineStaysUntilNewBytes() {
        var session = Self.session()
        #expect(session.flushDeadline(now: 0) == nil)
        session.receive([0x1B][...])
        #expect(session.isSequencePending && !session.hasKeys)
        #expect(session.flushDeadline(now: 100) == 100 + EntrySession.defaultEscapeTimeout)
        #expect(session.flushDeadline(now: 120) == 100 + EntrySession.defaultEscapeTimeout, "a wake-up in between")
        session.receive([0x5B][...])
        #expect(session.flushDeadline(now: 130) == 130 + EntrySession.defaultEscapeTimeout, "new bytes, a new timeout")
        session.flush()
        #expect(!session.isSequencePending && session.hasKeys)
        #expect(session.waitingKeys.first == .alt("["))
    }

    @Test func theHistorysSortingIsIdleWorkDoneInSteps() {
        var editor = Editor(history: History(entries: (0..<2_000).map { "git commit -m \"fix \(($0 * 7_919) % 2_000)\"" }))
        editor.startNewEntry()
        var session = EntrySession(editor: editor)
        #expect(session.hasIdleWork)
        var steps = 0
        while session.performIdleStep() { steps += 1 }
        #expect(!session.hasIdleWork && session.editor.history.isIndexed)
        #expect(steps < 1_000)
        #expect(!EntrySession().hasIdleWork, "an empty history has none")
    }

    @Test func printingAboveErasesTheEntryAndDrawsItBelowTheMessages() {
        var session = Self.session()
        var screen = VirtualScreen(columns: 20, rows: 5)
        screen.feed(session.frame())
        session.receive(Array("hi".utf8)[...])
        _ = Self.handleAll(&session)
        screen.feed(session.frame())
        let bytes = session.printAbove(PrintedText.terminalBytes(of: "news"), resetsModes: false)
        #expect(bytes.starts(with: Array("\u{1B}[?2026h".utf8)) && bytes.suffix(8).elementsEqual("\u{1B}[?2026l".utf8))
        screen.feed(bytes)
        #expect(screen.lines.prefix(2) == ["news", "> hi"])
        #expect(screen.cursorRow == 1 && screen.cursorColumn == 4)
    }

    @Test func aResizeErasesTheAreaOnlyWhenTheSizeChanged() {
        var session = Self.session()
        _ = session.frame()
        #expect(session.resize(width: 20, height: 5, reflows: true).isEmpty)
        #expect(!session.resize(width: 10, height: 5, reflows: true).isEmpty)
        #expect(session.width == 10)
    }

    /// An entry that is not drawn writes its prompt as plain text, no frame and no escape
    /// sequence, and gets its prompt again below a message.
    @Test func anEntryNotDrawnWritesOnlyItsPrompt() {
        var session = EntrySession(appearance: EntryAppearance(prompt: "pw\u{7}: "))
        #expect(session.startEntry(text: "", drawsEntry: false, width: 20, height: 5) == Array("pw^G: ".utf8))
        session.receive(Array("secret".utf8)[...])
        _ = Self.handleAll(&session)
        #expect(session.frame().isEmpty)
        #expect(session.printAbove(Array("m\r\n".utf8), resetsModes: true) == Array("\r\nm\r\npw^G: ".utf8))
        #expect(session.undoEntryModes().isEmpty)
        #expect(session.finish() == Array("\r\n".utf8))
    }

    @Test func aNewAppearanceIsDrawnWithTheNextFrame() {
        var session = Self.session()
        var screen = VirtualScreen(columns: 20, rows: 5)
        screen.feed(session.frame())
        session.setAppearance(EntryAppearance(prompt: "$ "))
        screen.feed(session.frame())
        #expect(screen.line(0) == "$")
    }
}
