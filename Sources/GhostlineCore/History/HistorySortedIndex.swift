/// History's entries in the order of their bytes, so that the newest (or oldest) entry starting
/// with a prefix is found by halving and a table of extremes, at a cost that does not grow with
/// the history's size.
///
/// The prefix index alone finds it by walking the entries that share the prefix's first two
/// bytes, newest first, until one matches: typing on from a match costs little (the suggestion
/// memo goes on from it), but text that no entry extends, such as an entry just recalled with a
/// key added, walks all of them: a tenth or more of the history, about a millisecond at a
/// million entries. Here the entries starting with a prefix are one run of positions, found by
/// halving, and the newest of them is the largest slot in that run, read from a
/// ``SlotExtremes`` table.
///
/// Sorting a million entries takes a few hundred milliseconds, far more than a key may, so it is
/// built a step at a time (``HistorySortedIndex/Builder``) while the session waits for keys, and
/// until it is done lookups walk the prefix index as before. It holds the slots that were in
/// the prefix index when it was started; newer entries are found through the prefix index.
struct HistorySortedIndex: Sendable {
    /// Which entries starting with a prefix a lookup wants.
    enum Match {
        /// Every entry that starts with it, the prefix itself too.
        case startsWith
        /// The entries longer than it that start with it: the ones that can suggest more.
        case extends
        /// The entries equal to it.
        case equals
    }

    /// What a lookup found.
    enum Lookup: Equatable {
        /// The slot asked for.
        case found(Int)
        /// No slot in the range starts with the prefix and passes.
        case notFound
        /// It passed over ``passedOverLimit`` matching entries and stopped: the caller asks the
        /// prefix index, which walks from the range's end.
        case undecided
    }

    /// How many matching entries a lookup passes over, outside its range or refused, before it
    /// stops. The run of matches is in byte order, not history order, so a range that leaves
    /// out most of it (Alt-N after Alt-P leaves out every older match, Alt-P from an entry far
    /// back every newer one) would pass them all: for "ssh d", a tenth of a million entries,
    /// 20 ms. A step costs about what a walk through a hundred entries does, and the walk from
    /// the range's end passes only the entries of the bucket between it and the answer.
    static let passedOverLimit = 16

    /// The slots it holds, in the order of their entries' bytes, an entry before every entry
    /// it is a prefix of.
    private var order: [UInt32]
    private var newest: SlotExtremes
    private var oldest: SlotExtremes
    /// One past the newest slot it holds.
    private(set) var end: Int

    /// The index of `order`, the slots before `end` sorted by their entries' bytes (made by a
    /// ``Builder``).
    init(order: [UInt32], end: Int) {
        self.order = order
        self.end = end
        (newest, oldest) = order.withUnsafeBufferPointer { SlotExtremes.both($0) }
    }

    /// The newest slot in `slotRange` whose entry starts with `prefix` as `match` says and
    /// passes `accept`.
    func newestSlot(startingWith prefix: UnsafeBufferPointer<UInt8>, _ match: Match, in slotRange: Range<Int>,
                    of storage: HistoryStorage, where accept: (Int) -> Bool) -> Lookup {
        slot(startingWith: prefix, match, in: slotRange, of: storage, table: newest, where: accept)
    }

    /// The oldest slot in `slotRange` whose entry starts with `prefix` as `match` says and
    /// passes `accept`.
    func oldestSlot(startingWith prefix: UnsafeBufferPointer<UInt8>, _ match: Match, in slotRange: Range<Int>,
                    of storage: HistoryStorage, where accept: (Int) -> Bool) -> Lookup {
        slot(startingWith: prefix, match, in: slotRange, of: storage, table: oldest, where: accept)
    }

