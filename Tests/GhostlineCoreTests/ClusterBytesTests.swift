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
