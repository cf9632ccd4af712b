/// Which history entries start with which two bytes, so that finding the newest entry with a
/// prefix looks only at the entries that share its first two bytes, not at all of history.
///
/// Built in two passes over the entries' first bytes (a counting sort), it costs four bytes an
/// entry, 263 KB of bucket starts and 1 KB for the newest entry of each first byte. Entries added after it was built are not in it; they are
/// few (see ``HistoryPrefixIndex/largestTail``), and a lookup reads them one by one, as it reads
/// every entry of a history that small.
struct HistoryPrefixIndex: Sendable {
    /// A bucket for every first byte and every second byte or none (an entry one byte long),
    /// in byte order: the entry of one byte first, as it sorts before the longer ones.
    private static let bucketsPerFirstByte = 257
    private static let bucketCount = 256 * bucketsPerFirstByte
    /// How many entries may be added before the index is built again: lookups read these one by
    /// one, and a rebuild costs about 13 ns an entry, so at a million entries this spends about
    /// 50 µs per added entry on rebuilding and at most a few µs per lookup on the tail.
    static let largestTail = 256

    /// Bucket `b` holds `slots[bucketStarts[b]..<bucketStarts[b + 1]]`, oldest first.
    private var bucketStarts: [Int32]
    private var slots: [UInt32]
    /// The slots from here on are not in a bucket: they are read one by one.
    private(set) var indexedEnd: Int
    /// The newest indexed slot of each first byte, -1 when no entry starts with it. A prefix of
    /// one byte (the first key typed) asks for just that, which would otherwise take a search in
    /// each of the byte's 257 buckets, with cold reads spread over the index's megabytes.
    private var newestByFirstByte: [Int32]

    /// Whether the entries were sorted into buckets: only a history larger than a tail is.
    var hasBuckets: Bool { !bucketStarts.isEmpty }

    /// Indexes every entry `storage` keeps; `keys`, when given, are their ``bucketKey(of:)``s,
    /// oldest first, found while they were read.
    init(_ storage: HistoryStorage, keys: ArraySlice<UInt32>? = nil) {
        let live = storage.firstSlot..<storage.endSlot
        // The buckets' starts alone are 263 KB, more than everything else an editor holds at an
        // empty prompt: a history of no more entries than a tail is read one by one instead.
        guard live.count > Self.largestTail else {
            bucketStarts = []
            slots = []
            indexedEnd = live.lowerBound
            newestByFirstByte = []
            return
        }
        let keys = keys ?? storage.bytes.withUnsafeBufferPointer { bytes in
            ArraySlice(live.map { Self.bucketKey(of: UnsafeBufferPointer(rebasing: bytes[storage.range(ofSlot: $0)])) })
        }
        var starts = [Int32](repeating: 0, count: Self.bucketCount + 1)
        var slots = [UInt32](repeating: 0, count: live.count)
        keys.withUnsafeBufferPointer { keys in
            starts.withUnsafeMutableBufferPointer { starts in
                for key in keys { starts[Int(key) + 1] += 1 }
                for bucket in 0..<Self.bucketCount { starts[bucket + 1] += starts[bucket] }
                // Filled oldest first, so each bucket is in slot order.
                var next = Array(starts.dropLast())
                slots.withUnsafeMutableBufferPointer { slots in
                    next.withUnsafeMutableBufferPointer { next in
                        for (offset, key) in keys.enumerated() {
                            slots[Int(next[Int(key)])] = UInt32(truncatingIfNeeded: live.lowerBound + offset)
                            next[Int(key)] += 1
                        }
                    }
                }
            }
        }
        bucketStarts = starts
        self.slots = slots
        indexedEnd = storage.endSlot
        newestByFirstByte = []
        newestByFirstByte = (0..<256).map { newestIndexedSlot(ofFirstByte: $0) }
    }

