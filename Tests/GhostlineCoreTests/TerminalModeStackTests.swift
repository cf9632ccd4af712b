import Testing
@testable import GhostlineCore

/// The one stack of terminal modes: each mode's bytes, undone last set first, once, and kept
/// through a stop.
@Suite struct TerminalModeStackTests {
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test(arguments: [
        (TerminalMode.bracketedPaste, "\u{1B}[?2004h", "\u{1B}[?2004l"),
        (.cursorVisible, "\u{1B}[?25h", ""),
        (.cursorShape(.block), "\u{1B}[2 q", "\u{1B}[0 q"),
        (.cursorShape(.bar), "\u{1B}[6 q", "\u{1B}[0 q"),
        (.kittyKeyboard(flags: 1), "\u{1B}[>1u", "\u{1B}[<u"),
        (.modifyOtherKeys(level: 1), "\u{1B}[>4;1m", "\u{1B}[>4m"),
    ])
    func eachModeIsSetAndUndoneWithItsOwnBytes(mode: TerminalMode, set: String, undo: String) {
        var stack = TerminalModeStack()
        #expect(Self.text(stack.set(mode)) == set)
        #expect(Self.text(stack.undoAll()) == undo)
    }

    @Test func everyModeIsUndoneLastSetFirstAndOnlyOnce() {
        var stack = TerminalModeStack()
        _ = stack.set(.bracketedPaste)
        _ = stack.set(.kittyKeyboard(flags: 1))
        _ = stack.set(.cursorShape(.bar))
        #expect(Self.text(stack.undoAll()) == "\u{1B}[0 q\u{1B}[<u\u{1B}[?2004l")
        #expect(stack.undoAll().isEmpty)
        #expect(stack.modes.isEmpty)
    }

    @Test func aModeSetAgainWritesNothingAndAnotherOfItsKindReplacesIt() {
        var stack = TerminalModeStack()
        _ = stack.set(.cursorShape(.bar))
        #expect(stack.set(.cursorShape(.bar)).isEmpty)
        #expect(Self.text(stack.set(.cursorShape(.block))) == "\u{1B}[2 q")
        _ = stack.set(.kittyKeyboard(flags: 1))
        #expect(Self.text(stack.set(.kittyKeyboard(flags: 3))) == "\u{1B}[<u\u{1B}[>3u", "popped, then pushed")
        #expect(Self.text(stack.undoAll()) == "\u{1B}[<u\u{1B}[0 q", "one pop for the one push left")
    }

    @Test func removingAKindUndoesItAlone() {
        var stack = TerminalModeStack()
        _ = stack.set(.bracketedPaste)
        _ = stack.set(.cursorShape(.underline))
        #expect(Self.text(stack.remove(.cursorShape)) == "\u{1B}[0 q")
        #expect(stack.cursorShape == nil)
        #expect(stack.remove(.cursorShape).isEmpty)
        #expect(Self.text(stack.undoAll()) == "\u{1B}[?2004l")
    }

    @Test func aStopUndoesEverythingAndTheContinueSetsItAgainInOrder() {
        var stack = TerminalModeStack()
        _ = stack.set(.bracketedPaste)
        _ = stack.set(.cursorVisible)
        _ = stack.set(.kittyKeyboard(flags: 1))
        #expect(Self.text(stack.suspend()) == "\u{1B}[<u\u{1B}[?2004l")
        #expect(stack.suspend().isEmpty, "undone once")
        #expect(stack.set(.cursorShape(.block)).isEmpty, "recorded while stopped, set on the continue")
        #expect(Self.text(stack.resume()) == "\u{1B}[?2004h\u{1B}[?25h\u{1B}[>1u\u{1B}[2 q")
        #expect(stack.resume().isEmpty)
        #expect(Self.text(stack.undoAll()) == "\u{1B}[0 q\u{1B}[<u\u{1B}[?2004l")
    }

    @Test func theWayOutWhileStoppedWritesNothing() {
        var stack = TerminalModeStack()
        _ = stack.set(.bracketedPaste)
        _ = stack.suspend()
        #expect(stack.undoAll().isEmpty)
        #expect(stack.resume().isEmpty, "nothing is set again after the way out")
    }

    @Test func reassertingSetsTheIdempotentModesAgainAndNeverPushesTwice() {
        var stack = TerminalModeStack()
        _ = stack.set(.bracketedPaste)
        _ = stack.set(.kittyKeyboard(flags: 1))
        _ = stack.set(.modifyOtherKeys(level: 1))
        #expect(Self.text(stack.reassert()) == "\u{1B}[?2004h\u{1B}[>4;1m")
        #expect(Self.text(stack.undoAll()) == "\u{1B}[>4m\u{1B}[<u\u{1B}[?2004l")
    }
}
