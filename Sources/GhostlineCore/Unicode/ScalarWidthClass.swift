/// What the generated tables say about one scalar: its column width on its own, whether VS16
/// turns it into a two-column emoji, and whether terminals may draw it otherwise (an ambiguous
/// width, or one of their own).
///
/// The tables are a sorted array of runs (`scalarWidthClassRuns`, written by
/// `generate-unicode-tables`), each packing the run's first code point with its class, so a lookup
/// is one binary search over about 1,200 words.
struct ScalarWidthClass {
    private let bits: UInt32

    init(_ scalar: Unicode.Scalar) {
        // The last run whose first code point is at most `scalar` holds it. Packing the key with
        // all class bits set makes "first code point ≤ scalar" a plain integer comparison.
        let key = scalar.value << 5 | 0b11111
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

    /// Whether the scalar is a one-column character of ambiguous East Asian width, which
    /// terminals set up for CJK text draw in two columns.
    var isAmbiguous: Bool { bits & 0b1000 != 0 }

    /// Whether terminals draw the scalar in widths of their own: a code point unassigned in the
    /// tables' version (a newer character) or a regional indicator, half of a flag.
    var isDisputed: Bool { bits & 0b1_0000 != 0 }
}
