/// The loop every key goes through, once: bytes read from the terminal in, the bytes that show
/// the entry out. It owns the key decoder, the editor, the display and the decorations the
/// entry is drawn with; whoever runs it (the terminal session, the bench, the fuzzers, the
/// tests) only waits for bytes, writes what it is given and answers the editor's requests.
///
/// A batch of bytes read together goes in with ``receive(_:)``; ``handleNextKey()`` then applies
/// the keys one at a time, each giving the editor's request and whether the text changed, so
/// that the runner can act on them in order; ``frame()`` ends the batch with one frame. The
/// rest of the bytes a terminal needs (opening and closing an entry, printing above it,
/// resizing, stopping and continuing) are in `EntrySession+Terminal.swift`.
///
/// It outlives an entry: the keys read after one entry was submitted, and the decoder's
/// unfinished sequence, are the next entry's.
package struct EntrySession {
    /// How long a lone Escape waits for the rest of a sequence unless set, in milliseconds.
    package static let defaultEscapeTimeout: Int64 = 25

    /// What one key did.
    package struct KeyOutcome {
        /// What the editor asks of the runner, if anything.
        package var request: EditorRequest?
        /// Whether the key changed the text, for a delegate to hear of before the next frame
        /// (recorded only while the editor `recordsChanges`).
        package var textChanged: Bool
    }

    /// The editing engine; its settings (key map, history, secrecy…) are the runner's to set.
    package var editor: Editor
    /// How long the bytes of an unfinished sequence (a lone Escape) wait for the rest, in
    /// milliseconds; nil waits for the next byte, however long (readline's `keyseq-timeout 0`).
    package var escapeTimeout: Int64? = EntrySession.defaultEscapeTimeout
    /// Whether entries are read with bracketed paste on, so that a paste arrives as one event.
    package var usesBracketedPaste = true
    /// Whether each kill goes to the system clipboard too, with OSC 52 (never a secret's).
    package var copiesKillsToClipboard = false {
        // Kills from before are not copied when copying is turned on.
        didSet { killsCopied = editor.killRing.killCount }
    }
    /// The kill ring's ``KillRing/killCount`` when its newest kill was last copied.
    private var killsCopied = 0
    /// Whether the entry writes the marks of shell integration (OSC 133): the prompts' starts,
    /// the input's start after each and, once submitted, the output's start.
    package var marksShellIntegration = false {
        didSet { decorations = nil }
    }
    /// Whether the output's start was marked and the command's end is not yet.
    private var awaitsCommandFinishedMark = false
    /// How the terminal is asked to send keys while an entry is read, as its answers to the
    /// probe chose; the legacy bytes until then.
    package var keyboardProtocol = KeyboardProtocol.legacy
    /// Whether mode 2027 (grapheme clusters laid out whole) is set while an entry is read.
    package var setsGraphemeClusterMode = false
    /// The widths the terminal draws clusters in, learnt over the editor's life (see
    /// `EntrySession+Widths.swift`).
    package var terminalWidths = TerminalWidths() {
        didSet {
            display.use(terminalWidths)
            decorations = nil
        }
    }
    /// Whether the last frame was not drawn: it met clusters the terminal is to measure first.
    package internal(set) var awaitsMeasurement = false
    /// Whether the frame that awaits measurement is the entry's last.
    var measuredFrameIsFinal = false
    private var decoder = KeyDecoder()
    /// Keys decoded and not yet handled, from ``nextKey`` on.
    private var keys: [KeyEvent] = []
    private var nextKey = 0
    var display = Display()
    var appearance: EntryAppearance
    private var decorations: EntryDecorations?
    /// Whether the appearance has mode strings, kept beside it for the frame to ask.
    private var showsModeInPrompt = false
    /// The terminal's size.
    package internal(set) var width: Int
    package internal(set) var height: Int
    /// Whether the entry is drawn; false for a secret on a terminal that cannot move its cursor,
    /// where only the prompt is written, as plain text.
    package private(set) var drawsEntry = true
    /// The modes set on the terminal, undone on every way out.
    var modes = TerminalModeStack()
    /// Whether the decoder holds bytes waiting for more: an Escape, an unfinished sequence.
    /// Stored, as ``hasKeys`` is: a runner asks them through the object that holds the loop,
    /// and a computed property asked that way copies the whole loop out of it first.
    package private(set) var isSequencePending = false
    /// Whether keys wait to be handled.
    package private(set) var hasKeys = false
    /// When the decoder's unfinished sequence is to be flushed; kept from the first time it is
    /// asked until new bytes come, so that waking for anything else does not start it again.
    private var escapeDeadline: Int64?

    /// Creates a loop for `editor`, drawn with `appearance` on a terminal of `width` columns and
    /// `height` rows.
    package init(editor: Editor = Editor(), appearance: EntryAppearance = EntryAppearance(), width: Int = 80,
                 height: Int = 24) {
        self.editor = editor
        self.appearance = appearance
        showsModeInPrompt = appearance.modeStrings != nil
        self.width = width
        self.height = height
    }

    /// Uses `appearance` from the next frame on.
    package mutating func setAppearance(_ appearance: EntryAppearance) {
        self.appearance = appearance
        showsModeInPrompt = appearance.modeStrings != nil
        decorations = nil
    }

    /// The editing mode as the prompt's mode string tells it; the decorations are made again
    /// when it changes, not at every key.
    private var promptMode: PromptMode {
        guard editor.editingMode == .vi else { return .emacs }
        return editor.vi.mode == .insert ? .viInsert : .viCommand
    }

    // MARK: - Keys

    /// Decodes bytes read together. A sequence still incomplete gets the whole escape timeout
    /// again.
    package mutating func receive(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The decoder joins text to a text key at the end of the array: never to a handled one.
        if nextKey == keys.count { discardHandledKeys() }
        decoder.feed(bytes, appendingTo: &keys)
        isSequencePending = decoder.isPending
        hasKeys = nextKey < keys.count
        escapeDeadline = nil
    }

    /// ``receive(_:)`` for bytes in an array.
    package mutating func receive(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { receive($0) }
    }

    /// Keys that arrived another way (a test's, or a replay), as if decoded.
    package mutating func receive(keys events: [KeyEvent]) {
        keys.append(contentsOf: events)
        hasKeys = nextKey < keys.count
    }

    /// When the bytes the decoder holds are to be taken as they are, in the milliseconds of the
    /// clock `now` is read from; nil when it holds none.
    package mutating func flushDeadline(now: Int64) -> Int64? {
        guard decoder.isPending, let escapeTimeout else { return nil }
        if let escapeDeadline { return escapeDeadline }
        let deadline = now + escapeTimeout
        escapeDeadline = deadline
        return deadline
    }

    /// The escape timeout ran out: the bytes the decoder holds become keys (a lone Escape).
    package mutating func flush() {
        keys.append(contentsOf: decoder.flush())
        isSequencePending = decoder.isPending
        hasKeys = nextKey < keys.count
        escapeDeadline = nil
    }

    /// The keys decoded and not yet handled, next first.
    package var waitingKeys: ArraySlice<KeyEvent> { keys[nextKey...] }

    /// Drops the keys waiting, unhandled.
    package mutating func discardKeys() {
        nextKey = keys.count
        discardHandledKeys()
        hasKeys = false
    }

    /// Applies the next key; nil when none is left. A key that ends the entry by submitting it
    /// leaves the keys after it for the next entry, as a shell keeps typed-ahead lines; one that
    /// ends it otherwise drops them.
    package mutating func handleNextKey() -> KeyOutcome? {
        guard nextKey < keys.count else {
            discardHandledKeys()
            return nil
        }
        let request = editor.handle(keys[nextKey])
        nextKey += 1
        switch request {
        case .endOfFile?, .interrupt?:
            discardKeys()
        case .submit?:
            if nextKey == keys.count { discardHandledKeys() }
        default:
            break
        }
        hasKeys = nextKey < keys.count
        let textChanged = !editor.pendingChanges.isEmpty
        if textChanged { editor.pendingChanges.removeAll(keepingCapacity: true) }
        return KeyOutcome(request: request, textChanged: textChanged)
    }

    /// Empties the handled keys from the end a key at a time, keeping the storage: the general
    /// removal destroyed the keys through their type's metadata, read at a session's first key.
    private mutating func discardHandledKeys() {
        guard nextKey > 0 else { return }
        if nextKey < keys.count { keys.removeFirst(nextKey) } else { while keys.popLast() != nil {} }
        nextKey = 0
    }

    // MARK: - Frames

    /// The bytes that draw the entry as it is now; empty when it is not drawn.
    package mutating func frame() -> [UInt8] {
        guard drawsEntry else { return [] }
        let shown = presentation()
        var bytes = display.draw(shown, width: width, height: height)
        if bytes.isEmpty && !display.clustersToMeasure.isEmpty {
            awaitsMeasurement = true
            measuredFrameIsFinal = false
            return []
        }
        if copiesKillsToClipboard { bytes += clipboardUpdate() }
        // Emacs mode with no shape recorded, the common case, asks nothing more; a frame in the
        // same vi mode gets no new shape, and its bytes are not copied for none.
        guard editor.editingMode == .vi || modes.cursorShape != nil else { return bytes }
        let shape = cursorShapeUpdate()
        if !shape.isEmpty { bytes += shape }
        return bytes
    }

    /// The bytes that copy the newest kill to the clipboard when there was one since the last
    /// frame; a secret entry's kills are in a ring of their own and never copied.
    private mutating func clipboardUpdate() -> [UInt8] {
        let ring = editor.killRing
        guard ring.killCount != killsCopied, let newest = ring.entries.last else { return [] }
        killsCopied = ring.killCount
        return ClipboardCopy.bytes(copying: newest)
    }

    /// What the entry shows now; `final` without its ghost text and regions, and with the
    /// transient prompt when there is one, as it stays on the screen.
    package mutating func presentation(final: Bool = false) -> Presentation {
        let decorations = currentDecorations()
        let presentation = editor.presentation(prompt: decorations.styledPrompt,
                                               continuationPrompt: decorations.styledContinuationPrompt,
                                               placeholder: decorations.styledPlaceholder, chrome: decorations.chrome,
                                               messageStyle: decorations.messageStyle)
        // Returned as made when not final: changed in place here, it would be copied on every key.
        return final ? Self.finished(presentation, transientPrompt: decorations.styledTransientPrompt) : presentation
    }

    /// `presentation` as it stays on the screen, with `transientPrompt` in place of its prompt
    /// and right prompt when there is one.
    private static func finished(_ presentation: Presentation, transientPrompt: StyledText?) -> Presentation {
        var finished = presentation.finished
        if let transientPrompt {
            finished.prompt = transientPrompt
            finished.chrome.rightPrompt = nil
        }
        return finished
    }

    private mutating func currentDecorations() -> EntryDecorations {
        let showsContinuation = editor.isMultiline || editor.state.lineCount > 1
        let mode = showsModeInPrompt ? promptMode : nil
        if let decorations, decorations.fit(width: width, height: height, showsContinuation: showsContinuation, mode: mode) {
            return decorations
        }
        let made = EntryDecorations(of: appearance, width: width, height: height, widths: terminalWidths,
                                    showsContinuation: showsContinuation, mode: mode, marksPrompts: marksShellIntegration)
        decorations = made
        // Up and Down move by the rows of this geometry, which changes only with the decorations.
        editor.geometry = made.geometry
        return made
    }

    /// Starts an entry holding `text`, drawn (`drawsEntry`) or not, on a terminal of `width`
    /// columns and `height` rows: the bytes that open it, before its first frame.
    package mutating func startEntry(text: String, drawsEntry: Bool, width: Int, height: Int) -> [UInt8] {
        editor.startNewEntry(text: text)
        display = Display()
        display.use(terminalWidths)
        self.drawsEntry = drawsEntry
        self.width = width
        self.height = height
        guard drawsEntry else {
            modes = TerminalModeStack()
            return plainPrompt
        }
        return setEntryModes()
    }

    /// Draws the entry one last time without ghost text (what was typed stays visible, as with
    /// readline) and leaves the cursor at the start of a fresh row below it. A way out waits for
    /// no measurement: a cluster not measured yet is drawn as the tables say, and measuring stops.
    package mutating func finish() -> [UInt8] {
        var bytes = finalFrame()
        if awaitsMeasurement { bytes = finishMeasuring(WidthMeasurement(clusters: display.clustersToMeasure)) }
        return bytes + leaveArea()
    }

    /// The entry's last frame, without ghost text: the first half of ``finish()``.
    package mutating func finalFrame() -> [UInt8] {
        guard drawsEntry else { return [] }
        let shown = presentation(final: true)
        let bytes = display.draw(shown, width: width, height: height)
        if bytes.isEmpty && !display.clustersToMeasure.isEmpty {
            awaitsMeasurement = true
            measuredFrameIsFinal = true
        }
        return bytes
    }

    /// The mark of the output's start, for the row below a submitted entry; nothing when the
    /// entry writes no marks of shell integration.
    package mutating func outputStartMark() -> [UInt8] {
        guard drawsEntry && marksShellIntegration else { return [] }
        awaitsCommandFinishedMark = true
        return ShellIntegrationMarks.outputStart
    }

    /// The mark of the submitted entry's command finished with `exitStatus`, once after its
    /// output's start was marked; nothing otherwise (piped input, no marks).
    package mutating func commandFinishedMark(exitStatus: Int32) -> [UInt8] {
        guard awaitsCommandFinishedMark else { return [] }
        awaitsCommandFinishedMark = false
        return ShellIntegrationMarks.commandFinished(exitStatus: exitStatus)
    }

    /// The cursor to the start of a fresh row below the entry: the second half of ``finish()``.
    package mutating func leaveArea() -> [UInt8] {
        drawsEntry ? display.finish() : Self.lineBreak
    }

    // MARK: - Idle work

    /// Whether the core has work to do while nobody types: the history's sorting, which its
    /// lookups go without until it is done.
    package var hasIdleWork: Bool { editor.history.hasIndexingToDo }

    /// Does a step of the idle work, about a millisecond of it (all a key typed meanwhile
    /// waits); returns whether more is left.
    package mutating func performIdleStep() -> Bool {
        editor.history.continueIndexing()
        return editor.history.hasIndexingToDo
    }

    // MARK: - Secrets

    /// Overwrites what the loop kept of a secret entry: the room the decoded keys left, the
    /// decoder's, the editor's copies; the editor then holds a new, empty entry.
    package mutating func eraseSecret() {
        discardHandledKeys()
        keys.overwriteUnusedCapacity(with: .text(""))
        decoder.overwriteUnusedCapacity()
        editor.overwriteStoredText()
        editor.startNewEntry()
    }
}
