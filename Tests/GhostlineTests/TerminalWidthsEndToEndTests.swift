import Glibc
import Testing
import GhostlineCore
import GhostlineTesting
import GhostlineTestSupport

/// The built `ghostline` on a terminal that draws clusters wider or narrower than the Unicode
/// tables: it measures each such cluster once, with a cursor position report, and lays the line
/// out in the terminal's widths, so the cursor is where the terminal puts it and nothing is
/// overwritten. Where the terminal lays clusters out whole (mode 2027) it sets that mode instead.
@Suite struct TerminalWidthsEndToEndTests {
    static let family: Character = "👨‍👩‍👧"
    static let flag: Character = "🇫🇷"
    static let heart: Character = "❤️"
    static let text = "a\(family)b\(flag)c\(heart)d"

    /// `ghostline` on a screen that answers the probe, configured by `configure`.
    private static func start(_ arguments: [String] = [], placeholder: String? = nil,
                              configure: @escaping (inout VirtualScreen) -> Void) throws -> PseudoTerminalSession {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: arguments,
                                                captureStandardOutput: true, answersKeyboardProtocol: true,
                                                configureScreen: configure)
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.line(0).hasPrefix(">") },
                     "\(session.screen.lines)")
        return session
    }

    /// Whether the screen shows `line` on the first row and the cursor at `column` of it.
    private static func shows(_ line: String, cursorAt column: Int) -> (PseudoTerminalSession) -> Bool {
        { $0.screen.line(0) == line && $0.screen.cursorRow == 0 && $0.screen.cursorColumn == column
            && $0.screen.line(1).isEmpty }
    }

    /// Types the ZWJ family, the flag and the heart among letters, moves over them, inserts and
    /// deletes, and submits, on a screen that draws them in `widths` (a, family, b, flag, c,
    /// heart, d).
    private static func edit(onAScreenDrawing widths: [Character: Int]) throws {
        let session = try start { $0.clusterWidths = widths }
        func columns(_ clusters: [Character]) -> Int {
            2 + clusters.reduce(0) { $0 + (widths[$1] ?? $1.displayWidthInTables) }
        }
        let clusters = Array(text)
        try #require(try session.type(text, until: shows("> " + text, cursorAt: columns(clusters))),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        // Three to the left: before "c".
        try #require(try session.type("\u{1B}[D\u{1B}[D\u{1B}[D", until: shows("> " + text, cursorAt: columns(Array(clusters[..<4])))),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        let inserted = "a\(family)b\(flag)Zc\(heart)d"
        try #require(try session.type("Z", until: shows("> " + inserted, cursorAt: columns(Array(clusters[..<4])) + 1)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        // Home, two to the right (after the family), and the family deleted.
        try #require(try session.type("\u{1B}[H\u{1B}[C\u{1B}[C", until: shows("> " + inserted, cursorAt: columns(Array(clusters[..<2])))),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        let deleted = "ab\(flag)Zc\(heart)d"
        try #require(try session.type("\u{7F}", until: shows("> " + deleted, cursorAt: 3)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.standardOutputText == deleted + "\n")
        #expect(session.screen.line(0) == "> " + deleted)
        #expect(try session.terminalAttributes() == session.initialTerminalAttributes)
        // Each cluster the tables cannot vouch for was measured once: three reports.
        #expect(session.screen.queries.filter { $0 == "ESC[6n" }.count == 3, "\(session.screen.queries)")
    }

    @Test func aLineEditsRightOnATerminalThatDrawsClustersWider() throws {
        // A terminal that draws the ZWJ sequence emoji by emoji and the flag as two letters.
        try Self.edit(onAScreenDrawing: [Self.family: 6, Self.flag: 4])
    }

    @Test func aLineEditsRightOnATerminalThatDrawsClustersNarrower() throws {
        // tmux 3.3a draws ❤️ in one column; a terminal with no flags draws the indicator pair in one.
        try Self.edit(onAScreenDrawing: [Self.heart: 1, Self.flag: 1])
    }

    /// A terminal with mode 2027 gets it set while the entry is read and reset after, and lays
    /// the clusters out as the tables do: nothing is measured.
    @Test func aTerminalWithGraphemeClusterModeGetsItInsteadOfMeasurements() throws {
        let session = try Self.start {
            $0.supportsGraphemeClusterMode = true
            $0.clusterWidths = [Self.family: 6, Self.flag: 4]
        }
        #expect(session.screen.isGraphemeClusterModeOn)
        let width = 2 + Self.text.reduce(0) { $0 + $1.displayWidthInTables }
        try #require(try session.type(Self.text, until: Self.shows("> " + Self.text, cursorAt: width)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(!session.screen.isGraphemeClusterModeOn)
        #expect(!session.screen.queries.contains("ESC[6n"), "\(session.screen.queries)")
        #expect(session.standardOutputText == Self.text + "\n")
    }

    /// On a terminal that draws ambiguous-width characters wide, the placeholder's `…` is
    /// measured before the first frame, and every ambiguous character is laid out wide.
    @Test func ambiguousCharactersAreLaidOutAsTheTerminalDrawsThem() throws {
        let session = try Self.start(["--placeholder", "Type…"]) { $0.drawsAmbiguousCharactersWide = true }
        try #require(session.waitUntil(Self.shows("> Type…", cursorAt: 2)), "\(session.screen.lines)")
        try #require(try session.type("±α→x", until: Self.shows("> ±α→x", cursorAt: 2 + 2 + 2 + 2 + 1)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        try #require(try session.type("\u{1B}[D\u{1B}[D", until: Self.shows("> ±α→x", cursorAt: 6)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(session.screen.queries.filter { $0 == "ESC[6n" }.count == 1, "\(session.screen.queries)")
        #expect(session.standardOutputText == "±α→x\n")
    }

    /// `--ambiguous-wide` lays them out wide with nothing asked, for a CJK terminal that cannot
    /// be asked: this screen answers no query, and draws them wide.
    @Test func ambiguousCharactersCanBeSetWide() throws {
        try #require(access(ghostlinePath, X_OK) == 0, "build ghostline first (make test does): \(ghostlinePath)")
        let session = try PseudoTerminalSession(executable: ghostlinePath, arguments: ["--ambiguous-wide"],
                                                captureStandardOutput: true) { $0.drawsAmbiguousCharactersWide = true }
        try #require(session.waitUntil { $0.isInNonCanonicalMode && $0.screen.line(0) == ">" }, "\(session.screen.lines)")
        try #require(try session.type("±x", until: Self.shows("> ±x", cursorAt: 5)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        try #require(try session.type("\u{1B}[D\u{1B}[D", until: Self.shows("> ±x", cursorAt: 2)),
                     "\(session.screen.lines) cursor \(session.screen.cursorColumn)")
        try session.send("\r")
        #expect(session.waitForExit() == .exited(0))
        #expect(!session.screen.queries.contains("ESC[6n"), "\(session.screen.queries)")
        #expect(session.standardOutputText == "±x\n")
    }
}

extension Character {
    /// The columns the Unicode tables give the cluster.
    var displayWidthInTables: Int { displayWidth }
}
