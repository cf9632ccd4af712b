import Testing
@testable import GhostlineCore

private func storage(holding count: Int) -> HistoryStorage {
    var storage = HistoryStorage()
    for index in 0..<count {
        var entry = "entry \(index)"
        entry.withUTF8 { storage.append($0) }
    }
    return storage
}

private func newest(_ prefix: String, in storage: HistoryStorage, index: HistoryPrefixIndex) -> Int? {
    var prefix = prefix
    return prefix.withUTF8 { index.newestSlot(startingWith: $0, in: storage.firstSlot..<storage.endSlot, of: storage) { _ in true } }
}

private func oldest(_ prefix: String, in storage: HistoryStorage, index: HistoryPrefixIndex) -> Int? {
    var prefix = prefix
    return prefix.withUTF8 { index.oldestSlot(startingWith: $0, in: storage.firstSlot..<storage.endSlot, of: storage) { _ in true } }
}

@Test func aHistoryNoLargerThanATailHasNoBuckets() {
    // The buckets cost 263 KB: an empty prompt must not pay them for an empty history.
    let bucketed = [0, HistoryPrefixIndex.largestTail, HistoryPrefixIndex.largestTail + 1].map {
        HistoryPrefixIndex(storage(holding: $0)).hasBuckets
    }
    #expect(bucketed == [false, false, true])
}

@Test(arguments: [10, HistoryPrefixIndex.largestTail + 10])
func prefixLookupsFindTheEntriesAScanFinds(count: Int) {
    let storage = storage(holding: count)
    let index = HistoryPrefixIndex(storage)
    let entries = (0..<count).map { "entry \($0)" }
    for prefix in ["entry 3", "entry", "entry 9", "e", "x", "entry 1x", "entry 25"] {
        #expect(newest(prefix, in: storage, index: index) == entries.lastIndex { $0.hasPrefix(prefix) }, "\(prefix)")
        #expect(oldest(prefix, in: storage, index: index) == entries.firstIndex { $0.hasPrefix(prefix) }, "\(prefix)")
    }
}
