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
