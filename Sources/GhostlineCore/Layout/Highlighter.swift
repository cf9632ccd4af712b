/// Tells how the parts of a text are drawn: the seam for syntax highlighting.
///
/// The editor asks once per change of the text, never per frame or per row, and lays the spans
/// over the text's cells; what a span does not cover is drawn plain. Every change recolours the
/// whole text, so a span may depend on anything before or after it (a closing quote recolours
/// what came before it). A secret entry is never shown to a highlighter.
public protocol Highlighter {
    /// The spans to draw `text` with. They may come in any order; where two overlap, the later
    /// one in the array wins. Parts of a span outside the text are ignored.
    func spans(for text: String) -> [StyleSpan]
}
