import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// The history's sorted order (`HistorySortedIndex`) in the states its random differential test
/// reaches seldom or never: a sorting finished at once after steps.
@Suite struct HistorySortedIndexTests {
    private static func previous(_ entries: [String], _ prefix: String, before index: Int) -> Int? {
        entries[..<index].lastIndex { $0.hasPrefix(prefix) }
    }

    /// Sorting in steps leaves a group part-way dealt out; a sorting then finished at once
    /// (as a test or an app that would rather pay for it at once asks) goes on from there.
    @Test func aSortingLeftPartWayIsFinishedAtOnce() {
        let entries = (0..<2_000).map { "git commit -m \"fix \(($0 * 7_919) % 2_000)\"" }
        var history = History(entries: entries)
        history.continueIndexing(budget: 100)
        history.continueIndexing(budget: 100)
        #expect(history.hasIndexingToDo)
        history.finishIndexing()
        #expect(history.isIndexed && !history.hasIndexingToDo)
        for prefix in ["git commit -m \"fix 1", "git commit -m \"fix 19", "git commit -m \"fix 777\""] {
            for index in [0, 1, 999, 1_998, 1_999, 2_000] {
                #expect(history.indexOfEntry(startingWith: prefix, before: index) == Self.previous(entries, prefix, before: index),
                        "previous with \(prefix) before \(index)")
            }
        }
    }
}
