import Testing
@testable import GhostlineCore
import GhostlineTestSupport

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

/// One-byte prefixes are answered from the newest slot of each first byte: it must agree with a
/// scan over random histories, within any range, whatever `accept` rejects, and after entries
/// are taken out (as erasing a duplicate does).
@Test(arguments: [1, 2, 3])
func oneBytePrefixesFindWhatAScanFinds(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let alphabet = Array("abcdx".utf8)
    var entries: [[UInt8]] = (0..<(HistoryPrefixIndex.largestTail * 3)).map { _ in
        (0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
    }
    var storage = HistoryStorage()
    for entry in entries { entry.withUnsafeBufferPointer { storage.append($0) } }
    var index = HistoryPrefixIndex(storage)
    #expect(index.hasBuckets)
    for round in 0..<40 {
        for byte in Array("abcdxy".utf8) {
            let lower = Int.random(in: 0..<entries.count, using: &generator)
            let upper = Int.random(in: lower...entries.count, using: &generator)
            let rejected = Int.random(in: 0..<entries.count, using: &generator)
            let found = [byte].withUnsafeBufferPointer { prefix in
                index.newestSlot(startingWith: prefix, in: lower..<upper, of: storage) { $0 != rejected }
            }
            let scanned = (lower..<upper).last { entries[$0][0] == byte && $0 != rejected }
            #expect(found == scanned, "round \(round), byte \(byte), \(lower)..<\(upper), rejecting \(rejected)")
            let newest = [byte].withUnsafeBufferPointer { prefix in
                index.newestSlot(startingWith: prefix, in: 0..<entries.count, of: storage) { _ in true }
            }
            #expect(newest == entries.lastIndex { $0[0] == byte }, "round \(round), byte \(byte), everything")
        }
        // Take an entry out: the index first, as the history does, then the storage.
        let slot = Int.random(in: 0..<entries.count, using: &generator)
        entries[slot].withUnsafeBufferPointer { index.remove(slot: slot, firstBytes: $0) }
        storage.remove(slot: slot)
        entries.remove(at: slot)
    }
}
