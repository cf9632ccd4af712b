/// Everything the editor wants on the screen, before it is laid out for a terminal width:
/// the text and cursor, how the text looks, the prompts, the ghost texts and the chrome around
/// them (the right prompt, the rows below the entry).
///
/// Ghost text (placeholder, suggestion) stays plain text here; layout gives it its cells and
/// style, so it wraps exactly as typed text would. How the text looks is said here alone, by its
/// style spans and its mask, and applied by layout where the text's cells are made.
///
/// The optional properties are written `Optional<…>`: a property written `T?` starts as nil
/// before the initializer sets it, and the optimizer then copies and destroys the whole value
/// the initializer returns, on every key (`make budget` guards it).
package struct Presentation: Sendable {
    /// The text and the cursor.
    package var state: EditorState
    /// The text's style spans, when a highlighter colours it; nil when nothing does.
    package var highlights: Optional<TextHighlights>
    /// What each grapheme cluster of a secret text is shown as; nil shows the text itself.
    package var mask: Optional<TextMask>
    /// Drawn before the first line.
    package var prompt: StyledText
    /// Drawn before every line after the first.
    package var continuationPrompt: StyledText
    /// Drawn from the cursor onward while the text is empty.
    package var placeholder: Optional<StyledText>
    /// Drawn after the cursor when it is at the end of the text: the inline suggestion's suffix.
    package var suggestion: Optional<StyledText>
    /// The right prompt and the regions below the entry.
    package var chrome: Chrome

    /// Creates a presentation.
    package init(state: EditorState, prompt: StyledText = "> ", continuationPrompt: StyledText = "",
                 placeholder: StyledText? = nil, suggestion: StyledText? = nil, chrome: Chrome = Chrome(),
                 highlights: TextHighlights? = nil, mask: TextMask? = nil) {
        self.state = state
        self.highlights = highlights
        self.mask = mask
        self.prompt = prompt
        self.continuationPrompt = continuationPrompt
        self.placeholder = placeholder
        self.suggestion = suggestion
        self.chrome = chrome
    }

    /// The ghost text on screen: the placeholder while the text is empty, the suggestion while
    /// the cursor is at the end of the text; nil when there is none to show.
    package var shownGhostText: StyledText? {
        let ghost = state.isEmpty ? placeholder : (state.cursor == state.endPosition ? suggestion : nil)
        guard let ghost, !ghost.text.isEmpty else { return nil }
        return ghost
    }

    /// What stays on screen once the entry is over: the text and its right prompt without ghost
    /// text or regions, the cursor at its end, where the terminal's next output continues below.
    package var finished: Presentation {
        var finished = self
        finished.placeholder = nil
        finished.suggestion = nil
        finished.chrome.regions = []
        finished.state.cursor = state.endPosition
        return finished
    }
}
