/// What the display draws around the text besides the prompts: the right prompt and the rows
/// below the entry. Compared as one value, so that a change of any of it draws a frame and none
/// of it is compared by hand.
package struct Chrome: Hashable, Sendable {
    /// Drawn at the right of the first row while the text leaves room for it; nil for none.
    /// Written `Optional<…>`, as `Presentation`'s optionals are (see there).
    package var rightPrompt: Optional<StyledText>
    /// The columns left free between the right prompt and the right edge: one by default, as
    /// zsh leaves, since terminals misbehave at the bottom-right corner.
    package var rightPromptMargin: Int
    /// The regions below the entry, drawn in order within their placement.
    package var regions: [Region]
    /// Whether the prompts, the right prompt and where the input starts after each carry the
    /// marks of shell integration (``PromptMark``).
    package var marksPrompts: Bool

    /// Creates chrome; by default none.
    package init(rightPrompt: StyledText? = nil, rightPromptMargin: Int = 1, regions: [Region] = [],
                 marksPrompts: Bool = false) {
        self.rightPrompt = rightPrompt
        self.rightPromptMargin = rightPromptMargin
        self.regions = regions
        self.marksPrompts = marksPrompts
    }

    /// Whether two chromes draw the same. Written out so that the common case, no regions on
    /// either side, does not call the array's comparison: the display asks it on every key.
    package static func == (lhs: Chrome, rhs: Chrome) -> Bool {
        lhs.rightPromptMargin == rhs.rightPromptMargin && lhs.marksPrompts == rhs.marksPrompts
            && lhs.rightPrompt == rhs.rightPrompt
            && (lhs.regions.isEmpty ? rhs.regions.isEmpty : lhs.regions == rhs.regions)
    }

    /// This chrome with `regions` before its own.
    package func following(_ regions: [Region]) -> Chrome {
        Chrome(rightPrompt: rightPrompt, rightPromptMargin: rightPromptMargin, regions: regions + self.regions,
               marksPrompts: marksPrompts)
    }

    /// The rows of the regions as drawn top to bottom: those below the entry, then those at the
    /// area's bottom; at most `limit`, the area's bottom kept first.
    func rows(limit: Int) -> [RegionRow] {
        guard limit > 0 else { return [] }
        var below: [RegionRow] = [], bottom: [RegionRow] = []
        for region in regions {
            switch region.placement {
            case .belowEntry: below += region.rows
            case .areaBottom: bottom += region.rows
            }
        }
        let bottomShown = bottom.prefix(limit)
        return Array(below.prefix(limit - bottomShown.count)) + bottomShown
    }
}

/// Rows drawn below the entry: a completion listing, a message, a toolbar.
package struct Region: Hashable, Sendable {
    /// Where a region goes below the entry.
    package enum Placement: Hashable, Sendable {
        /// Right below the text (and the regions before it): a listing, a message.
        case belowEntry
        /// At the area's bottom, below every region placed below the entry: a toolbar.
        case areaBottom
    }

    /// Where it goes.
    package var placement: Placement
    /// Its rows, top to bottom.
    package var rows: [RegionRow]

    /// Creates a region.
    package init(_ placement: Placement, rows: [RegionRow]) {
        self.placement = placement
        self.rows = rows
    }

    /// A region of one style, a row for every line of `text`.
    package init(_ placement: Placement, text: String, style: Style = .plain) {
        self.init(placement, rows: text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { RegionRow([StyledText(String($0), style: style)]) })
    }
}

/// One row of a region: pieces of styled text drawn one after another, cut at the right edge.
package struct RegionRow: Hashable, Sendable {
    /// The pieces, left to right.
    package var pieces: [StyledText]

    /// Creates a row.
    package init(_ pieces: [StyledText]) {
        self.pieces = pieces
    }
}
