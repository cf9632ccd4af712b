import Testing
@testable import GhostlineCore
import GhostlineTestSupport

/// The history's sorted order (`HistorySortedIndex`) in the states its random differential test
/// reaches seldom or never: a sorting finished at once after steps, runs of entries that start
/// and end on the edges of the tables' blocks or beside them, the lowest and highest bytes, and
/// a range that leaves out nearly every match.
@Suite struct HistorySortedIndexTests {
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
                #expect(history.indexOfEntry(startingWith: prefix, before: index)
                            == HistoryDifferentialTests.referencePrevious(entries, prefix, before: index),
                        "previous with \(prefix) before \(index)")
            }
        }
    }

    /// Sixteen groups of 128 entries, in four families of 1, 3, 5 and 7 groups ("w10-…",
    /// "x11-…" to "x13-…", …), after `offset` entries that sort before them all: with no offset
    /// a group fills one block of the tables of extremes exactly and a family 3, 5 or 7 blocks,
    /// spans that no one level of the sparse table covers; with one, every run starts and ends
    /// inside a block. The entries are in a shuffled history order, so the newest or oldest of
    /// a run is anywhere in it. Each group's and family's prefix, the prefix of all of them and
    /// prefixes that cut a group, from indices all over the history.
    @Test(arguments: [0, 1, 64, 127])
    func runsOnAndAcrossTheTablesBlocksFindTheNewestAndOldest(offset: Int) {
        var generator = SplitMix64(seed: UInt64(offset) + 7)
        let families = Array(repeating: "w", count: 1) + Array(repeating: "x", count: 3) + Array(repeating: "y", count: 5)
            + Array(repeating: "z", count: 7)
        let groups = families.enumerated().map { "\($1)\(String($0 + 10))-" }
        let entries = ((0..<offset).map { "a\($0 + 1_000)" } + groups.flatMap { group in (0..<128).map { group + String($0 + 1_000) } })
            .shuffled(using: &generator)
        var history = History(entries: entries)
        history.finishIndexing()
        #expect(history.isIndexed)
        let prefixes = groups + ["w", "x", "y", "z", "x1", "y1", "z2", "y14-10", "y14-11", "z20-107"]
        // Near the ends, where few matches are outside the range and the tables answer; a few
        // between, where the lookup passes over many and walks the prefix index instead.
        let indices = Array(0..<48) + Array(stride(from: 48, to: entries.count - 48, by: 97)) + Array((entries.count - 48)...entries.count)
        for prefix in prefixes {
            let matches = entries.indices.filter { entries[$0].hasPrefix(prefix) }
            for index in indices {
                let previous = matches.last { $0 < index }
                #expect(history.indexOfEntry(startingWith: prefix, before: index) == previous, "previous with \(prefix) before \(index)")
                #expect(history.indexOfSuggestion(for: prefix, before: index) == previous, "suggestion for \(prefix) before \(index)")
                #expect(history.indexOfEntry(startingWith: prefix, after: index - 1) == matches.first { $0 >= index },
                        "next with \(prefix) after \(index - 1)")
            }
        }
    }

    /// Entries "pp0000" to "pp1299", whose byte order is their number's, with one of them the
    /// newest (or the oldest) and the rest shuffled: every prefix of it is a run of positions
    /// (all 1,300, a thousand, a hundred, ten, one) whose best slot is that entry's, at a
    /// position on either side of a block's edge or at a run's end, in the run's first or last
    /// block or one between, which the tables must find in one step.
    @Test func theBestOfARunIsFoundWhereverItLies() {
        let count = 1_300
        let targets = Set((0..<count).filter { [0, 1, 126, 127].contains($0 % 128) } + [9, 10, 99, 100, 999, 1_000, 1_099, 1_100, 1_199, 1_299])
        var generator = SplitMix64(seed: 11)
        func entry(_ number: Int) -> String { "pp" + String(String(number + 10_000).dropFirst()) }
        for target in targets.sorted() {
            let others = (0..<count).filter { $0 != target }.shuffled(using: &generator).map(entry)
            for newest in [true, false] {
                var history = History(entries: newest ? others + [entry(target)] : [entry(target)] + others)
                history.finishIndexing()
                #expect(history.isIndexed)
                let text = entry(target)
                for length in 2...text.count {
                    let prefix = String(text.prefix(length))
                    if newest {
                        #expect(history.indexOfEntry(startingWith: prefix, before: count) == count - 1, "newest with \(prefix)")
                    } else {
                        #expect(history.indexOfEntry(startingWith: prefix, after: -1) == 0, "oldest with \(prefix)")
                    }
                }
            }
        }
    }

    /// Entries that a NUL or DEL, the lowest and highest ASCII bytes, and the largest scalar
    /// tell apart from each other and from the entry they extend, in groups large enough to be
    /// dealt out by byte (not compared), in a history order unlike their byte order.
    @Test func theLowestAndHighestBytesSortApart() {
        let endings = ["", "\u{0}", "\u{0}\u{0}", "\u{0}a", "\u{1}", "\u{7F}", "\u{80}", "\u{10FFFF}", "\u{10FFFF}\u{0}"]
        let entries = (0..<400).map { index in
            "ab" + endings[(index * 7) % endings.count] + String(repeating: "\u{0}", count: index % 3)
        }
        var history = History(entries: entries)
        history.finishIndexing()
        #expect(history.isIndexed)
        let kept = Array(history.entries)
        for prefix in ["ab", "ab\u{0}", "ab\u{0}\u{0}", "ab\u{0}a", "ab\u{1}", "ab\u{7F}", "ab\u{10FFFF}", "ab\u{10FFFF}\u{0}"] {
            for index in stride(from: 0, through: kept.count, by: 7) {
                #expect(history.indexOfEntry(startingWith: prefix, before: index)
                            == HistoryDifferentialTests.referencePrevious(kept, prefix, before: index),
                        "previous with \(Array(prefix.unicodeScalars)) before \(index)")
                #expect(history.indexOfSuggestion(for: prefix, before: index)
                        == kept[..<index].lastIndex { $0.hasPrefix(prefix) && $0.utf8.count > prefix.utf8.count },
                        "suggestion for \(Array(prefix.unicodeScalars)) before \(index)")
            }
        }
    }

    /// The matches of a prefix are one run in byte order but spread all over history order, so
    /// a range that leaves out nearly all of them, as `history-search-forward` after one
    /// `-backward` does (every older match) or `-backward` from an entry far back (every newer
    /// one), must not be answered by passing them one by one (about 20 ms a key at a million
    /// entries): past `passedOverLimit` of them the sorted order leaves the answer to the prefix
    /// index's walk from the range's end, and the history's answer is still a plain scan's.
    @Test func aRangeLeavingOutMostMatchesIsLeftToThePrefixIndex() throws {
        var generator = SplitMix64(seed: 3)
        // Older entries of another bucket, then the matches, their byte order unlike their age.
        let entries = (0..<1_000).map { "ls dir-\($0)" }
            + (0..<1_000).map { _ in "ssh deploy@host-\(UInt32.random(in: 0...UInt32.max, using: &generator))" }
        var storage = HistoryStorage()
        for entry in entries {
            var entry = entry
            entry.withUTF8 { storage.append($0) }
        }
        let buckets = HistoryPrefixIndex(storage)
        let (slots, groups) = try #require(buckets.slotsGroupedByFirstBytes())
        var builder = HistorySortedIndex.Builder(slots: slots, groups: groups, end: buckets.indexedEnd)
        while !builder.sort(budget: .max, of: storage) {}
        let sorted = builder.finished()
        var prefix = "ssh d"
        prefix.withUTF8 { prefix in
            let anything: (Int) -> Bool = { _ in true }
            // Backward from before every match: all of them are newer than the range.
            #expect(sorted.newestSlot(startingWith: prefix, .startsWith, in: 0..<1_000, of: storage, where: anything) == .undecided)
            // Forward from halfway through them: the older half is before the range.
            #expect(sorted.oldestSlot(startingWith: prefix, .startsWith, in: 1_500..<2_000, of: storage, where: anything) == .undecided)
            // A range its best match is in is answered at once.
            #expect(sorted.newestSlot(startingWith: prefix, .startsWith, in: 0..<2_000, of: storage, where: anything) == .found(1_999))
            #expect(sorted.oldestSlot(startingWith: prefix, .startsWith, in: 0..<2_000, of: storage, where: anything) == .found(1_000))
        }
        var history = History(entries: entries)
        history.finishIndexing()
        #expect(history.isIndexed)
        #expect(history.indexOfEntry(startingWith: "ssh d", before: 1_000) == nil)
        #expect(history.indexOfEntry(startingWith: "ssh d", after: 1_499) == 1_500)
        #expect(history.indexOfEntry(startingWith: "ssh d", before: 1_500) == 1_499)
    }
}
