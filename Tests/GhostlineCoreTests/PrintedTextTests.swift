import GhostlineCore
import GhostlineTestSupport
import GhostlineTesting
import Testing

struct PrintedTextTests {
    private func bytes(_ text: String) -> String {
        String(decoding: PrintedText.terminalBytes(of: text), as: UTF8.self)
    }

    @Test(arguments: [
        ("tick 1", "tick 1\r\n"),
        ("tick 1\n", "tick 1\r\n"),
        ("one\ntwo\n", "one\r\ntwo\r\n"),
        ("one\r\ntwo", "one\r\ntwo\r\n"),
        ("\n", "\r\n"),
        ("a\tb", "a\tb\r\n"),
        ("größe 漢字 👍🏽", "größe 漢字 👍🏽\r\n"),
    ])
    func textAndLineBreaksEndOnAFreshRow(text: String, expected: String) {
        #expect(bytes(text) == expected)
    }

    @Test func emptyTextPrintsNothing() {
        #expect(PrintedText.terminalBytes(of: "").isEmpty)
    }

    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "\u{1B}[31mred\u{1B}[0m\u{1B}[0m\r\n"),
        ("\u{1B}[38;5;208morange\n", "\u{1B}[38;5;208morange\u{1B}[0m\r\n"),
        ("\u{1B}[1;38;2;1;2;3mx", "\u{1B}[1;38;2;1;2;3mx\u{1B}[0m\r\n"),
        ("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\", "\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[0m\r\n"),
        ("\u{1B}]0;title\u{07}x", "\u{1B}]0;title\u{07}x\u{1B}[0m\r\n"),
    ])
    func completeSequencesPassAndTheStyleIsResetAfterThem(text: String, expected: String) {
        #expect(bytes(text) == expected)
    }

    @Test(arguments: [
        ("a\u{1B}b", "ab\r\n"),
        ("a\u{1B}", "a\r\n"),
        ("a\u{1B}[31", "a[31\r\n"),
        ("a\u{1B}]0;unterminated", "a]0;unterminated\r\n"),
        ("a\u{1B}]0;bad\nrest", "a]0;bad\r\nrest\r\n"),
        ("50%\rdone", "50%done\r\n"),
        ("ab\u{08}c\u{07}d\u{0B}e\u{0C}f\u{7F}g\u{0}h", "abcdefgh\r\n"),
        ("a\u{9B}2Jb\u{85}c", "a2Jbc\r\n"),
    ])
    func loneControlBytesAreDropped(text: String, expected: String) {
        #expect(bytes(text) == expected)
    }

    /// Whatever a message holds, the screen ends up with the cursor at the start of the row
    /// below it and no control byte the screen does not understand.
    @Test func anyMessageLeavesTheCursorAtARowStart() {
        var generator = SplitMix64(seed: 15)
        let pieces = ["a", "\u{1B}", "[", "31m", "\r", "\n", "\u{07}", "]0;t", "\u{08}", "\u{9B}", "漢", " ", "\\"]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var screen = VirtualScreen(columns: 20, rows: 30)
            screen.feed(PrintedText.terminalBytes(of: text))
            #expect(screen.cursorColumn == 0, "\(text.debugDescription)")
            #expect(screen.rawControlBytesSeen.isEmpty, "\(text.debugDescription)")
            #expect(screen.currentAttributes == .plain, "\(text.debugDescription)")
        }
    }
}
