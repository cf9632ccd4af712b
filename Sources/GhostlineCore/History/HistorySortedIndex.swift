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

    fileprivate init(order: [UInt32], end: Int) {
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
                var candidates = Candidates(table: table, order: order)
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

// MARK: - Extremes

/// The position of the newest (largest) or oldest (smallest) slot in any run of positions, in
/// constant time: the best of each block of 128 positions, and of every 2, 4, 8 … blocks in a
/// row (a sparse table), under half a byte an entry.
private struct SlotExtremes: Sendable {
    enum Direction { case newest, oldest }

    private static let blockSize = 128
    let direction: Direction
    /// `levels[k][block]` is the position of the best slot in the `1 << k` blocks from `block`.
    private let levels: [[Int32]]

    /// The tables of both directions, their blocks read once: the order is megabytes, and this is
    /// the last step of a sorting.
    static func both(_ order: UnsafeBufferPointer<UInt32>) -> (newest: SlotExtremes, oldest: SlotExtremes) {
        let blockCount = order.count / blockSize
        var newest = [Int32](repeating: 0, count: blockCount), oldest = newest
        newest.withUnsafeMutableBufferPointer { newest in
            oldest.withUnsafeMutableBufferPointer { oldest in
                for block in 0..<blockCount {
                    let start = block * blockSize
                    var largest = start, smallest = start
                    var largestSlot = order[start], smallestSlot = largestSlot
                    for position in (start + 1)..<(start + blockSize) {
                        let slot = order[position]
                        if slot > largestSlot { (largest, largestSlot) = (position, slot) }
                        if slot < smallestSlot { (smallest, smallestSlot) = (position, slot) }
                    }
                    newest[block] = Int32(truncatingIfNeeded: largest)
                    oldest[block] = Int32(truncatingIfNeeded: smallest)
                }
            }
        }
        return (SlotExtremes(blocks: newest, order, .newest), SlotExtremes(blocks: oldest, order, .oldest))
    }

    /// The table whose first level is `first`, the best position of each block.
    private init(blocks first: [Int32], _ order: UnsafeBufferPointer<UInt32>, _ direction: Direction) {
        self.direction = direction
        let blockCount = first.count
        var levels = [first]
        // The slots of the level below, beside its positions: each level is then made from two
        // arrays read in a row, not from the order read all over its megabytes.
        var slots = first.map { order[Int($0)] }
        var span = 1
        while span * 2 <= blockCount {
            let count = blockCount - span * 2 + 1
            var positions = [Int32](repeating: 0, count: count)
            levels[levels.count - 1].withUnsafeBufferPointer { below in
                positions.withUnsafeMutableBufferPointer { positions in
                    slots.withUnsafeMutableBufferPointer { slots in
                        for block in 0..<count {
                            let takesRight = Self.isBetter(slots[block + span], than: slots[block], direction)
                            positions[block] = takesRight ? below[block + span] : below[block]
                            slots[block] = takesRight ? slots[block + span] : slots[block]
                        }
                    }
                }
            }
            levels.append(positions)
            span *= 2
        }
        self.levels = levels
    }

    /// Whether `slot` comes before `other` in `direction`.
    @inline(__always)
    static func isBetter(_ slot: UInt32, than other: UInt32, _ direction: Direction) -> Bool {
        direction == .newest ? slot > other : slot < other
    }

    /// The position of the best slot in `run` (not empty).
    func positionOfBest(in run: Range<Int>, _ order: UnsafeBufferPointer<UInt32>) -> Int {
        let firstBlock = (run.lowerBound + Self.blockSize - 1) / Self.blockSize
        let endBlock = run.upperBound / Self.blockSize
        guard firstBlock < endBlock else { return Self.best(in: run, order, direction) }
        var best = Self.best(in: run.lowerBound..<(firstBlock * Self.blockSize), order, direction)
        let tail = Self.best(in: (endBlock * Self.blockSize)..<run.upperBound, order, direction)
        if best < 0 || (tail >= 0 && Self.isBetter(order[tail], than: order[best], direction)) { best = tail }
        let level = Int.bitWidth - 1 - (endBlock - firstBlock).leadingZeroBitCount
        let left = Int(levels[level][firstBlock]), right = Int(levels[level][endBlock - (1 << level)])
        let middle = Self.isBetter(order[right], than: order[left], direction) ? right : left
        return best < 0 || Self.isBetter(order[middle], than: order[best], direction) ? middle : best
    }

    /// The position of the best slot in `run` read one by one; -1 when it is empty.
    private static func best(in run: Range<Int>, _ order: UnsafeBufferPointer<UInt32>, _ direction: Direction) -> Int {
        var best = -1
        for position in run where best < 0 || isBetter(order[position], than: order[best], direction) { best = position }
        return best
    }
}

/// Runs of positions still to try, each with the position of its best slot, the run with the
/// best first (a binary heap).
private struct Candidates {
    let table: SlotExtremes
    let order: UnsafeBufferPointer<UInt32>
    private var heap: [(position: Int, run: Range<Int>)] = []

    init(table: SlotExtremes, order: UnsafeBufferPointer<UInt32>) {
        self.table = table
        self.order = order
    }

    private func isBetter(_ index: Int, than other: Int) -> Bool {
        SlotExtremes.isBetter(order[heap[index].position], than: order[heap[other].position], table.direction)
    }

    mutating func insert(_ run: Range<Int>) {
        guard !run.isEmpty else { return }
        heap.append((table.positionOfBest(in: run, order), run))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBetter(child, than: parent) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() -> (position: Int, run: Range<Int>)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            var best = parent
            for child in (2 * parent + 1)...(2 * parent + 2) where child < heap.count && isBetter(child, than: best) {
                best = child
            }
            guard best != parent else { break }
            heap.swapAt(parent, best)
            parent = best
        }
        return top
    }
}

