import GhostlineCore
import GhostlineTerminal

/// A prompt that reads one entry from the user: the public face of Ghostline.
///
/// ```swift
/// let editor = LineEditor(prompt: "> ", placeholder: "Type a message…")
/// while let line = try editor.readLine() {
///     print("you said", line)
/// }
/// ```
///
/// In a terminal it edits in raw mode and restores the terminal on every way out. When standard
/// input is not a terminal it reads plain lines and writes no escape sequence; with `TERM=dumb`
/// it shows a plain prompt and lets the terminal do the editing (a secret it reads in raw mode,
/// showing only the prompt).
public final class LineEditor {
    /// Drawn before the entry.
    public var prompt: String { didSet { appearanceRevision &+= 1 } }
    /// How the prompt is drawn.
    public var promptStyle: Style = .plain { didSet { appearanceRevision &+= 1 } }
    /// Drawn before lines 2… of a multi-line entry; by default dots aligned under the prompt.
    public var continuationPrompt: String? { didSet { appearanceRevision &+= 1 } }
    /// Ghost text shown while the entry is empty; it may contain line breaks.
    public var placeholder: String? { didSet { appearanceRevision &+= 1 } }
    /// How the placeholder and suggestions are drawn: the terminal's placeholder color and font.
    /// Without colors (``usesColor`` false) its color is dropped and it is drawn dim.
    public var placeholderStyle: Style = .placeholder { didSet { appearanceRevision &+= 1 } }
    /// Whether colors are used; false when the `NO_COLOR` environment variable is set.
    public var usesColor: Bool = environmentValue("NO_COLOR").map { $0.isEmpty } ?? true {
        didSet {
            appearanceRevision &+= 1
            applyHighlighter()
        }
    }
    /// Colours the text as it is edited: asked for the text's style spans once per change of the
    /// text. Without colors (``usesColor`` false) the spans keep their other attributes (bold
    /// stays) and lose their colors. A secret entry is never shown to it.
    public var highlighter: (any Highlighter)? {
        didSet { applyHighlighter() }
    }
    /// Whether the entry is secret, as a password is: every grapheme cluster is shown as
    /// ``mask`` and not one typed character is written to the terminal. A secret entry is never
    /// added to ``history`` or the history file and never suggested from them; Up, Down and
    /// Ctrl-R recall nothing, Tab completes nothing, and what it kills is dropped when it ends.
    /// While it is read the process is not dumpable and writes no core file; when it ends the
    /// editor's own copies of its text are overwritten and ``text`` is empty (the entry
    /// returned is the app's; Docs/Security.md says what is and is not reached).
    public var isSecret: Bool {
        get { engineBeingChanged?.isSecret ?? engine.isSecret }
        set { engine.isSecret = newValue }
    }
    /// What each grapheme cluster of a secret entry is shown as: by default `•`, or `*` where
    /// the locale (`LC_ALL`, `LC_CTYPE`, `LANG`) is not UTF-8; `TextMask.nothing` shows nothing.
    public var mask: TextMask {
        get { engineBeingChanged?.mask ?? engine.mask }
        set { engine.mask = newValue }
    }
    /// In multi-line mode Enter inserts a line break and Alt-Enter submits.
    public var isMultiline = false
    /// In multi-line mode, lets Enter submit when it returns true for the text (say, when
    /// brackets are balanced). The function may read the editor but not change it.
    public var isComplete: ((String) -> Bool)? {
        get {
            if let engineBeingChanged { return engineBeingChanged.isComplete }
            return engine.isComplete
        }
        set { engine.isComplete = newValue }
    }
    /// Which command each key performs; starts as `KeyMap.standard`.
    public var keyMap: KeyMap {
        get { engineBeingChanged?.keyMap ?? engine.keyMap }
        set { engine.keyMap = newValue }
    }
    /// Which keys edit the entry: emacs mode's (the default, through ``keyMap``) or vi mode's,
    /// where each entry starts in insert mode and Escape goes to command mode.
    /// `Docs/KeyBindings.md` lists vi mode's keys. Until the app sets it, the init file's
    /// `set editing-mode vi` chooses vi mode.
    public var editingMode: EditingMode {
        get { engineBeingChanged?.editingMode ?? engine.editingMode }
        set {
            settingsChosenByApp.insert(.editingMode)
            engine.editingMode = newValue
        }
    }
    /// Earlier entries, for Up/Down, Ctrl-R and inline suggestions.
    public var history: History {
        get {
            // In the middle of a key the file was read long before, as the entry started.
            if let engineBeingChanged { return engineBeingChanged.history }
            finishLoadingHistoryFile()
            return engine.history
        }
        set {
            // Loaded first, so that a failure or a shared file is settled as it would be.
            finishLoadingHistoryFile()
            engine.history = newValue
        }
    }
    /// A file that history is loaded from, and every entry submitted in a terminal appended to.
    /// The history takes its capacity and options; with ``HistoryFile/sharesHistory`` the
    /// entries other sessions append join it as a walk through history or a search starts.
    ///
    /// Input that is not a terminal keeps no history, as bash keeps none for a script: its
    /// entries are a script's answers, not the user's, so reading them neither reads the file
    /// nor creates it nor appends to it, and they are not added to ``history``. Any terminal
    /// keeps history, a dumb one (`TERM=dumb`) too.
    ///
    /// Setting it opens the file; its lines are read into the history once the first prompt is
    /// drawn, or when ``history`` is read before that, so that a big file costs no wait before
    /// the prompt. A file that cannot be loaded (a symbolic link, not a regular file,
    /// unreadable) leaves the history empty and is not written to either. Failures go to
    /// ``historyFileErrorHandler``.
    public var historyFile: HistoryFile? {
        didSet { loadHistoryFile() }
    }
    /// Told why the history file could not be loaded or an entry not saved to it, on the thread
    /// that called ``readLine(initialText:)``: a failure to open it at the start of the next
    /// `readLine`, before the prompt (so the handler may be set before or after the file), a
    /// failure to read it while the prompt was up and a failure to save just before `readLine`
    /// returns the entry, which is never lost to it.
    /// Without a handler these failures go unreported.
    public var historyFileErrorHandler: ((HistoryFileError) -> Void)?
    /// How loading the history file went, and whether a failure was reported.
    var historyFileState = HistoryFileState.usable(shared: nil)
    /// ``historyFile`` opened, its lines not yet read into the history; see `loadHistoryFile()`.
    var historyFileToRead: HistoryFile.OpenedForLoading?
    /// Whether ``historyFile``'s lines are still to be read into the history.
    var isHistoryFileUnread: Bool { historyFileToRead != nil }
    /// The function behind ``completion``, kept to be given back as it was set.
    var completionOfStrings: ((CompletionContext) -> [String])?
    /// The full entry to suggest for the text typed so far (the text and more), drawn as a
    /// ghost suffix after it; nil for no suggestion. Left nil, the editor suggests the newest
    /// history entry that starts with the text.
    ///
    /// A function replaces that suggestion. It is given the history, so keeping it as a fallback
    /// needs no reference to the editor (which, captured strongly, would keep the editor alive
    /// through its own property):
    ///
    /// ```swift
    /// editor.suggestion = { context in
    ///     context.history.suggestion(for: context.text)
    ///         ?? ["git status", "git stash"].first { $0.hasPrefix(context.text) }
    /// }
    /// ```
    ///
    /// It is asked as a frame is drawn, on the thread reading the entry, and again when Right
    /// accepts the suggestion. It may read the editor (capture it `unowned`) but not change it.
    public var suggestion: ((SuggestionContext) -> String?)? {
        get {
            if let engineBeingChanged { return engineBeingChanged.suggestion }
            return engine.suggestion
        }
        set { engine.suggestion = newValue }
    }
    /// Whether inline suggestions are shown.
    public var showsSuggestions: Bool {
        get { engineBeingChanged?.showsSuggestions ?? engine.showsSuggestions }
        set { engine.showsSuggestions = newValue }
    }
    /// A value that Enter submits on an empty entry. Unlike the placeholder, which is only
    /// shown, it becomes the entry; it is drawn in the ghost style, underlined, and Tab or Right
    /// inserts it for editing. Submitted, it is put in the text, so the entry left on the screen
    /// shows it after the prompt as typed text. An empty line of piped input, or of a dumb
    /// terminal, is the default too.
    public var defaultText: String? {
        get {
            if let engineBeingChanged { return engineBeingChanged.defaultText }
            return engine.defaultText
        }
        set { engine.defaultText = newValue }
    }
    /// Hears about the edit and may veto changes.
    public weak var delegate: LineEditorDelegate? {
        didSet { if session != nil { asksDelegateBeforeChanges(true) } }
    }
    /// Performs the app's own commands bound in ``keyMap`` with `Command.custom(_:)`.
    public var customCommandHandler: ((String, LineEditor) -> Void)?
    /// The kind of terminal, as `TERM` names it; empty or `dumb` gets a plain prompt without
    /// cursor movement. Read from the environment unless set.
    public var terminalType: String = environmentValue("TERM") ?? ""
    /// Whether the terminal re-wraps its lines when its width shrinks, as most do (tmux, VTE,
    /// kitty, iTerm2, WezTerm, Windows Terminal); xterm does not. It tells the editor where its
    /// rows went after a resize.
    public var terminalReflowsOnResize = true
    /// Where GNU readline's init file comes from: the user's `~/.inputrc` unless set
    /// (``InitFileSource/standard``). It is read at the first ``readLine(initialText:)``, or
    /// when the app calls ``readInitFile()``; its key bindings then apply on top of ``keyMap``.
    public var initFile: InitFileSource = .standard
    /// The name `$if` lines of the init file compare with (`$if Python` in readline's
    /// programs); the program's file name unless set, found only when first asked for.
    public lazy var applicationName: String = LineEditor.programName
    /// The init file as last read; nil before it was, or when there was none.
    package internal(set) var initFileContents: InitFile?
    /// Whether the init file was read, so the first entry reads it once.
    var hasReadInitFile = false
    /// The settings the app set, which the init file then leaves as they are.
    var settingsChosenByApp = ChosenSettings()
    /// Drawn before the prompt to tell the editing mode (readline's
    /// `show-mode-in-prompt`); nil, unless set or the init file turns it on, for none.
    /// Setting it, even to nil, leaves it to the app from then on.
    public var modeStrings: ModeStrings? {
        didSet {
            settingsChosenByApp.insert(.modeStrings)
            appearanceRevision &+= 1
        }
    }
    /// What the bell does (a numeric argument grown too large, say): readline's `bell-style`,
    /// audible unless set or the init file says otherwise.
    public var bellStyle = BellStyle.audible {
        didSet { settingsChosenByApp.insert(.bellStyle) }
    }