    /// The first slot, in `table`'s direction, of the run of matching positions is the answer
    /// unless it is outside the range or `accept` refuses it (a prefix that ends inside a
    /// character of the entry); then the positions on either side of it are tried, the better
    /// first, a step per entry passed over, up to ``passedOverLimit``.
    private func slot(startingWith prefix: UnsafeBufferPointer<UInt8>, _ match: Match, in slotRange: Range<Int>,
                      of storage: HistoryStorage, table: SlotExtremes, where accept: (Int) -> Bool) -> Lookup {
        guard !prefix.isEmpty, !slotRange.isEmpty else { return .notFound }
        return order.withUnsafeBufferPointer { order in
            storage.withEntries { entries in
                var candidates = SlotCandidates(table: table, order: order)
                candidates.insert(Self.positions(of: prefix, match, in: order, entries))
                var passedOver = 0
                while let (position, run) = candidates.removeFirst() {
                    let slot = Int(order[position])
                    // The best slot left: when it is past the range's far end, all are.
                    if table.direction == .newest ? slot < slotRange.lowerBound : slot >= slotRange.upperBound { return .notFound }
                    if slotRange.contains(slot) && accept(slot) { return .found(slot) }
                    passedOver += 1
                    if passedOver == Self.passedOverLimit { return .undecided }
                    candidates.insert(run.lowerBound..<position)
                    candidates.insert((position + 1)..<run.upperBound)
                }
                return .notFound
            }
        }
    }

    /// Takes out `slot`, whose entry is `entry`, before the storage removes it: the newer slots
    /// move down one, and the tables are made again (a few milliseconds at a million entries,
    /// paid when erasing a duplicate, not per key).
    mutating func remove(slot: Int, entry: UnsafeBufferPointer<UInt8>, of storage: HistoryStorage) {
        guard slot < end else { return }
        let removed = UInt32(truncatingIfNeeded: slot)
        let position: Int? = order.withUnsafeBufferPointer { order in
            storage.withEntries { entries in
                Self.positions(of: entry, .equals, in: order, entries).first { order[$0] == removed }
            }
        }
        guard let position else { return }
        order.remove(at: position)
        order.withUnsafeMutableBufferPointer { order in
            for index in order.indices where order[index] > removed { order[index] -= 1 }
        }
        end -= 1
        (newest, oldest) = order.withUnsafeBufferPointer { SlotExtremes.both($0) }
    }

    // MARK: - Runs of positions

    /// The positions whose entries start with `prefix` as `match` says: one run, since an
    /// entry's extensions follow it in byte order.
    private static func positions(of prefix: UnsafeBufferPointer<UInt8>, _ match: Match, in order: UnsafeBufferPointer<UInt32>,
                                  _ entries: HistoryStorage.Entries) -> Range<Int> {
        let start = firstPosition(in: order) { compare(Int($0), with: prefix, entries) >= 0 }
        let end = start + firstPosition(in: UnsafeBufferPointer(rebasing: order[start...])) {
            compare(Int($0), with: prefix, entries) > 0
        }
        guard match != .startsWith else { return start..<end }
        // The prefix itself sorts before its extensions.
        let firstLonger = start + firstPosition(in: UnsafeBufferPointer(rebasing: order[start..<end])) {
            entries.range(ofSlot: Int($0)).count > prefix.count
        }
        return match == .extends ? firstLonger..<end : start..<firstLonger
    }

    /// The first position whose slot passes `isAtOrAfter`, which is false and then true along
    /// the order; the count when none does.
    private static func firstPosition(in order: UnsafeBufferPointer<UInt32>, where isAtOrAfter: (UInt32) -> Bool) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(order[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Negative when the entry in `slot` sorts before every entry starting with `prefix`
    /// (a shorter beginning of it counts as before), zero when it starts with it, positive after.
    private static func compare(_ slot: Int, with prefix: UnsafeBufferPointer<UInt8>, _ entries: HistoryStorage.Entries) -> Int {
        let range = entries.range(ofSlot: slot)
        let shared = min(range.count, prefix.count)
        if let offset = HistoryStorage.firstDifference(entries.bytes.baseAddress! + range.lowerBound, prefix.baseAddress!, count: shared) {
            return entries.bytes[range.lowerBound + offset] < prefix[offset] ? -1 : 1
        }
        return range.count < prefix.count ? -1 : 0
    }
}
