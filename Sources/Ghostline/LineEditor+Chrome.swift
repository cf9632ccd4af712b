import GhostlineCore

// What is drawn around the entry besides the prompt, and the validator that may refuse it with
// a message below it.

extension LineEditor {
    /// Drawn at the right end of the first row, `rightPromptMargin` columns short of the edge,
    /// while the text and its suggestion leave at least a blank column before it; hidden while
    /// they would reach it and back when there is room. Nil, or empty, for none. Control
    /// characters are shown in caret notation.
    public var rightPrompt: String? {
        get { chromeSettings.rightPrompt }
        set { chromeSettings.rightPrompt = newValue }
    }
    /// How the right prompt is drawn; plain unless set.
    public var rightPromptStyle: Style {
        get { chromeSettings.rightPromptStyle }
        set { chromeSettings.rightPromptStyle = newValue }
    }
    /// The blank columns between the right prompt and the right edge: 1 unless set, as zsh
    /// leaves, since terminals misbehave at the bottom-right corner; 0 puts it at the edge.
    public var rightPromptMargin: Int {
        get { chromeSettings.rightPromptMargin }
        set { chromeSettings.rightPromptMargin = max(0, newValue) }
    }
    /// Rows at the bottom of the area while an entry is edited, one for each line: below the
    /// entry and any listing or message, above nothing; they stay through printing above the
    /// prompt and resizes and are gone once the entry is over. A row wider than the terminal
    /// is cut with `…`. Set it on the editor's thread (from the delegate, say) and the next
    /// frame draws it; from another thread, through ``LinePrinter/setBottomToolbar(_:)``.
    /// Nil for none.
    public var bottomToolbar: String? {
        get { chromeSettings.toolbar }
        set { chromeSettings.toolbar = newValue }
    }
    /// How the toolbar is drawn; inverse video unless set.
    public var bottomToolbarStyle: Style {
        get { chromeSettings.toolbarStyle }
        set { chromeSettings.toolbarStyle = newValue }
    }
    /// The prompt an entry is left with in the scrollback once it is over (submitted, or
    /// cancelled with Ctrl-C), in place of ``prompt`` and without the right prompt: a compact
    /// history of what was typed. Nil keeps the prompt.
    public var transientPrompt: String? {
        get { chromeSettings.transientPrompt }
        set { chromeSettings.transientPrompt = newValue }
    }
    /// Asked about every entry the user submits, before it is submitted: `.accepted` lets it
    /// through; `.refused(message:cursor:)` keeps the entry open, shows the message (one or
    /// more lines) below it until the next edit, and moves the cursor when a position is given.
    /// An entry read from a pipe is not asked about. The function may read the editor but not
    /// change it. Nil accepts every entry.
    public var validator: ((String) -> Validation)? {
        get {
            if let engineBeingChanged { return engineBeingChanged.validator }
            return engine.validator
        }
        set { engine.validator = newValue }
    }
    /// How the validator's message is drawn; red unless set (dropped without ``usesColor``).
    public var validationMessageStyle: Style {
        get { chromeSettings.validationMessageStyle }
        set { chromeSettings.validationMessageStyle = newValue }
    }
}
