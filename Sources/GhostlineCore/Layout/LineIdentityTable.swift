/// Values kept by line identity (`EditorState.identity(ofLine:)`): identities in ascending order
/// beside their values, found by binary search.
///
/// Lines get ever larger identities as they are made, so a new line's entry goes at the end; only
/// the lines of a new state, whose identities start again, go among the others. No hashing: a
/// dictionary here would be the first one on the way to the prompt, and would bring the hashing
/// code and the runtime's search of every protocol conformance in the program (for
/// `UInt64: Hashable`) into an idle prompt's memory (Docs/Performance.md, "What embedding costs").
struct LineIdentityTable<Value> {
    private var identities: [UInt64] = []
    private var values: [Value] = []

    /// How many identities have a value.
    var count: Int { identities.count }

    /// The value kept for `identity`; setting nil removes it.
    subscript(identity: UInt64) -> Value? {
        get {
            let index = position(of: identity)
            return index < identities.count && identities[index] == identity ? values[index] : nil
        }
        set {
            let index = position(of: identity)
            let isKept = index < identities.count && identities[index] == identity
            switch (newValue, isKept) {
            case (let value?, true):
                values[index] = value
            case (let value?, false):
                identities.insert(identity, at: index)
                values.insert(value, at: index)
            case (nil, true):
                identities.remove(at: index)
                values.remove(at: index)
            case (nil, false):
                break
            }
        }
    }

    /// Forgets the values of the identities not in `live`, in one pass over both in order.
    mutating func keepOnly(_ live: [UInt64]) {
        let live = live.sorted()
        var next = 0
        var kept = 0
        for index in identities.indices {
            while next < live.count && live[next] < identities[index] { next += 1 }
            guard next < live.count && live[next] == identities[index] else { continue }
            identities[kept] = identities[index]
            values.swapAt(kept, index)
            kept += 1
        }
        identities.removeLast(identities.count - kept)
        values.removeLast(values.count - kept)
    }

    /// Forgets every value.
    mutating func removeAll() {
        identities.removeAll()
        values.removeAll()
    }

    /// The index of `identity`, or where it would go.
    private func position(of identity: UInt64) -> Int {
        // A line made since the last look-up is the commonest miss: past the last identity.
        if let last = identities.last, last < identity { return identities.count }
        var low = 0
        var high = identities.count
        while low < high {
            let middle = (low + high) / 2
            if identities[middle] < identity { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension LineIdentityTable: Sendable where Value: Sendable {}
