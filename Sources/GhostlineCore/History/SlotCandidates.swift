/// Runs of positions still to try, each with the position of its best slot, the run with the
/// best first (a binary heap).
struct SlotCandidates {
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
