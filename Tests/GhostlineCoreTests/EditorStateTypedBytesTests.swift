import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// Bytes typed at a line's end are kept apart from the line's string until it changes otherwise
/// (`EditorState.typeAtLineEnd(_:)`): every way of reading the state must see them in place, and
/// every other edit must find them joined.
@Suite struct EditorStateTypedBytesTests {
    private static func typed(_ text: String, into state: inout EditorState) {
        for byte in text.utf8 { _ = state.typeAtLineEnd(byte) }
    }

    @Test func typedBytesReadAsPartOfTheLine() {
        var state = EditorState(text: "first\nab")
        Self.typed("c d", into: &state)
        #expect(state.text == "first\nabc d")
        #expect(state.line(1) == "abc d")
        #expect(state.byteCount(ofLine: 1) == 5)
        #expect(state.cursor == TextPosition(line: 1, offset: 5))
        #expect(state.endPosition == state.cursor)
        #expect(state.character(before: state.cursor) == "d")
        #expect(state.isWhitespace(before: TextPosition(line: 1, offset: 4)))
        #expect(!state.isWhitespace(before: TextPosition(line: 1, offset: 3)))
        #expect(state.text(in: TextPosition(line: 0, offset: 3)..<TextPosition(line: 1, offset: 4)) == "st\nabc ")
        #expect(!state.isEmpty)
    }

    @Test func bytesAddedSinceAMarkAreReadFromWhereverTheyAre() {
        var state = EditorState(text: "x")
        let beforeAll = state.end(ofLine: 0)
        Self.typed("ab", into: &state)
        state.settleTypedBytes()
        let afterSettling = state.end(ofLine: 0)
        Self.typed("cd", into: &state)
        #expect(state.withASCIIAdded(at: afterSettling) { Array($0) } == Array("cd".utf8), "all apart")
        #expect(state.withASCIIAdded(at: beforeAll) { Array($0) } == Array("abcd".utf8), "some in the string")
        #expect(state.withASCIIAdded(at: state.end(ofLine: 0)) { Array($0) } == [], "none")
    }

    @Test func anEditJoinsTheTypedBytesFirst() {
        var state = EditorState(text: "ab")
        Self.typed("cd", into: &state)
        state.replace(TextPosition(line: 0, offset: 1)..<TextPosition(line: 0, offset: 3), with: "X")
        #expect(state.text == "aXd")
        Self.typed("e", into: &state)
        state.replace(TextPosition(line: 0, offset: 4)..<TextPosition(line: 0, offset: 4), with: "\nnext")
        #expect(state.text == "aXde\nnext")
        Self.typed("!", into: &state)
        #expect(state.text == "aXde\nnext!")
    }

    @Test func movingTheCursorAndTypingOnAnotherLineKeepsBothLines() {
        var state = EditorState(text: "one\ntwo")
        Self.typed("2", into: &state)
        state.cursor = TextPosition(line: 0, offset: 3)
        Self.typed("1", into: &state)
        #expect(state.text == "one1\ntwo2")
        state.settleTypedBytes()
        #expect(state.text == "one1\ntwo2")
    }

    @Test func anEmptyStateTypedIntoIsNotEmpty() {
        var state = EditorState()
        #expect(state.isEmpty)
        Self.typed("a", into: &state)
        #expect(!state.isEmpty)
        #expect(state.text == "a")
    }

    /// Typing apart and every other edit at random, against a state edited through `replace`
    /// alone: the texts, cursors and what layout learns from the log must agree at every step.
    @Test func randomTypingApartMatchesReplacing() {
        var random = SplitMix64(seed: 2_026)
        var apart = EditorState(text: "start")
        var replaced = EditorState(text: "start")
        for step in 0..<2_000 {
            switch random.next() % 6 {
            case 0, 1, 2:
                // Typing needs the cursor at its line's end, as `Editor.type(ascii:)` checks.
                guard apart.cursor.offset == apart.byteCount(ofLine: apart.cursor.line) else { break }
                let byte = UInt8(0x20 + random.next() % 95)
                _ = apart.typeAtLineEnd(byte)
                let cursor = replaced.cursor
                replaced.replace(cursor..<cursor, with: String(UnicodeScalar(byte)))
            case 3:
                let line = Int(random.next() % UInt64(apart.lineCount))
                let position = TextPosition(line: line, offset: Int(random.next() % UInt64(apart.byteCount(ofLine: line) + 1)))
                apart.cursor = position
                replaced.cursor = position
            case 4:
                let end = apart.cursor
                let start = apart.position(before: apart.position(before: end))
                let replacement = ["\n", "é", "", "x\ny"][Int(random.next() % 4)]
                apart.replace(start..<end, with: replacement)
                replaced.replace(start..<end, with: replacement)
            default:
                apart.settleTypedBytes()
            }
            #expect(apart.text == replaced.text, "step \(step)")
            #expect(apart.cursor == replaced.cursor, "step \(step)")
            #expect(apart.endPosition == replaced.endPosition, "step \(step)")
        }
    }
}
