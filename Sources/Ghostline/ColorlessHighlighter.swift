import GhostlineCore

/// A highlighter's spans without their colors, for a terminal drawn without colors (`NO_COLOR`):
/// bold, italic and the other attributes stay, and a span that had only a color is drawn dim.
struct ColorlessHighlighter: Highlighter {
    /// The highlighter whose spans are drawn.
    let base: any Highlighter

    func spans(for text: String) -> [StyleSpan] {
        base.spans(for: text).map { StyleSpan($0.range, style: $0.style.withoutColor) }
    }
}
