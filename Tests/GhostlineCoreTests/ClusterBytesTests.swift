import Testing
@testable import GhostlineCore

@Suite struct ClusterBytesTests {
    @Test(arguments: ["a", "é", "e\u{301}", "中", "👍🏽", "🇫🇷", "👩🏽‍💻", "1️⃣"])
    func shortClustersAreKeptInline(text: String) throws {
        var table = ClusterTable()
        let character = try #require(text.first)
        let bytes = table.bytes(of: character)
        #expect(bytes.longClusterIndex == nil)
        var output: [UInt8] = []
        bytes.appendInlineBytes(to: &output)
        #expect(output == Array(text.utf8))
        #expect(table.clusters.isEmpty)
    }

    @Test(arguments: [("a", false), ("é", false), ("中", false), ("😀", false), ("e\u{301}", true), ("👍🏽", true),
                      ("1️⃣", true), ("👨‍👩‍👧‍👦", true)])
    func clustersOfSeveralScalarsAreTold(text: String, hasSeveral: Bool) throws {
        var table = ClusterTable()
        #expect(table.bytes(of: try #require(text.first)).hasSeveralScalars == hasSeveral)
    }

    /// A cluster whose first scalars a terminal draws wider than the whole: a keycap measured in
    /// one column after its digit and VS16 took two, a family of four measured in two after the
    /// family of three in it took six. Drawn as the tables say, neither takes more part way.
    @Test func theColumnsAClusterTakesPastItsWidthPartWayAreKeptInItsBytes() throws {
        var measured = TerminalWidths()
        measured.record(1, for: "1️⃣")
        measured.record(6, for: "👨‍👩‍👧")
        measured.record(2, for: "👨‍👩‍👧‍👦")
        var table = ClusterTable()
        table.use(measured)
        #expect(table.bytes(of: "1️⃣").columnsPastWidthPartWay == 1)
        let family = table.bytes(of: "👨‍👩‍👧‍👦")
        #expect(family.columnsPastWidthPartWay == 4)
        #expect(family.longClusterIndex == 0 && family.hasSeveralScalars)
        #expect(table.bytes(of: "e\u{301}").columnsPastWidthPartWay == 0)
        #expect(table.bytes(of: "中").columnsPastWidthPartWay == 0)
        table.use(TerminalWidths())
        #expect(table.bytes(of: "1️⃣").columnsPastWidthPartWay == 0)
        #expect(table.bytes(of: "👨‍👩‍👧‍👦").columnsPastWidthPartWay == 0)
        var output: [UInt8] = []
        measured.record(1, for: "1️⃣")
        table.use(measured)
        table.bytes(of: "1️⃣").appendInlineBytes(to: &output)
        #expect(output == Array("1️⃣".utf8), "the figure is no part of the bytes drawn")
    }

    @Test func longClustersAreNumberedOnceAndDrawnWhole() throws {
        var table = ClusterTable()
        let family: Character = "👨‍👩‍👧‍👦"
        let flag: Character = "🏴󠁧󠁢󠁥󠁮󠁧󠁿"
        let first = table.bytes(of: family)
        #expect(table.bytes(of: flag) != first)
        #expect(table.bytes(of: family) == first, "the same cluster gets the same number")
        #expect(table.clusters.count == 2)
        let frame = Frame(rows: [[Cell(first, width: 2), .continuation(style: .plain)]], cursor: ScreenPoint(row: 0, column: 2),
                          width: 10, rowIdentities: [], longClusters: table.clusters)
        #expect(frame.text(ofRow: 0) == "👨‍👩‍👧‍👦")
        var output: [UInt8] = []
        frame.appendBytes(of: frame.rows[0][0], to: &output)
        #expect(output == Array("👨‍👩‍👧‍👦".utf8))
    }
}
