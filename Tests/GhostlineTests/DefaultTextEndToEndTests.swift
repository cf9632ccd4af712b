import Testing
import GhostlineTesting
import GhostlineTestSupport

/// `ghostline --default`: Enter on an empty entry submits the default, and the scrollback shows
/// it after the prompt as the entry's text, drawn as typed text is (not as the underlined ghost),
/// whether Enter came after the prompt was drawn or was typed ahead of it.
@Suite struct DefaultTextEndToEndTests {
    private static let keyword = CellAttributes(foreground: .basic(4), isBold: true)

    private static func attributes(_ session: PseudoTerminalSession, row: Int = 0, columns: Range<Int>) -> [CellAttributes] {
        columns.map { session.screen[row, $0].attributes }
    }

    @Test func theAcceptedDefaultStaysInTheScrollbackAsPlainText() throws {
        let session = try startGhostline(["--prompt", "Name: ", "--default", "Ada"], captureStandardOutput: true,
                                         prompt: "Name: ")
        #expect(session.waitUntil { $0.screen.line(0) == "Name: Ada" && $0.screen[0, 6].attributes.isUnderlined })
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "Ada\n")
        #expect(session.screen.line(0) == "Name: Ada", "the value given is drawn after the prompt")
        #expect(Self.attributes(session, columns: 6..<9) == Array(repeating: .plain, count: 3), "in the text's style, not the ghost's")
        #expect(session.screen.cursorRow == 1 && session.screen.cursorColumn == 0)
    }

    @Test func theAcceptedDefaultIsHighlightedAsTypedTextIs() throws {
        let session = try startGhostline(["--default", "let x", "--keywords", "let"], captureStandardOutput: true)
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "let x\n")
        #expect(session.screen.line(0) == "> let x")
        #expect(Self.attributes(session, columns: 2..<5) == Array(repeating: Self.keyword, count: 3))
        #expect(Self.attributes(session, columns: 5..<7) == Array(repeating: .plain, count: 2))
    }

    @Test func aDefaultAcceptedByATypedAheadEnterIsDrawnToo() throws {
        let session = try startGhostline(["--loop", "--default", "yes"], captureStandardOutput: true)
        // The second Enter reaches the second prompt with the first entry's keys.
        try session.send("\r\r\u{04}")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "yes\nyes\n")
        #expect(session.screen.line(0) == "> yes")
        #expect(session.screen.line(1) == "> yes")
    }
}