// MARK: - Building

extension HistorySortedIndex {
    /// Sorts the slots of the prefix index by their entries' bytes, a step at a time.
    ///
    /// The prefix index's buckets are where it starts: they are the slots sorted by their first
    /// two bytes already. A group of slots whose entries agree up to a depth is dealt out by
    /// its next byte into groups one byte deeper (an MSD radix sort), after skipping the bytes
    /// they all share there (entries such as `git commit -m "fix …` share eighteen); a group of
    /// a few is sorted by comparing them. Dealing out a group takes three passes over it (the
    /// shared bytes, the count of each next byte, the dealing), and a step can stop inside any
    /// of them: a bucket of 400,000 entries is not one long step.
    struct Builder: Sendable {
        /// A run of positions whose entries agree on their first `depth` bytes.
        fileprivate struct Group {
            var start: Int
            var count: Int
            var depth: Int
        }

        /// A group being dealt out, and how far it got.
        private struct Dealing {
            enum Pass { case sharing, counting, dealing }
            let group: Group
            var pass = Pass.sharing
            /// How many of the group's slots this pass has handled.
            var handled = 0
            /// How many bytes from the group's depth its entries share (so far, while sharing).
            var shared: Int
            /// Bin 0 counts the entries that end at the depth (all equal, first in byte order),
            /// bin b + 1 those whose next byte is b; from the counting on, where each bin starts.
            var starts = [Int](repeating: 0, count: 258)
            /// Where the next slot of each bin goes.
            var next: [Int] = []
        }

        private var order: [UInt32]
        private var scratch: [UInt32] = []
        /// The bin of each slot of the group being dealt out, found as they were counted: the
        /// dealing then reads them in a row instead of each entry's bytes again.
        private var bins: [UInt16] = []
        private var groups: [Group]
        private var dealing: Dealing?
        /// One past the newest slot being sorted.
        let end: Int

        /// Starts from `slots` grouped by their first bytes: `groups` are (start, count, depth)
        /// runs whose entries agree on their first `depth` bytes, in byte order.
        init(slots: [UInt32], groups: [(start: Int, count: Int, depth: Int)], end: Int) {
            order = slots
            // The last is taken first: pushed in reverse, they are sorted in order, which keeps
            // the reads of entries' bytes moving one way.
            self.groups = groups.reversed().filter { $0.count > 1 }.map { Group(start: $0.start, count: $0.count, depth: $0.depth) }
            self.end = end
        }

        /// Whether every group is sorted.
        var isFinished: Bool { groups.isEmpty && dealing == nil }

        /// Sorts until about `budget` slots were handled; returns whether it is finished.
        mutating func sort(budget: Int, of storage: HistoryStorage) -> Bool {
            var spent = 0
            storage.withEntries { entries in
                while spent < budget {
                    if dealing == nil {
                        guard let group = groups.popLast() else { break }
                        guard group.count > Self.comparedGroupSize else {
                            order.withUnsafeMutableBufferPointer { order in
                                Self.insertionSort(UnsafeMutableBufferPointer(rebasing: order[group.start..<(group.start + group.count)]),
                                                   from: group.depth, entries)
                            }
                            spent += group.count
                            continue
                        }
                        if scratch.count < group.count {
                            scratch = [UInt32](repeating: 0, count: group.count)
                            bins = [UInt16](repeating: 0, count: group.count)
                        }
                        let first = Int(order[group.start])
                        dealing = Dealing(group: group, shared: entries.range(ofSlot: first).count - group.depth)
                    }
                    spent += advance(by: budget - spent, entries)
                }
            }
            if isFinished {
                scratch = []
                bins = []
            }
            return isFinished
        }

        /// The index, once ``isFinished``.
        func finished() -> HistorySortedIndex {
            precondition(isFinished, "The history's order is not sorted yet")
            return HistorySortedIndex(order: order, end: end)
        }

        private static let comparedGroupSize = 16

