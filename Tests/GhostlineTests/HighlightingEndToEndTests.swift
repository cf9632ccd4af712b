import Testing
import GhostlineTestSupport

/// `ghostline --keywords`: the words drawn bold and blue where they stand whole, and no stale
/// style after an edit.
@Suite struct HighlightingEndToEndTests {
    private static let keyword = CellAttributes(foreground: .palette(4), isBold: true)

    private static func attributes(_ session: PseudoTerminalSession, row: Int = 0, columns: Range<Int>) -> [CellAttributes] {
        columns.map { session.screen[row, $0].attributes }
    }

    @Test func keywordsAreBoldAndBlueAndLoseItWhenALetterGoes() throws {
        let session = try startGhostline(["--keywords", "let var"], captureStandardOutput: true)
        try session.type("let x = lets", until: { $0.screen.line(0) == "> let x = lets" })
        #expect(Self.attributes(session, columns: 2..<5) == Array(repeating: Self.keyword, count: 3))
        #expect(Self.attributes(session, columns: 5..<14) == Array(repeating: .plain, count: 9), "lets is not let")
        #expect(String(decoding: session.output, as: UTF8.self).contains("\u{1B}[1;34mlet"))
        // Home, then delete the "e": "lt" is no keyword.
        try session.type("\u{01}\u{1B}[C\u{04}", until: { $0.screen.line(0) == "> lt x = lets" })
        #expect(Self.attributes(session, columns: 0..<14) == Array(repeating: .plain, count: 14))
        // Backspace at the end makes "let" of "lets".
        try session.type("\u{05}\u{7F}", until: { $0.screen.line(0) == "> lt x = let" })
        #expect(Self.attributes(session, columns: 9..<12) == Array(repeating: Self.keyword, count: 3))
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "lt x = let\n")
    }

    @Test func typingAKeywordAtTheEndHighlightsItAsItCompletes() throws {
        let session = try startGhostline(["--keywords", "var"], captureStandardOutput: true)
        try session.type("va", until: { $0.screen.line(0) == "> va" })
        #expect(Self.attributes(session, columns: 2..<4) == [.plain, .plain])
        try session.type("r", until: { $0.screen.line(0) == "> var" })
        #expect(session.waitUntil { Self.attributes($0, columns: 2..<5) == Array(repeating: Self.keyword, count: 3) })
        try session.type("y", until: { $0.screen.line(0) == "> vary" })
        #expect(session.waitUntil { Self.attributes($0, columns: 2..<6) == Array(repeating: .plain, count: 4) })
    }

    @Test func keywordsStayHighlightedThroughWideCharactersWrappingAndResize() throws {
        let session = try startGhostline(["--keywords", "let"], columns: 12, captureStandardOutput: true)
        // "> 中文 let " fills 11 of 12 columns: the next wide character starts the second row.
        #expect(try session.type("中文 let 中 let", until: { $0.screen.line(1) == "中 let" }))
        #expect(Self.attributes(session, columns: 7..<10) == Array(repeating: Self.keyword, count: 3))
        #expect(Self.attributes(session, row: 1, columns: 3..<6) == Array(repeating: Self.keyword, count: 3))
        try session.resize(columns: 30, rows: 24)
        #expect(session.waitUntil { $0.screen.line(0) == "> 中文 let 中 let" })
        #expect(Self.attributes(session, columns: 7..<10) == Array(repeating: Self.keyword, count: 3))
        #expect(Self.attributes(session, columns: 14..<17) == Array(repeating: Self.keyword, count: 3))
    }

    @Test func withoutColorKeywordsAreBoldOnly() throws {
        let session = try startGhostline(["--keywords", "let"], environment: ["NO_COLOR": "1"], captureStandardOutput: true)
        try session.type("let", until: { $0.screen.line(0) == "> let" })
        #expect(session.waitUntil { Self.attributes($0, columns: 2..<5) == Array(repeating: CellAttributes(isBold: true), count: 3) })
    }

    @Test func aKeywordOnALaterLineOfAMultiLineEntry() throws {
        let session = try startGhostline(["--keywords", "let", "--multiline"], captureStandardOutput: true)
        try session.type("x\rlet y", until: { $0.screen.line(1) == "… let y" })
        #expect(Self.attributes(session, row: 1, columns: 2..<5) == Array(repeating: Self.keyword, count: 3))
        try session.send("\u{1B}\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == "x\nlet y\n")
    }
}