    /// The loop every key of a terminal entry goes through, and what it keeps between entries:
    /// the keys typed after an entry ended, the decoder's unfinished sequence.
    var entrySession = EntrySession()
    /// Whether the terminal is asked for keys that legacy bytes cannot tell apart (Shift-Enter,
    /// Ctrl-I and Tab, a lone Escape at once): the kitty keyboard protocol where the terminal
    /// answers its query, else xterm's modifyOtherKeys on xterm-like terminals. True unless
    /// set; false asks the terminal nothing and reads the legacy bytes.
    public var usesKeyboardProtocol = true
    /// Whether the terminal is asked how wide it draws the clusters on which terminals disagree
    /// with the Unicode tables (emoji ZWJ sequences, flags, VS16 emoji, skin tones, characters
    /// newer than the tables), each measured once, when first drawn, with a cursor position
    /// report; where the terminal lays clusters out whole (mode 2027), that mode is set while
    /// an entry is read instead. True unless set; false lays every cluster out by the tables.
    public var measuresCharacterWidths = true
    /// How characters of ambiguous East Asian width are laid out: as the terminal draws them
    /// unless set.
    public var ambiguousCharacterWidth = AmbiguousCharacterWidth.asTheTerminalDraws
    /// The terminal's answers to the capability probe, asked once per editor; nil before.
    var capabilityProbe: CapabilityProbe?
    /// Whether a way out waited for the answers that had not come; done once per editor.
    var awaitedLateAnswers = false
    /// The editing engine, where the entry session keeps it: read and changed in place. An
    /// app's closure or delegate that reaches the editor while the engine is changing the text
    /// (a completion function setting `text`, say) is stopped by Swift's own exclusivity check:
    /// the engine is in the middle of an edit and cannot be used.
    var engine: Editor {
        _read { yield entrySession.editor }
        _modify { yield &entrySession.editor }
    }
    /// The right prompt, the toolbar and the transient prompt (`LineEditor+Chrome.swift`).
    var chromeSettings = ChromeSettings() { didSet { appearanceRevision &+= 1 } }
    /// Counts changes to how the entry looks (prompts, placeholder, styles, colors), so a session
    /// rebuilds what it draws them with only after one.
    private(set) var appearanceRevision = 0
    /// Where keys come from; package access, so that the test kit can check it drives this editor.
    package let input: FileDescriptor
    /// Where the prompt is drawn when given; see `init`.
    package let output: FileDescriptor?
    /// Whether the editor handles signals while it reads an entry in a terminal; true unless
    /// set.
    ///
    /// While it reads an entry the editor installs handlers for `SIGWINCH`, `SIGCONT`,
    /// `SIGTSTP`, `SIGTERM`, `SIGHUP`, `SIGINT` and `SIGQUIT` (except those that are ignored,
    /// which stay ignored) and puts the previous dispositions back when the entry ends. An app
    /// with handlers of its own turns this off; the app then owns:
    /// - Restoring the terminal when a signal ends the process: the editor leaves it in raw
    ///   mode with bracketed paste on, so the app's handler must put it back (the attributes it
    ///   saw before ``readLine(initialText:)``, and `ESC [ ? 2004 l`).
    /// - Resizing: the editor reads the window size when an entry starts and does not notice a
    ///   resize during it; the entry is laid out for the old width until the next entry.
    /// - `SIGTSTP` and `SIGCONT` sent with `kill`: the editor neither restores the terminal
    ///   before the stop nor re-enters raw mode and repaints after it.
    ///
    /// Keys stay the editor's either way: in raw mode Ctrl-Z and Ctrl-C arrive as bytes, not
    /// signals, so Ctrl-Z still suspends and resumes the entry (unless `SIGTSTP` is ignored) and
    /// Ctrl-C still ends it with ``LineEditorError/interrupted``.
    public var handlesSignals = true
    /// Whether this editor is the only reader of its input, now and later, as a loop reading
    /// entries until the end of input is; false unless set.
    ///
    /// Input that is not a terminal is then read ahead in blocks, the fastest way. Otherwise an
    /// entry takes its line and nothing after it, so that what reads the input next (another
    /// editor, Swift's `readLine()`, the next command of a script) finds the rest: a pipe is
    /// read without reading ahead and a file read ahead and sought back (see
    /// Docs/Architecture.md, "Piped input").
    public var ownsInput = false
    var pipedInput: PipedInput?
    var terminalOutput: FileDescriptor?
    var session: InteractiveSession?
    /// The test kit's view of the entries this editor reads; see `SessionObserver`.
    package var sessionObserver: (any SessionObserver)?
    /// The printers' queue, made with the first printer.
    var printQueue: PrintQueue?
    /// Ends a session's wait for keys when a printer or a cancelled task needs it; while there
    /// is one, the session waits in `poll` on it beside the terminal.
    var wakePipe: WakePipe?
    /// Set while `readLineAsync()` reads, for its task's cancellation to end the entry.
    ///
    /// The task sets it and the reading thread reads it, so it is kept under a lock rather than
    /// trusted to the hand-over between them: ThreadSanitizer reported the two accesses as a
    /// race in the chat example's run under `make sanitize`.
    package var cancellation: CancellationRequest? {
        get { cancellationRequest.withLock { $0 } }
        set { cancellationRequest.withLock { $0 = newValue } }
    }
    private let cancellationRequest = Locked<CancellationRequest?>(nil)

