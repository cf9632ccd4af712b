/// How wide the terminal draws the characters on which terminals disagree with the tables, for
/// the layout to place every cluster where the terminal puts it.
///
/// Two kinds of character are drawn differently from one terminal to the next:
/// - characters of ambiguous East Asian width (`…`, `±`, Greek and Cyrillic letters, the private
///   use area), one column on most terminals and two on those set up for CJK text: one setting
///   for them all, given by the app or learnt from the first one measured;
/// - clusters the tables cannot vouch for (emoji ZWJ sequences, flags, VS16 emoji, skin tones,
///   keycaps, tag sequences, code points newer than the tables): each measured once, when it is
///   first drawn.
///
/// On a terminal that asks nothing of either (the ambiguous width known and narrow, no
/// measuring), every width is the tables' and nothing is looked up.
package struct TerminalWidths: Hashable, Sendable {
    /// How ambiguous-width characters are drawn.
    package enum AmbiguousWidth: Hashable, Sendable {
        /// In one column, as the tables say.
        case narrow
        /// In two columns, as CJK terminals draw them.
        case wide
        /// Not known yet: the first one drawn is measured, and its width holds for all.
        case unknown
    }

    /// How ambiguous-width characters are drawn.
    package var ambiguousWidth: AmbiguousWidth {
        didSet { updateDeparture() }
    }
    /// Whether clusters the tables cannot vouch for are measured when first drawn; off on a
    /// terminal that cannot answer, or that lays clusters out whole (mode 2027), as the tables do.
    package var measuresClusters: Bool {
        didSet { updateDeparture() }
    }
    /// The widths measured, by cluster; a measured width may also be the tables'.
    package private(set) var measured: [Character: Int] = [:]
    /// Whether any width may differ from the tables'; when not, widths are the tables' with no look-up.
    private(set) var departsFromTables = false

    /// Widths as the tables give them: ambiguous characters narrow, nothing measured.
    package init(ambiguousWidth: AmbiguousWidth = .narrow, measuresClusters: Bool = false) {
        self.ambiguousWidth = ambiguousWidth
        self.measuresClusters = measuresClusters
        updateDeparture()
    }

    private mutating func updateDeparture() {
        departsFromTables = ambiguousWidth != .narrow || measuresClusters || !measured.isEmpty
    }

    /// The columns the terminal draws `character` in (not a control character, which the
    /// layout draws in caret notation), and whether it is still to be measured, in which case
    /// the columns are the tables' for now.
    package func columns(of character: Character) -> (columns: Int, needsMeasuring: Bool) {
        guard departsFromTables else { return (character.displayWidth, false) }
        if let width = measured[character] { return (width, false) }
        let table = character.tableWidth
        // An ambiguous base decides first: a terminal that draws it wide has done so before
        // whatever follows it in the cluster.
        if table.isAmbiguous {
            switch ambiguousWidth {
            case .narrow: break
            case .wide: return (2, false)
            case .unknown: return (table.columns, true)
            }
        }
        return (table.columns, table.isDisputed && measuresClusters)
    }

    /// Records the `width` the terminal drew `character` in; for the first ambiguous-width
    /// character measured while the setting is unknown, the setting for them all.
    package mutating func record(_ width: Int, for character: Character) {
        let table = character.tableWidth
        if ambiguousWidth == .unknown && table.isAmbiguous && !table.isDisputed {
            ambiguousWidth = width >= 2 ? .wide : .narrow
        }
        measured[character] = width
        updateDeparture()
    }

    /// Ambiguous-width characters as the terminal drew the first one measured; unknown, to be
    /// measured, when none was.
    package mutating func learnAmbiguousWidth() {
        let ambiguous = measured.first { $0.key.tableWidth.isAmbiguous && !$0.key.tableWidth.isDisputed }
        ambiguousWidth = ambiguous.map { $0.value >= 2 ? .wide : .narrow } ?? .unknown
    }

    /// The terminal measured nothing: measuring stops, and the tables' widths hold, ambiguous
    /// characters narrow.
    package mutating func stopMeasuring() {
        if ambiguousWidth == .unknown { ambiguousWidth = .narrow }
        measuresClusters = false
    }
}

/// A cluster's width by the tables, and whether a terminal may draw it otherwise.
struct TableWidth {
    /// The columns the tables give it (`Character.displayWidth`).
    var columns: Int
    /// One column, of ambiguous East Asian width: two on a CJK terminal.
    var isAmbiguous: Bool
    /// Drawn in widths of a terminal's own: a sequence some terminals join and others draw
    /// scalar by scalar, or a code point newer than the tables.
    var isDisputed: Bool
}

extension Character {
    /// The cluster's width by the tables, and whether a terminal may draw it otherwise.
    var tableWidth: TableWidth {
        let columns = displayWidth
        var scalars = unicodeScalars.makeIterator()
        guard let base = scalars.next() else { return TableWidth(columns: 0, isAmbiguous: false, isDisputed: false) }
        if base.value < 0x80 && unicodeScalars.count == 1 {
            return TableWidth(columns: columns, isAmbiguous: false, isDisputed: false)
        }
        let baseClass = ScalarWidthClass(base)
        var isDisputed = baseClass.isDisputed
        while !isDisputed, let next = scalars.next() {
            switch next.value {
            // A joiner (emoji ZWJ sequences), VS16 (emoji presentation), the combining keycap,
            // skin-tone modifiers, tags (subdivision flags), a regional indicator's pair.
            case 0x200D, 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x1F1E6...0x1F1FF:
                isDisputed = true
            default:
                isDisputed = ScalarWidthClass(next).isDisputed
            }
        }
        return TableWidth(columns: columns, isAmbiguous: baseClass.isAmbiguous && columns == 1, isDisputed: isDisputed)
    }
}
