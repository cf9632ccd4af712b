/// The UTF-8 bytes of the grapheme cluster in a cell, as a plain value.
///
/// Up to 15 bytes — nearly every cluster, ASCII, CJK, most emoji with their modifiers — are kept
/// inline, the count in the top byte's low four bits; a longer cluster (an emoji family, a flag
/// with tags, a stack of marks) is kept once in a `ClusterTable` and referred to by number, the
/// top bit set. Bits 4 to 6 of the top byte hold ``columnsPastWidthPartWay``. Cells are then
/// plain memory: rows of them copy and compare without reference counting.
struct ClusterBytes: Hashable, Sendable {
    private var low: UInt64
    private var high: UInt64

    private static let longFlag: UInt64 = 0x80

    /// No cluster: the right half of a wide character.
    static let none = ClusterBytes(low: 0, high: 0)

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Packs at most 15 bytes.
    init<Bytes: Collection>(inline bytes: Bytes) where Bytes.Element == UInt8 {
        var low: UInt64 = 0, high: UInt64 = 0
        for (index, byte) in bytes.prefix(15).enumerated() {
            if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
        }
        self.init(low: low, high: high | UInt64(min(bytes.count, 15)) << 56)
    }

    /// A single ASCII byte.
    init(ascii byte: UInt8) {
        self.init(low: UInt64(byte), high: 1 << 56)
    }

    /// Refers to entry `index` of a `ClusterTable`.
    init(longCluster index: Int) {
        self.init(low: UInt64(index), high: Self.longFlag << 56)
    }

    /// The table entry this refers to, for a cluster longer than 15 bytes.
    var longClusterIndex: Int? {
        high >> 56 & Self.longFlag != 0 ? Int(low) : nil
    }

    /// The byte of a one-byte cluster, an ASCII character; nil for any other.
    var singleByte: UInt8? {
        high >> 56 == 1 ? UInt8(truncatingIfNeeded: low) : nil
    }

    /// Whether the cluster has more than one scalar: a terminal that measures clusters as their
    /// scalars arrive may draw it wider part way through (a digit, then its keycap's VS16).
    var hasSeveralScalars: Bool {
        guard high >> 56 & Self.longFlag == 0 else { return true }
        let lead = UInt8(truncatingIfNeeded: low)
        let scalarLength: UInt64 = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return high >> 56 & 0x0F > scalarLength
    }

    /// How many columns more than its own the cluster may take while a terminal that measures
    /// clusters as their scalars arrive draws it: the widest of its first scalars (a keycap's
    /// digit and VS16 in two columns, the keycap in one) over the cells after it. At most 7.
    var columnsPastWidthPartWay: Int {
        Int(high >> 60 & 0x07)
    }

    /// The same cluster, taking `columns` more than its own part way (see
    /// ``columnsPastWidthPartWay``).
    func drawn(columnsPastWidthPartWay columns: Int) -> ClusterBytes {
        ClusterBytes(low: low, high: high & ~(0x07 << 60) | UInt64(min(columns, 7)) << 60)
    }

    /// Appends the inline bytes to `output`; a long cluster appends nothing (see `longClusterIndex`).
    func appendInlineBytes(to output: inout [UInt8]) {
        let top = high >> 56
        // Most cells hold one byte: the loop's shifts and checks cost more than the byte.
        if top == 1 {
            output.append(UInt8(truncatingIfNeeded: low))
            return
        }
        guard top & Self.longFlag == 0 else { return }
        for index in 0..<Int(top & 0x0F) {
            output.append(UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * index) : high >> (8 * (index - 8))))
        }
    }
}

/// What the layout knows of clusters beyond their bytes, kept for its life and passed to every
/// function that makes cells: long clusters, each kept once, numbered in the order they were
/// first seen (never removed, so a number drawn once keeps its meaning), and the widths the
/// terminal draws clusters in, with the clusters met that are still to be measured.
struct ClusterTable: Sendable {
    private(set) var clusters: [String] = []
    private var numbers: [String: Int] = [:]
    /// The widths the terminal draws clusters in.
    var widths = TerminalWidths()
    /// Clusters drawn since the widths were last set that the terminal is to measure, each once.
    private(set) var unmeasured: [Character] = []
    /// The bytes of each cluster of several scalars met, with how many columns past its own it
    /// may take part way (see `ClusterBytes.columnsPastWidthPartWay`), which the widths decide.
    private var clustersOfSeveralScalars: [ClusterBytes: ClusterBytes] = [:]

    /// The columns `character` takes on the terminal (see ``TerminalWidths``); a cluster still
    /// to be measured is noted in ``unmeasured`` and takes the tables' columns meanwhile.
    mutating func columns(of character: Character) -> Int {
        let (columns, needsMeasuring) = widths.columns(of: character)
        if needsMeasuring && !unmeasured.contains(character) { unmeasured.append(character) }
        return columns
    }

    /// Sets the widths the terminal draws clusters in, forgetting the clusters to measure.
    mutating func use(_ widths: TerminalWidths) {
        self.widths = widths
        unmeasured = []
        clustersOfSeveralScalars = [:]
    }

    /// The bytes of `character` for a cell: inline, or the number of its entry; for a cluster
    /// of several scalars, with the columns it may take past its own part way.
    mutating func bytes(of character: Character) -> ClusterBytes {
        let bytes = storedBytes(of: character)
        guard bytes.hasSeveralScalars else { return bytes }
        if let known = clustersOfSeveralScalars[bytes] { return known }
        let drawn = bytes.drawn(columnsPastWidthPartWay: columnsPastWidthPartWay(of: character))
        clustersOfSeveralScalars[bytes] = drawn
        return drawn
    }

    private mutating func storedBytes(of character: Character) -> ClusterBytes {
        let utf8 = character.utf8
        // A regional indicator alone is written with a zero-width non-joiner after it: bare, a
        // terminal that pairs indicators would draw it and a lone one written next (past a
        // zero-width cluster, which takes no cell) as one flag.
        if utf8.count == 4, let scalar = character.unicodeScalars.first, (0x1F1E6...0x1F1FF).contains(scalar.value) {
            return ClusterBytes(inline: Array(utf8) + [0xE2, 0x80, 0x8C])
        }
        if utf8.count <= 15 { return ClusterBytes(inline: utf8) }
        let text = String(character)
        if let number = numbers[text] { return ClusterBytes(longCluster: number) }
        numbers[text] = clusters.count
        clusters.append(text)
        return ClusterBytes(longCluster: clusters.count - 1)
    }

    private func columnsPastWidthPartWay(of character: Character) -> Int {
        var prefix = ""
        var widest = 0
        for scalar in character.unicodeScalars.dropLast() {
            prefix.unicodeScalars.append(scalar)
            if prefix.count == 1, let first = prefix.first { widest = max(widest, widths.columns(of: first).columns) }
        }
        return max(0, widest - widths.columns(of: character).columns)
    }
}
