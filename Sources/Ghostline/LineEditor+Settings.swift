import GhostlineCore

/// What the bell does: readline's `bell-style`.
public enum BellStyle: Hashable, Sendable {
    /// The terminal's bell (`BEL`).
    case audible
    /// The screen flashes: reverse video for a tenth of a second (DECSCNM), as readline's
    /// visible bell does on xterm and its kin.
    case visible
    /// Nothing.
    case none
}

/// The settings an app may make and an init file may too; what the app sets wins.
struct ChosenSettings: OptionSet {
    let rawValue: UInt16

    static let editingMode = ChosenSettings(rawValue: 1 << 0)
    static let escapeTimeout = ChosenSettings(rawValue: 1 << 1)
    static let bracketedPaste = ChosenSettings(rawValue: 1 << 2)
    static let bellStyle = ChosenSettings(rawValue: 1 << 3)
    static let commentBegin = ChosenSettings(rawValue: 1 << 4)
    static let completionCase = ChosenSettings(rawValue: 1 << 5)
    static let completionListing = ChosenSettings(rawValue: 1 << 6)
    static let modeStrings = ChosenSettings(rawValue: 1 << 7)
}

extension LineEditor {
    /// How long, in milliseconds, an Escape waits for the rest of a key's sequence before it
    /// counts as the Escape key (in vi mode, leaving insert mode); nil waits for the next key,
    /// however long. 25 unless set or the init file's `keyseq-timeout` says otherwise (its 0
    /// is nil; its default, 500, leaves 25).
    public var escapeTimeout: Int? {
        get { entrySession.escapeTimeout.map { Int($0) } }
        set {
            settingsChosenByApp.insert(.escapeTimeout)
            entrySession.escapeTimeout = newValue.map { Int64(max(0, $0)) }
        }
    }

    /// Whether entries are read with bracketed paste on, so that a paste arrives whole, as text,
    /// rather than as typed keys; true unless set or the init file's
    /// `enable-bracketed-paste off` says otherwise.
    public var usesBracketedPaste: Bool {
        get { entrySession.usesBracketedPaste }
        set {
            settingsChosenByApp.insert(.bracketedPaste)
            entrySession.usesBracketedPaste = newValue
        }
    }

    /// Whether each kill (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D…) also goes to the system clipboard,
    /// through the terminal with OSC 52; false unless set. Kills longer than 64 KiB are not
    /// sent, and a secret entry's never are.
    public var copiesKillsToClipboard: Bool {
        get { entrySession.copiesKillsToClipboard }
        set { entrySession.copiesKillsToClipboard = newValue }
    }

    /// What Alt-# puts at the start of the line before it submits the entry: `#` unless set or
    /// the init file's `comment-begin` says otherwise.
    public var commentBegin: String {
        get { engineBeingChanged?.commentBegin ?? engine.commentBegin }
        set {
            settingsChosenByApp.insert(.commentBegin)
            engine.commentBegin = newValue
        }
    }

    /// Whether Tab compares candidates with the word without regard to case, completing it in
    /// their case: false unless set or the init file's `completion-ignore-case` says otherwise.
    /// The ``completion`` function is told in its context (`CompletionContext.ignoresCase`).
    public var completionIgnoresCase: Bool {
        get { engineBeingChanged?.completionOptions.ignoresCase ?? engine.completionOptions.ignoresCase }
        set {
            settingsChosenByApp.insert(.completionCase)
            engine.completionOptions.ignoresCase = newValue
        }
    }

    /// When Tab lists the candidates: at a second Tab unless set or the init file's
    /// `show-all-if-ambiguous` or `show-all-if-unmodified` says otherwise.
    public var completionListing: CompletionListing {
        get { engineBeingChanged?.completionOptions.listing ?? engine.completionOptions.listing }
        set {
            settingsChosenByApp.insert(.completionListing)
            engine.completionOptions.listing = newValue
        }
    }

    /// Applies an init file's variables to the settings the app has not set (readline's
    /// defaults where the file sets nothing): the file is the user's, the code the app's.
    func applySettings(of variables: InitFileVariables) {
        let chosen = settingsChosenByApp
        if !chosen.contains(.editingMode) { engine.editingMode = variables.editingMode }
        if !chosen.contains(.escapeTimeout) {
            let timeout = variables.keySequenceTimeout.map { Int64($0) } ?? EntrySession.defaultEscapeTimeout
            entrySession.escapeTimeout = timeout > 0 ? timeout : nil
        }
        if !chosen.contains(.bracketedPaste) { entrySession.usesBracketedPaste = variables.isOn("enable-bracketed-paste") }
        if !chosen.contains(.bellStyle) {
            bellStyle = switch variables.bellStyle {
            case "none": .none
            case "visible": .visible
            default: .audible
            }
        }
        if !chosen.contains(.commentBegin) { engine.commentBegin = variables.commentBegin }
        if !chosen.contains(.completionCase) { engine.completionOptions.ignoresCase = variables.isOn("completion-ignore-case") }
        if !chosen.contains(.completionListing) { engine.completionOptions.listing = variables.completionListing }
        if !chosen.contains(.modeStrings) { modeStrings = variables.modeStrings }
        // Setting them here is the file's doing, not the app's.
        settingsChosenByApp = chosen
        applyHistorySize()
    }

    /// The init file's `history-size` as the history's capacity, unless the app gave the
    /// history (or its file) a capacity of its own; readline's 0, keeping nothing, keeps the
    /// one entry a history holds at least.
    func applyHistorySize() {
        guard let size = initFileContents?.variables.historySize, engine.history.capacity == History.defaultCapacity
        else { return }
        engine.history.capacity = max(1, size)
    }
}
