import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// The history's sorted order (`HistorySortedIndex`) in the states its random differential test
/// reaches seldom or never: a sorting finished at once after steps, and a range that leaves out
/// nearly every match.
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

    /// The matches of a prefix are one run in byte order but spread all over history order, so
    /// a range that leaves out nearly all of them, as `history-search-forward` after one
    /// `-backward` does (every older match) or `-backward` from an entry halfway back (every
    /// newer one), must not pass them one by one: it costs less than a search of every entry's
    /// bytes, where passing them cost far more (about 20 ms a key at a million entries).
    @Test func aRangeLeavingOutMostMatchesCostsLessThanAScan() {
        let count = 100_000
        var generator = SplitMix64(seed: 3)
        let entries = (0..<count).map { _ in "ssh deploy@host-\(UInt32.random(in: 0...UInt32.max, using: &generator))" }
        var history = History(entries: entries)
        history.finishIndexing()
        #expect(history.isIndexed)
        let clock = ContinuousClock()
        func fastest(_ body: () -> Int?) -> (Duration, Int?) {
            var best = Duration.seconds(3_600), answer: Int?
            for _ in 0..<5 {
                let elapsed = clock.measure { answer = body() }
                best = min(best, elapsed)
            }
            return (best, answer)
        }
        // Ctrl-R for text no entry holds reads every entry's bytes once.
        let (scan, nothing) = fastest { history.indexOfMatch(for: "@ssh", before: nil) }
        #expect(nothing == nil)
        let newest = history.count - 1
        let (forward, next) = fastest { history.indexOfEntry(startingWith: "ssh d", after: newest - 1) }
        #expect(next == newest)
        let (backward, previous) = fastest { history.indexOfEntry(startingWith: "ssh d", before: count / 2) }
        #expect(previous == count / 2 - 1)
        #expect(forward < scan, "forward after the newest but one: \(forward), a scan \(scan)")
        #expect(backward < scan, "backward from halfway: \(backward), a scan \(scan)")
    }
}
