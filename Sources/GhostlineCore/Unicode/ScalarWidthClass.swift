/// What the generated tables say about one scalar: its column width on its own and whether VS16
/// turns it into a two-column emoji.
///
/// The tables are a sorted array of runs (`scalarWidthClassRuns`, written by
/// `generate-unicode-tables`), each packing the run's first code point with its class, so a lookup
/// is one binary search over about 1,200 words.
struct ScalarWidthClass {
    private let bits: UInt32

    init(_ scalar: Unicode.Scalar) {
        // The last run whose first code point is at most `scalar` holds it. Packing the key with
        // all class bits set makes "first code point ≤ scalar" a plain integer comparison.
        let key = scalar.value << 3 | 0b111
        let runs = scalarWidthClassRuns
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle] <= key { low = middle + 1 } else { high = middle }
        }
        // The generator always starts the first run at U+0000, so `low` is at least 1.
        bits = low > 0 ? runs[low - 1] : 1
    }

    /// Columns the scalar takes on its own: 0, 1 or 2.
    var width: Int { Int(bits & 0b11) }

    /// Whether the scalar has an emoji-style variation sequence, that is whether a following VS16
    /// (U+FE0F) asks for its two-column emoji presentation, as in `☺️` or the keycap `1️⃣`.
    var hasEmojiVariation: Bool { bits & 0b100 != 0 }
}
