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
        ("one\r\n", "one\r\n"),
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

    /// SGR (colours and attributes, in every colour form) and OSC 8 hyperlinks with a printable
    /// URL pass; the style is reset and an open link closed before the last line break.
    @Test(arguments: [
        ("\u{1B}[31mred\u{1B}[0m", "\u{1B}[31mred\u{1B}[0m\u{1B}[0m\r\n"),
        ("\u{1B}[mplain", "\u{1B}[mplain\u{1B}[0m\r\n"),
        ("\u{1B}[38;5;208morange\n", "\u{1B}[38;5;208morange\u{1B}[0m\r\n"),
        ("\u{1B}[1;38;2;1;2;3mx", "\u{1B}[1;38;2;1;2;3mx\u{1B}[0m\r\n"),
        ("\u{1B}[38:2::1:2:3mx", "\u{1B}[38:2::1:2:3mx\u{1B}[0m\r\n"),
        ("\u{1B}]8;;https://example.com/a?b=c;d\u{1B}\\link\u{1B}]8;;\u{1B}\\",
         "\u{1B}]8;;https://example.com/a?b=c;d\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}]8;;\u{1B}\\\r\n"),
        ("\u{1B}]8;id=7;https://example.com\u{07}open", "\u{1B}]8;id=7;https://example.com\u{07}open\u{1B}]8;;\u{1B}\\\r\n"),
        ("\u{1B}[1m\u{1B}]8;;http://x\u{07}both", "\u{1B}[1m\u{1B}]8;;http://x\u{07}both\u{1B}]8;;\u{1B}\\\u{1B}[0m\r\n"),
    ])
    func colorsAndHyperlinksPassAndAreEndedAfterTheMessage(text: String, expected: String) {
        #expect(bytes(text) == expected)
    }

    /// Every sequence class of issue 26's finding 1, shown in caret notation: its `ESC` is `^[`,
    /// the rest is text under the same rule.
    @Test(arguments: [
        ("erase display (ED)", "a\u{1B}[2Jb", "a^[[2Jb"),
        ("cursor position (CUP)", "\u{1B}[1;1Hhome", "^[[1;1Hhome"),
        ("cursor up (CUU)", "\u{1B}[5Aup", "^[[5Aup"),
        ("erase in line", "\u{1B}[2Kx", "^[[2Kx"),
        ("scroll region (DECSTBM)", "\u{1B}[1;5r", "^[[1;5r"),
        ("alternate screen", "\u{1B}[?1049h", "^[[?1049h"),
        ("cursor hidden", "\u{1B}[?25l", "^[[?25l"),
        ("mouse reporting", "\u{1B}[?1000h", "^[[?1000h"),
        ("bracketed paste off", "bye\u{1B}[?2004l", "bye^[[?2004l"),
        ("cursor position report request", "\u{1B}[6n", "^[[6n"),
        ("window title report request", "\u{1B}[21t", "^[[21t"),
        ("SGR with a private marker (modifyOtherKeys)", "\u{1B}[>4;2m", "^[[>4;2m"),
        ("SGR-like with an intermediate byte", "\u{1B}[1 m", "^[[1 m"),
        ("cursor shape", "\u{1B}[2 q", "^[[2 q"),
        ("OSC 52 clipboard", "\u{1B}]52;c;aGk=\u{07}", "^[]52;c;aGk=^G"),
        ("OSC 0 title", "\u{1B}]0;owned\u{1B}\\", "^[]0;owned^[\\"),
        ("OSC with a C1 inside", "\u{1B}]0;a\u{9B}2Jb\u{07}", "^[]0;a~[2Jb^G"),
        ("OSC 8 with a C1 string terminator", "\u{1B}]8;;http://x\u{9C}y", "^[]8;;http://x~\\y"),
        ("OSC 8 with a control in the URL", "\u{1B}]8;;http://x\u{1B}[2Jy\u{1B}\\", "^[]8;;http://x^[[2Jy^[\\"),
        ("OSC 8 with a line feed in the URL", "\u{1B}]8;;http://x\ny\u{07}", "^[]8;;http://x\r\ny^G"),
        ("OSC 8 with a non-ASCII URL", "\u{1B}]8;;http://é\u{07}", "^[]8;;http://é^G"),
        ("OSC 8 unterminated", "\u{1B}]8;;http://x", "^[]8;;http://x"),
        ("OSC 8 without its second semicolon", "\u{1B}]8;http://x\u{07}", "^[]8;http://x^G"),
        ("DCS", "\u{1B}P1$r\u{1B}\\", "^[P1$r^[\\"),
        ("APC", "\u{1B}_payload\u{1B}\\", "^[_payload^[\\"),
        ("PM", "\u{1B}^payload\u{1B}\\", "^[^payload^[\\"),
        ("SOS", "\u{1B}Xpayload\u{1B}\\", "^[Xpayload^[\\"),
        ("reset (RIS)", "\u{1B}c", "^[c"),
        ("index and reverse index", "\u{1B}D\u{1B}M", "^[D^[M"),
        ("save and restore cursor", "\u{1B}7x\u{1B}8", "^[7x^[8"),
        ("UTF-8 C1: CSI, NEL, OSC, DCS", "a\u{9B}2Jb\u{85}c\u{9D}d\u{90}", "a~[2Jb~Ec~]d~P"),
        ("lone ESC in the middle", "a\u{1B}b", "a^[b"),
        ("lone ESC at the end", "a\u{1B}", "a^["),
        ("incomplete CSI", "a\u{1B}[31", "a^[[31"),
        ("lone CR", "50%\rdone", "50%^Mdone"),
        ("CR before the final line feed's CR", "a\r\r\n", "a^M"),
        ("other C0 controls and DEL", "ab\u{08}c\u{07}d\u{0B}e\u{0C}f\u{7F}g\u{0}h\u{18}i\u{1A}", "ab^Hc^Gd^Ke^Lf^?g^@h^Xi^Z"),
    ])
    func everyOtherControlIsShownInCaretNotation(name: String, text: String, expected: String) {
        #expect(bytes(text) == expected + "\r\n", "\(name)")
    }

    @Test func bytesThatAreNotUTF8AreReplacedSoAnEightBitCSIIsNeverWritten() {
        let shown = PrintedText.terminalBytes(ofUTF8: [0x61, 0x9B, 0x32, 0x4A, 0x62, 0x1B, 0x9D, 0x30, 0x3B, 0x07])
        #expect(String(decoding: shown, as: UTF8.self) == "a\u{FFFD}2Jb^[\u{FFFD}0;^G\r\n")
        #expect(!shown.contains(0x9B) && !shown.contains(0x9D))
    }

    /// An escape sequence split across two messages is two harmless pieces: each message is
    /// filtered on its own.
    @Test func aSequenceSplitAcrossMessagesStaysText() {
        #expect(bytes("a\u{1B}") + bytes("[2J") == "a^[\r\n[2J\r\n")
        #expect(bytes("a\u{1B}]52;c;") + bytes("aGk=\u{07}") == "a^[]52;c;\r\naGk=^G\r\n")
    }

    /// The hostile messages of issue 26, written on a screen that holds rows already: nothing
    /// above is erased or moved, no mode changes, nothing is asked of the terminal, and the
    /// cursor ends at the start of the row below the message in the plain style.
    @Test(arguments: [
        "\u{1B}[2J\u{1B}[H\u{1B}[5A\u{1B}[1;5r\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?2004l\u{1B}[6n\u{1B}[21t",
        "\u{1B}]52;c;aGk=\u{07}\u{1B}]0;title\u{07}\u{1B}]0;a\u{9B}2J\u{07}\u{1B}P1$r\u{1B}\\\u{1B}_a\u{1B}\\\u{1B}^b\u{1B}\\\u{1B}Xc\u{1B}\\",
        "x\u{9B}2J\u{9B}H\u{85}\u{8D}\u{1B}c\u{1B}M\u{1B}7\u{1B}8\u{1B}",
        "\u{1B}[31mred\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}[>4;2m\r\u{08}\u{08}\u{0B}\u{0C}",
    ])
    func hostileMessagesMoveNothingOnTheScreen(message: String) {
        var screen = VirtualScreen(columns: 200, rows: 6)
        screen.feed("above 1\r\nabove 2\r\n\u{1B}[?2004h")
        screen.feed(PrintedText.terminalBytes(of: message))
        #expect(screen.line(0) == "above 1")
        #expect(screen.line(1) == "above 2")
        #expect(screen.scrolledOffLines.isEmpty)
        #expect(screen.cursorRow == 3 && screen.cursorColumn == 0, "\(screen.lines)")
        #expect(screen.bracketedPasteEnabled)
        #expect(screen.isCursorVisible)
        #expect(screen.currentAttributes == .plain)
        #expect(screen.queries.isEmpty && screen.pendingReplies.isEmpty)
        #expect(screen.unsupportedSequences.isEmpty, "\(screen.unsupportedSequences)")
        #expect(screen.ignoredSequences.allSatisfy { $0.hasPrefix("ESC]8;") }, "\(screen.ignoredSequences)")
        #expect(screen.rawControlBytesSeen.isEmpty)
    }

    /// Whatever a message holds, the screen ends up with the cursor at the start of the row
    /// below it, its style plain, and no control byte the screen does not understand.
    @Test func anyMessageLeavesTheCursorAtARowStart() {
        var generator = SplitMix64(seed: 15)
        let pieces = ["a", "\u{1B}", "[", "31m", "2J", "?2004l", "\r", "\n", "\u{07}", "]0;t", "]8;;", "8;", "\u{08}",
                      "\u{9B}", "\u{9C}", "漢", " ", "\\", "P", "_"]
        for _ in 0..<1000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 16) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var screen = VirtualScreen(columns: 20, rows: 30)
            screen.feed("\u{1B}[?2004h")
            screen.feed(PrintedText.terminalBytes(of: text))
            #expect(screen.cursorColumn == 0, "\(text.debugDescription)")
            #expect(screen.rawControlBytesSeen.isEmpty, "\(text.debugDescription)")
            #expect(screen.currentAttributes == .plain, "\(text.debugDescription)")
            #expect(screen.bracketedPasteEnabled && screen.queries.isEmpty, "\(text.debugDescription)")
            #expect(screen.unsupportedSequences.isEmpty, "\(text.debugDescription)")
        }
    }
}
