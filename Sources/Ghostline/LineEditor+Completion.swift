import GhostlineCore

extension LineEditor {
    /// Candidates for the word before the cursor, offered by Tab.
    ///
    /// The function may read the editor (its ``text``, ``history``…, as they were when Tab was
    /// pressed) but not change it. Setting it replaces ``completionCandidates``.
    public var completion: ((CompletionContext) -> [String])? {
        get { completionOfStrings }
        set {
            completionOfStrings = newValue
            engine.completion = newValue.map { strings in { context in strings(context).map { CompletionCandidate($0) } } }
        }
    }

    /// Candidates offered by Tab, each with what the menu shows for it, a description and where
    /// the text it replaces starts: for a menu with descriptions, or for completions that
    /// replace more or less than the word (a path's last component, a fuzzy match).
    ///
    /// The function may read the editor but not change it, as ``completion``'s; setting it
    /// replaces ``completion``.
    public var completionCandidates: ((CompletionContext) -> [CompletionCandidate])? {
        get {
            if let engineBeingChanged { return engineBeingChanged.completion }
            return engine.completion
        }
        set {
            completionOfStrings = nil
            engine.completion = newValue
        }
    }

    /// Whether Tab lists several candidates below the entry, as readline does (the default), or
    /// offers them in a menu (``CompletionStyle/menu``).
    public var completionStyle: CompletionStyle {
        get { engineBeingChanged?.completionOptions.style ?? engine.completionOptions.style }
        set { engine.completionOptions.style = newValue }
    }

    /// Whether the menu opens by itself as a word is typed or shortened, on the candidates for
    /// the word as it is, with nothing selected and nothing inserted (prompt_toolkit's
    /// `complete_while_typing`): false unless set. It needs ``completionStyle`` `.menu`, and asks
    /// the completion function at every key typed or deleted.
    public var completesWhileTyping: Bool {
        get { engineBeingChanged?.completionOptions.completesWhileTyping ?? engine.completionOptions.completesWhileTyping }
        set { engine.completionOptions.completesWhileTyping = newValue }
    }

    /// The most rows of candidates the menu shows at once, 8 unless set; it scrolls through the
    /// rest, and never takes more rows than the screen leaves below the entry.
    public var menuRows: Int {
        get { engineBeingChanged?.completionOptions.menuRows ?? engine.completionOptions.menuRows }
        set { engine.completionOptions.menuRows = max(1, newValue) }
    }
}
