/// An edit about to be made to the text, or just made: `range` of the old text replaced by
/// `replacement`.
///
/// This is the analog of `textView(_:shouldChangeTextIn:replacementText:)`: it describes the edit
/// without copying the whole text, so observing changes costs nothing per keystroke.
package struct TextChange: Hashable, Sendable {
    /// The range of the text before the change that is replaced.
    package var range: Range<TextPosition>
    /// The text that takes the range's place.
    package var replacement: String

    /// Creates a change that replaces `range` with `replacement`.
    package init(range: Range<TextPosition>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}
