// Terminal column widths. The rules and their sources are explained in Docs/Unicode.md; every
// width comes from the tables generated from the Unicode Character Database, never from the
// standard library's `Unicode.Scalar.Properties`, whose Unicode version follows the Swift
// toolchain rather than what we chose to match.

extension Character {
    /// The number of terminal columns this grapheme cluster occupies: 0, 1 or 2.
    ///
    /// The cluster's first (base) scalar decides: 2 for East Asian Wide and Fullwidth characters
    /// and for emoji with emoji presentation, 0 for a cluster made only of combining marks,
    /// joiners, variation selectors and other default-ignorable scalars, 1 otherwise. A VS16 after
    /// a base with an emoji-style variation sequence (`☺️`, `1️⃣`) makes the cluster 2 wide;
    /// combining marks, skin-tone modifiers and scalars joined by ZWJ add nothing, a spacing letter
    /// kept in the cluster (Thai SARA AM in `กำ`) adds its column, up to 2.
    ///
    /// Control characters (C0, DEL, C1 and the cluster `"\r\n"`) are drawn in caret notation, so
    /// their width is that of `caretNotation`: 2.
    package var displayWidth: Int {
        var scalars = unicodeScalars.makeIterator()
        guard let base = scalars.next() else { return 0 }
        guard var next = scalars.next() else {
            // Printable ASCII, most of what is typed or pasted, needs no table search.
            if base.value &- 0x20 < 0x5F { return 1 }
            return base.isCaretNotationControl ? 2 : ScalarWidthClass(base).width
        }
        if base.isCaretNotationControl { return 2 }

        let baseClass = ScalarWidthClass(base)
        var width = baseClass.width
        while width < 2 {
            switch next.value {
            case 0xFE0F:
                if baseClass.hasEmojiVariation { width = 2 }
            case 0x200D:
                // The scalar after a joiner is drawn into the base's glyph (an emoji ZWJ sequence).
                _ = scalars.next()
            default:
                // Spacing letters that grapheme breaking keeps in the cluster, such as Thai SARA
                // AM or a consonant after a prepended mark, take their own column; marks are 0.
                if ScalarWidthClass(next).width == 1 { width += 1 }
            }
            guard let following = scalars.next() else { break }
            next = following
        }
        return width
    }
}

extension String {
    /// The number of terminal columns the text takes on one row: its grapheme clusters'
    /// ``Character/displayWidth``s, control characters in caret notation.
    package var displayWidth: Int {
        var text = self
        // Printable ASCII, most of a menu's candidates, is a column a byte, counted without
        // forming characters.
        let ascii: Int? = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 &- 0x20 < 0x5F } ? bytes.count : nil
        }
        return ascii ?? reduce(0) { $0 + $1.displayWidth }
    }
}

extension Unicode.Scalar {
    /// The number of terminal columns this scalar takes on its own: 0 for combining marks and
    /// other zero-width scalars, 2 for East Asian Wide and Fullwidth characters and for emoji with
    /// emoji presentation, 1 otherwise.
    ///
    /// Control characters (C0, DEL and C1) return -1: they have no glyph, and the layout draws
    /// them in caret notation (see `Character.caretNotation`), which `Character.displayWidth`
    /// measures. Prefer `Character.displayWidth` for text: a scalar's width is not its cluster's.
    package var displayWidth: Int {
        if value &- 0x20 < 0x5F { return 1 }
        return isCaretNotationControl ? -1 : ScalarWidthClass(self).width
    }

    /// C0 controls, DEL and C1 controls: the scalars the layout shows in caret notation.
    var isCaretNotationControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