        /// Goes on with the group being dealt out, for at most `limit` slots; returns how many
        /// it handled.
        private mutating func advance(by limit: Int, _ entries: HistoryStorage.Entries) -> Int {
            guard var dealing = self.dealing.take() else { return 0 }
            let group = dealing.group
            let chunk = dealing.handled..<(dealing.handled + min(group.count - dealing.handled, max(1, limit)))
            order.withUnsafeMutableBufferPointer { order in
                let slots = UnsafeMutableBufferPointer(rebasing: order[group.start..<(group.start + group.count)])
                switch dealing.pass {
                case .sharing:
                    dealing.shared = Self.sharedLength(of: slots, in: chunk, from: group.depth, atMost: dealing.shared, entries)
                case .counting:
                    let depth = group.depth + dealing.shared
                    bins.withUnsafeMutableBufferPointer { bins in
                        for index in chunk {
                            let bin = Self.bin(of: Int(slots[index]), at: depth, entries)
                            bins[index] = UInt16(truncatingIfNeeded: bin)
                            dealing.starts[bin + 1] += 1
                        }
                    }
                case .dealing:
                    scratch.withUnsafeMutableBufferPointer { scratch in
                        bins.withUnsafeBufferPointer { bins in
                            for index in chunk {
                                let bin = Int(bins[index])
                                scratch[dealing.next[bin]] = slots[index]
                                dealing.next[bin] += 1
                            }
                        }
                    }
                }
            }
            dealing.handled = chunk.upperBound
            // Nothing shared any more: the rest need not be read for it.
            if dealing.pass == .sharing && dealing.shared == 0 { dealing.handled = group.count }
            guard dealing.handled == group.count else {
                self.dealing = dealing
                return chunk.count
            }
            dealing.handled = 0
            switch dealing.pass {
            case .sharing:
                dealing.pass = .counting
                self.dealing = dealing
            case .counting:
                for bin in 0..<257 { dealing.starts[bin + 1] += dealing.starts[bin] }
                dealing.next = Array(dealing.starts[0..<257])
                dealing.pass = .dealing
                self.dealing = dealing
            case .dealing:
                order.withUnsafeMutableBufferPointer { order in
                    _ = UnsafeMutableBufferPointer(rebasing: order[group.start..<(group.start + group.count)])
                        .update(fromContentsOf: scratch[0..<group.count])
                }
                let depth = group.depth + dealing.shared + 1
                let starts = dealing.starts
                for bin in stride(from: 256, through: 1, by: -1) where starts[bin + 1] - starts[bin] > 1 {
                    groups.append(Group(start: group.start + starts[bin], count: starts[bin + 1] - starts[bin], depth: depth))
                }
            }
            return chunk.count
        }

        @inline(__always)
        private static func bin(of slot: Int, at depth: Int, _ entries: HistoryStorage.Entries) -> Int {
            let range = entries.range(ofSlot: slot)
            return depth < range.count ? Int(entries.bytes[range.lowerBound + depth]) + 1 : 0
        }

        /// How many bytes from `depth` on the entries of `slots` in `chunk` share with the first
        /// slot's, at most `shared`.
        private static func sharedLength(of slots: UnsafeMutableBufferPointer<UInt32>, in chunk: Range<Int>, from depth: Int,
                                         atMost shared: Int, _ entries: HistoryStorage.Entries) -> Int {
            let base = entries.bytes.baseAddress!
            let firstStart = entries.range(ofSlot: Int(slots[0])).lowerBound + depth
            var shared = shared
            for slot in slots[chunk] where shared > 0 {
                let range = entries.range(ofSlot: Int(slot))
                let count = min(shared, range.count - depth)
                shared = HistoryStorage.firstDifference(base + firstStart, base + range.lowerBound + depth, count: count) ?? count
            }
            return shared
        }

        private static func insertionSort(_ slots: UnsafeMutableBufferPointer<UInt32>, from depth: Int,
                                          _ entries: HistoryStorage.Entries) {
            for index in slots.indices.dropFirst() {
                let slot = slots[index]
                var place = index
                while place > 0 && precedes(slot, slots[place - 1], from: depth, entries) {
                    slots[place] = slots[place - 1]
                    place -= 1
                }
                slots[place] = slot
            }
        }

        /// Whether the entry in `left` sorts before the one in `right`, both equal before `depth`.
        private static func precedes(_ left: UInt32, _ right: UInt32, from depth: Int, _ entries: HistoryStorage.Entries) -> Bool {
            let leftRange = entries.range(ofSlot: Int(left)), rightRange = entries.range(ofSlot: Int(right))
            let leftStart = leftRange.lowerBound + depth, rightStart = rightRange.lowerBound + depth
            let leftCount = leftRange.upperBound - leftStart, rightCount = rightRange.upperBound - rightStart
            let base = entries.bytes.baseAddress!
            if let offset = HistoryStorage.firstDifference(base + leftStart, base + rightStart, count: min(leftCount, rightCount)) {
                return entries.bytes[leftStart + offset] < entries.bytes[rightStart + offset]
            }
            return leftCount < rightCount
        }
    }
}
