/// The position of the newest (largest) or oldest (smallest) slot in any run of positions, in
/// constant time: the best of each block of 128 positions, and of every 2, 4, 8 … blocks in a
/// row (a sparse table), under half a byte an entry.
struct SlotExtremes: Sendable {
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