    /// Creates an editor with a prompt and an optional placeholder.
    ///
    /// - Parameters:
    ///   - prompt: What each entry starts with on the screen (``prompt``).
    ///   - placeholder: The gray text shown while the entry is empty (``placeholder``).
    ///   - input: Where keys come from; standard input unless given.
    ///   - output: Where the prompt is drawn; by default standard output when it is a terminal,
    ///     else the terminal itself (`/dev/tty`).
    public init(prompt: String = "> ", placeholder: String? = nil,
                input: FileDescriptor = .standardInput, output: FileDescriptor? = nil) {
        self.prompt = prompt
        self.placeholder = placeholder
        self.input = input
        self.output = output
        engine.shouldChangeText = nil
        engine.mask = .forLocale()
        engine.homeDirectory = HomeDirectory.of
        // Weak: a copy of the engine may outlive the editor.
        engine.appCodeIsRunning = { [weak self] engine in
            guard let self else { return }
            if let engine { enginesBeingChanged.append(engine) } else { enginesBeingChanged.removeLast() }
        }
    }

    /// The engines as they were when the app's own code started to run in the middle of a key
    /// (a completion, a suggestion, `isComplete`), newest last; empty otherwise. What that code
    /// reads from the editor comes from the newest: the engine itself is being changed then, and
    /// reading it would be a simultaneous access.
    private var enginesBeingChanged: [Editor] = []
    var engineBeingChanged: Editor? { enginesBeingChanged.last }

