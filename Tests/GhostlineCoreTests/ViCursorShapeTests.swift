import Testing
@testable import GhostlineCore

/// vi mode's cursor shapes (DECSCUSR): set in the frames as the mode changes, the terminal's own
/// shape back on every way out and during a stop, never written in emacs mode.
@Suite struct ViCursorShapeTests {
    static let bar = "\u{1B}[6 q", block = "\u{1B}[2 q", underline = "\u{1B}[4 q", terminalShape = "\u{1B}[0 q"

    private static func session(_ mode: EditingMode) -> EntrySession {
        var editor = Editor()
        editor.editingMode = mode
        var session = EntrySession(editor: editor, appearance: EntryAppearance(prompt: "> "), width: 40, height: 5)
        _ = session.startEntry(text: "", drawsEntry: true, width: 40, height: 5)
        return session
    }

    private static func frameAfter(_ keys: [KeyEvent], in session: inout EntrySession) -> String {
        session.receive(keys: keys)
        while session.handleNextKey() != nil {}
        return String(decoding: session.frame(), as: UTF8.self)
    }

    @Test func eachModeHasItsShapeWrittenOnceWhenItChanges() {
        var session = Self.session(.vi)
        #expect(Self.frameAfter([], in: &session).hasSuffix(Self.bar))
        #expect(!Self.frameAfter([.text("ab")], in: &session).contains("\u{1B}["  + "6 q"), "no change, no shape")
        #expect(Self.frameAfter([.key(.escape)], in: &session).hasSuffix(Self.block))
        #expect(Self.frameAfter([.text("R")], in: &session).hasSuffix(Self.underline))
        #expect(Self.frameAfter([.key(.escape), .text("a")], in: &session).hasSuffix(Self.bar))
    }

    @Test func theTerminalsShapeComesBackOnEveryWayOutAndDuringAStop() {
        var session = Self.session(.vi)
        _ = Self.frameAfter([.key(.escape)], in: &session)
        #expect(String(decoding: session.stop(), as: UTF8.self).hasSuffix(Self.terminalShape + "\u{1B}[?2004l"))
        #expect(String(decoding: session.resumeAfterStop(onFreshRow: true), as: UTF8.self)
                    == "\u{1B}[?2004h\u{1B}[?25h" + Self.block + "\r", "set again after the stop")
        #expect(!Self.frameAfter([], in: &session).contains(" q"), "the frame after it sets nothing again")
        #expect(String(decoding: session.redrawAfterContinue(), as: UTF8.self)
                    .hasPrefix("\u{1B}[?2004h\u{1B}[?25h" + Self.block), "set again after whoever stopped it")
        #expect(String(decoding: session.undoEntryModes(), as: UTF8.self) == Self.terminalShape + "\u{1B}[?2004l")
        #expect(session.undoEntryModes().isEmpty, "undone once")
    }

    @Test func emacsModeNeverWritesAShape() {
        var session = Self.session(.emacs)
        let frames = Self.frameAfter([.text("ab"), .key(.escape), .text("x")], in: &session)
        #expect(!frames.contains(" q"))
        #expect(!String(decoding: session.stop(), as: UTF8.self).contains(" q"))
        _ = session.resumeAfterStop(onFreshRow: true)
        #expect(String(decoding: session.undoEntryModes(), as: UTF8.self) == "\u{1B}[?2004l")
    }
}
