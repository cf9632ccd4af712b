import Glibc
import GhostlineTerminal
import Testing

@Suite struct TerminalAttributesTests {
    @Test func rawModeTurnsOffLineEditingEchoSignalsAndOutputProcessing() throws {
        let pseudoTerminal = try PseudoTerminal()
        let before = cAttributes(of: pseudoTerminal.terminal)
        #expect(before.c_lflag & tcflag_t(ICANON | ECHO) != 0)

        try TerminalAttributes.read(from: pseudoTerminal.terminal).makingRaw()
            .apply(to: pseudoTerminal.terminal)

        let raw = cAttributes(of: pseudoTerminal.terminal)
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
        #expect(raw.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        let controlCharacters = withUnsafeBytes(of: raw.c_cc) { Array($0) }
        #expect(controlCharacters[Int(VMIN)] == 1)
        #expect(controlCharacters[Int(VTIME)] == 0)
    }

    @Test func makingRawKeepsFlagsItDoesNotOwn() throws {
        let pseudoTerminal = try PseudoTerminal()
        let original = try TerminalAttributes.read(from: pseudoTerminal.terminal)
        try original.makingRaw().apply(to: pseudoTerminal.terminal, when: .immediately)

        let raw = cAttributes(of: pseudoTerminal.terminal)
        let cooked = cAttributes(of: pseudoTerminal.controller)
        #expect(raw.c_lflag & tcflag_t(ECHOE | ECHOK) == cooked.c_lflag & tcflag_t(ECHOE | ECHOK))
        #expect(raw.c_ospeed == cooked.c_ospeed)
        #expect(original.makingRaw() != original)
        #expect(original.makingRaw() == original.makingRaw().makingRaw())
    }

    @Test func applyingSavedAttributesRestoresEveryByte() throws {
        let pseudoTerminal = try PseudoTerminal()
        let originalBytes = attributeBytes(of: pseudoTerminal.terminal)
        let original = try TerminalAttributes.read(from: pseudoTerminal.terminal)

        try original.makingRaw().apply(to: pseudoTerminal.terminal)
        #expect(attributeBytes(of: pseudoTerminal.terminal) != originalBytes)
        #expect(try TerminalAttributes.read(from: pseudoTerminal.terminal) != original)

        try original.apply(to: pseudoTerminal.terminal)
        #expect(attributeBytes(of: pseudoTerminal.terminal) == originalBytes)
        #expect(try TerminalAttributes.read(from: pseudoTerminal.terminal) == original)
    }

    @Test func readingAPipeThrowsNotATerminal() throws {
        let pipe = try Pipe()
        #expect(throws: Errno(rawValue: ENOTTY)) {
            try TerminalAttributes.read(from: pipe.readEnd)
        }
    }
}