    /// Where sorting the indexed slots by their entries' bytes starts (see
    /// `HistorySortedIndex.Builder`): the slots, which the buckets hold in byte order already,
    /// and each bucket's run with the number of bytes its entries are known to share. Nil when
    /// there are no buckets.
    func slotsGroupedByFirstBytes() -> (slots: [UInt32], groups: [(start: Int, count: Int, depth: Int)])? {
        guard hasBuckets else { return nil }
        var groups = [(start: Int, count: Int, depth: Int)]()
        for bucket in 0..<Self.bucketCount where bucketStarts[bucket + 1] > bucketStarts[bucket] {
            let start = Int(bucketStarts[bucket])
            groups.append((start, Int(bucketStarts[bucket + 1]) - start, bucket % Self.bucketsPerFirstByte == 0 ? 1 : 2))
        }
        return (slots, groups)
    }

    /// The newest slot in the buckets of entries starting with `byte`, -1 when they are empty:
    /// each bucket is oldest first, so it is the largest of their last slots.
    private func newestIndexedSlot(ofFirstByte byte: Int) -> Int32 {
        var newest: Int32 = -1
        let first = byte * Self.bucketsPerFirstByte
        for bucket in first..<(first + Self.bucketsPerFirstByte) where bucketStarts[bucket + 1] > bucketStarts[bucket] {
            newest = max(newest, Int32(truncatingIfNeeded: slots[Int(bucketStarts[bucket + 1]) - 1]))
        }
        return newest
    }

    /// The bucket of an entry (not empty): its first two bytes, or its one byte.
    static func bucketKey(of entry: UnsafeBufferPointer<UInt8>) -> UInt32 {
        bucketKey(first: entry[0], second: entry.count > 1 ? entry[1] : nil)
    }

    /// The bucket of an entry starting with `first` and `second` (nil when it is one byte long).
    @inline(__always)
    static func bucketKey(first: UInt8, second: UInt8?) -> UInt32 {
        UInt32(truncatingIfNeeded: bucket(first: first, second: second))
    }

    /// Whether so many entries were added since the index was built that it should be built again.
    func isStale(for storage: HistoryStorage) -> Bool {
        storage.endSlot - indexedEnd > Self.largestTail
    }

    /// The newest slot in `slotRange` whose entry starts with `prefix` (at least one byte) and
    /// passes `accept`.
    func newestSlot(startingWith prefix: UnsafeBufferPointer<UInt8>, in slotRange: Range<Int>, of storage: HistoryStorage,
                    where accept: (Int) -> Bool) -> Int? {
        guard !prefix.isEmpty, !slotRange.isEmpty else { return nil }
        return storage.bytes.withUnsafeBufferPointer { bytes in
            storage.ends.withUnsafeBufferPointer { ends in
                // The entries added since the index was built are the newest.
                var slot = slotRange.upperBound - 1
                while slot >= max(indexedEnd, slotRange.lowerBound) {
                    if Self.entry(at: slot, bytes, ends, startsWith: prefix) && accept(slot) { return slot }
                    slot -= 1
                }
                let upper = min(slotRange.upperBound, indexedEnd)
                if prefix.count == 1, !newestByFirstByte.isEmpty {
                    // No indexed entry starts with the byte, or the newest that does is the answer.
                    let candidate = Int(newestByFirstByte[Int(prefix[0])])
                    if candidate < 0 { return nil }
                    if candidate < upper, candidate >= slotRange.lowerBound, accept(candidate) { return candidate }
                }
                var newest: Int?
                for bucket in buckets(for: prefix) {
                    let lowest = max(slotRange.lowerBound, (newest ?? -1) + 1)
                    var position = firstPosition(in: bucket, atOrAfter: upper)
                    while position > Int(bucketStarts[bucket]) {
                        position -= 1
                        let candidate = Int(slots[position])
                        if candidate < lowest { break }
                        if Self.entry(at: candidate, bytes, ends, startsWith: prefix) && accept(candidate) {
                            newest = candidate
                            break
                        }
                    }
                }
                return newest
            }
        }
    }

