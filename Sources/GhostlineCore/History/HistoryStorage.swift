/// History's entries as one buffer of UTF-8 bytes and where each entry ends.
///
/// A million entries then cost their bytes and a word each, not a million separately allocated
/// `String`s: a 37 MB history file of a million lines is kept in about 50 MB (with the prefix
/// index), and an entry becomes a `String` only when it is shown.
///
/// Entries are numbered by *slot*, their place in `ends`. The oldest, dropped for capacity, stay
/// in the buffer until they are half of it; then one move takes them out and the slots are
/// numbered from zero again, so dropping an entry costs nothing most of the time.
struct HistoryStorage: Sendable {
    /// The entries' bytes, one after another, with nothing between them.
    private(set) var bytes: [UInt8]
    /// `ends[slot]` is where the entry in `slot` ends in `bytes`; it starts where the one before
    /// it ends (slot 0 at 0).
    private(set) var ends: [Int]
    /// The oldest entry kept: the slots before it were dropped.
    private(set) var firstSlot = 0

    /// Entries stored as `bytes`, each ending where `ends` says; valid UTF-8, none empty.
    init(bytes: [UInt8] = [], ends: [Int] = []) {
        self.bytes = bytes
        self.ends = ends
    }

    /// How many entries are kept.
    var count: Int { ends.count - firstSlot }

    /// Where the kept entries' bytes lie.
    var liveBytes: Range<Int> { (firstSlot == 0 ? 0 : ends[firstSlot - 1])..<bytes.count }

    /// One past the newest slot.
    var endSlot: Int { ends.count }

    /// Where the entry in `slot` lies in ``bytes``.
    @inline(__always)
    func range(ofSlot slot: Int) -> Range<Int> {
        (slot == 0 ? 0 : ends[slot - 1])..<ends[slot]
    }

    /// The slot of the kept entry whose bytes include `offset`, found by halving.
    func slot(containingByteAt offset: Int) -> Int {
        var low = firstSlot, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The entry in `slot`, made into a `String`.
    func string(atSlot slot: Int) -> String {
        let range = range(ofSlot: slot)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The entries' bytes and ends seen in place, for `body`.
    ///
    /// A closure that reads entries through this, not through the storage (or the history
    /// holding it), captures two pointers: one that reads `self` would capture a copy of the
    /// whole history, and one that captures the storage copies it through a function whose first
    /// call has the runtime build a type by name.
    func withEntries<Result>(_ body: (Entries) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in body(Entries(bytes: bytes, ends: ends)) }
        }
    }

    /// The entries' bytes and ends, seen through pointers.
    struct Entries {
        let bytes: UnsafeBufferPointer<UInt8>
        let ends: UnsafeBufferPointer<Int>

        /// Where the entry in `slot` lies in `bytes`.
        @inline(__always)
        func range(ofSlot slot: Int) -> Range<Int> {
            (slot == 0 ? 0 : ends[slot - 1])..<ends[slot]
        }

        /// Whether `offset` bytes into the entry in `slot` is a `Character` boundary of it.
        func isBoundary(inSlot slot: Int, at offset: Int) -> Bool {
            GraphemeBoundary.isBoundary(UnsafeBufferPointer(rebasing: bytes[range(ofSlot: slot)]), at: offset)
        }
    }

    /// Whether the entry in `slot` holds exactly `other`.
    func entry(atSlot slot: Int, equals other: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(ofSlot: slot)
        guard range.count == other.count else { return false }
        return bytes.withUnsafeBufferPointer { Self.equal(UnsafeBufferPointer(rebasing: $0[range]), other) }
    }

    /// Adds an entry after the newest.
    mutating func append(_ entry: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: entry)
        ends.append(bytes.count)
    }

    /// Drops the `count` oldest entries. Returns true when that moved the rest to slots from
    /// zero (the caller's slot numbers are then stale).
    mutating func dropOldest(_ count: Int) -> Bool {
        firstSlot += min(count, self.count)
        // Moving the live bytes costs what they weigh; waiting until the dead ones weigh as much
        // makes each dropped entry cost a constant share of it.
        let deadBytes = firstSlot == 0 ? 0 : ends[firstSlot - 1]
        guard firstSlot > 0, deadBytes >= bytes.count - deadBytes || firstSlot >= ends.count - firstSlot else { return false }
        bytes.removeSubrange(0..<deadBytes)
        ends.removeSubrange(0..<firstSlot)
        for index in ends.indices { ends[index] -= deadBytes }
        firstSlot = 0
        return true
    }

    /// Removes the entry in `slot`; the newer ones move down one slot.
    mutating func remove(slot: Int) {
        let range = range(ofSlot: slot)
        bytes.removeSubrange(range)
        ends.remove(at: slot)
        for index in slot..<ends.count { ends[index] -= range.count }
    }

    /// Removes every entry that a newer entry equals byte for byte, keeping the newest copy of
    /// each. Returns whether any was removed (the caller's slot numbers are then stale).
    ///
    /// One pass, newest first, through a table of the entries seen, by the hash of their bytes:
    /// a million entries cost a hash each, not a comparison with every other.
    mutating func removeOlderDuplicates() -> Bool {
        guard count > 1 else { return false }
        let first = firstSlot
        // Open addressing, at most half full; a cell holds a slot plus one, zero when empty.
        let capacity = 1 << (Int.bitWidth - (2 * count - 1).leadingZeroBitCount)
        var table = [Int](repeating: 0, count: capacity)
        var isDuplicate = [Bool](repeating: false, count: count)
        var anyDuplicate = false
        bytes.withUnsafeBufferPointer { bytes in
            for slot in stride(from: endSlot - 1, through: first, by: -1) {
                let entry = UnsafeBufferPointer(rebasing: bytes[range(ofSlot: slot)])
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(entry))
                var cell = hasher.finalize() & (capacity - 1)
                while table[cell] != 0 {
                    let other = UnsafeBufferPointer(rebasing: bytes[range(ofSlot: table[cell] - 1)])
                    if Self.equal(entry, other) {
                        isDuplicate[slot - first] = true
                        anyDuplicate = true
                        break
                    }
                    cell = (cell + 1) & (capacity - 1)
                }
                if !isDuplicate[slot - first] { table[cell] = slot + 1 }
            }
        }
        guard anyDuplicate else { return false }
        var kept = HistoryStorage()
        kept.bytes.reserveCapacity(liveBytes.count)
        kept.ends.reserveCapacity(count)
        bytes.withUnsafeBufferPointer { bytes in
            for slot in first..<endSlot where !isDuplicate[slot - first] {
                kept.append(UnsafeBufferPointer(rebasing: bytes[range(ofSlot: slot)]))
            }
        }
        self = kept
        return true
    }

    /// Byte for byte equality of two buffers of the same length.
    @inline(__always)
    static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return firstDifference(leftBase, rightBase, count: left.count) == nil
    }

    /// Where two runs of `count` bytes first differ, nil when they do not; a word at a time,
    /// since entries compared share long beginnings ("git …").
    @inline(__always)
    static func firstDifference(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, count: Int) -> Int? {
        var offset = 0
        while offset + 8 <= count {
            let a = UnsafeRawPointer(left + offset).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(right + offset).loadUnaligned(as: UInt64.self)
            // Loaded little-endian: the first byte that differs is the lowest.
            if a != b { return offset + (a ^ b).trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < count {
            if left[offset] != right[offset] { return offset }
            offset += 1
        }
        return nil
    }
}