    /// Hands the highlighter to the engine, without its colors when colors are off.
    private func applyHighlighter() {
        engine.highlighter = usesColor ? highlighter : highlighter.map { ColorlessHighlighter(base: $0) }
    }

    /// The entry's text. Setting it while editing (from a delegate method, say) redraws the
    /// entry, hiding or showing the placeholder as the text is empty or not. While the delegate
    /// decides whether a change may happen, it can be read but not set.
    public var text: String {
        get { engineBeingChanged?.state.text ?? engine.state.text }
        set {
            precondition(enginesBeingChanged.isEmpty, "LineEditor.text was set while the editor asked the app in the middle of a key")
            engine.setText(newValue)
            engine.pendingChanges.removeAll()
        }
    }

    /// While an entry is read (`asking` true), the engine asks the delegate before every change
    /// of text; without a delegate it has no question to ask, so typing calls nothing per key.
    /// The question holds the editor, which holds the question: it is removed when the entry ends.
    func asksDelegateBeforeChanges(_ asking: Bool) {
        let asksDelegate = asking && delegate != nil
        // Without a delegate nobody reads the changes either.
        engine.recordsChanges = asksDelegate
        guard asksDelegate else {
            engine.shouldChangeText = nil
            return
        }
        engine.shouldChangeText = { [self] change, _ in
            guard let delegate else { return true }
            return delegate.lineEditor(self, shouldChangeTextIn: change.range, replacementText: change.replacement)
        }
    }

    /// Where the cursor is in the text.
    public var cursor: TextPosition {
        get { engineBeingChanged?.state.cursor ?? engine.state.cursor }
        set {
            precondition(enginesBeingChanged.isEmpty, "LineEditor.cursor was set while the editor asked the app in the middle of a key")
            engine.setCursor(newValue)
        }
    }

    /// How the entry looks, for the entry session to draw it with.
    var appearance: EntryAppearance {
        EntryAppearance(prompt: prompt, promptStyle: promptStyle, continuationPrompt: continuationPrompt,
                        placeholder: placeholder, placeholderStyle: placeholderStyle, usesColor: usesColor,
                        modeStrings: modeStrings, chrome: chromeSettings)
    }

    deinit {
        printQueue?.detach()
        if let terminalOutput, terminalOutput != .standardError { try? terminalOutput.close() }
    }
}