    /// The oldest slot in `slotRange` whose entry starts with `prefix` (at least one byte) and
    /// passes `accept`.
    func oldestSlot(startingWith prefix: UnsafeBufferPointer<UInt8>, in slotRange: Range<Int>, of storage: HistoryStorage,
                    where accept: (Int) -> Bool) -> Int? {
        guard !prefix.isEmpty, !slotRange.isEmpty else { return nil }
        return storage.bytes.withUnsafeBufferPointer { bytes in
            storage.ends.withUnsafeBufferPointer { ends in
                let upper = min(slotRange.upperBound, indexedEnd)
                var oldest: Int?
                for bucket in buckets(for: prefix) {
                    let highest = min(upper, oldest ?? upper)
                    var position = firstPosition(in: bucket, atOrAfter: slotRange.lowerBound)
                    while position < Int(bucketStarts[bucket + 1]) {
                        let candidate = Int(slots[position])
                        if candidate >= highest { break }
                        if Self.entry(at: candidate, bytes, ends, startsWith: prefix) && accept(candidate) {
                            oldest = candidate
                            break
                        }
                        position += 1
                    }
                }
                if let oldest { return oldest }
                var slot = max(indexedEnd, slotRange.lowerBound)
                while slot < slotRange.upperBound {
                    if Self.entry(at: slot, bytes, ends, startsWith: prefix) && accept(slot) { return slot }
                    slot += 1
                }
                return nil
            }
        }
    }

    /// Takes out `slot`, whose entry starts with `firstBytes`, before the storage removes it:
    /// the newer slots move down one.
    mutating func remove(slot: Int, firstBytes: UnsafeBufferPointer<UInt8>) {
        guard slot < indexedEnd else { return }
        let bucket = Self.bucket(first: firstBytes[0], second: firstBytes.count > 1 ? firstBytes[1] : nil)
        let position = firstPosition(in: bucket, atOrAfter: slot)
        slots.remove(at: position)
        for later in (bucket + 1)..<bucketStarts.count { bucketStarts[later] -= 1 }
        let removed = UInt32(truncatingIfNeeded: slot)
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices where slots[index] > removed { slots[index] -= 1 }
        }
        indexedEnd -= 1
        for byte in newestByFirstByte.indices where newestByFirstByte[byte] >= Int32(truncatingIfNeeded: slot) {
            newestByFirstByte[byte] = byte == Int(firstBytes[0])
                ? newestIndexedSlot(ofFirstByte: byte) : newestByFirstByte[byte] - 1
        }
    }

    // MARK: - Buckets

    private static func bucket(first: UInt8, second: UInt8?) -> Int {
        Int(first) * bucketsPerFirstByte + (second.map { Int($0) + 1 } ?? 0)
    }

    /// The buckets whose entries may start with `prefix`: one for two bytes or more, every
    /// bucket of the first byte for one, none when nothing is indexed.
    private func buckets(for prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard !bucketStarts.isEmpty else { return 0..<0 }
        guard prefix.count == 1 else {
            let bucket = Self.bucket(first: prefix[0], second: prefix[1])
            return bucket..<(bucket + 1)
        }
        let first = Int(prefix[0]) * Self.bucketsPerFirstByte
        return first..<(first + Self.bucketsPerFirstByte)
    }

    /// The first position in `bucket` whose slot is at least `slot` (its end when none is).
    private func firstPosition(in bucket: Int, atOrAfter slot: Int) -> Int {
        var low = Int(bucketStarts[bucket]), high = Int(bucketStarts[bucket + 1])
        while low < high {
            let middle = (low + high) / 2
            if Int(slots[middle]) < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }

    @inline(__always)
    private static func entry(at slot: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>,
                              startsWith prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = slot == 0 ? 0 : ends[slot - 1]
        guard ends[slot] - start >= prefix.count else { return false }
        // The last eight bytes first: entries in a bucket often share a long beginning with the
        // prefix ("docker run --rm -it …") and differ near its end.
        if prefix.count >= 8, let prefixBase = prefix.baseAddress, let base = bytes.baseAddress {
            let tail = prefix.count - 8
            if UnsafeRawPointer(base + start + tail).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(prefixBase + tail).loadUnaligned(as: UInt64.self) { return false }
        }
        return HistoryStorage.equal(UnsafeBufferPointer(rebasing: bytes[start..<(start + prefix.count)]), prefix)
    }
}
