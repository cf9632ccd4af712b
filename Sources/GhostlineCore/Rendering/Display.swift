/// An entry drawn on a terminal area frame after frame: ``Layout`` and ``Renderer`` together,
/// with a short cut for the commonest key of all.
///
/// A character typed at the end of a line changes nothing on screen but the cells it lands in.
/// When ``draw(_:width:height:)`` can tell from the state's edit log that this is all that happened
/// since the last frame, it writes the characters and nothing else: no layout, no frame, no
/// diff. Everything else is laid out and rendered as a frame. Both ways leave the screen the
/// same, so the program never needs to know which one was taken.
public struct Display: Sendable {
    private var layout = Layout()
    private var renderer = Renderer()
    /// The cursor's line as the last frame left it. Not optional, so that a key reads it in
    /// place: an optional's fields are read through a copy, which retains both prompts.
    private var shown = ShownLine()

    private struct ShownLine {
        /// Where the cursor's line ended, when the last frame showed the text and prompts with at
        /// most an inline suggestion after the cursor (no placeholder, no footer) and the cursor
        /// at the end of the line; nil otherwise.
        var end: EditorState.LineEnd?
        /// The inline suggestion drawn after the cursor, if any: typing its next characters
        /// only turns its cells into text.
        var suggestion: StyledText?
        var prompt: StyledText = ""
        var continuationPrompt: StyledText = ""
        var width = 0
        var height = 0
        /// Keys echoed since the last frame. Layout catches up through the state's edit log, so
        /// a frame is drawn before the log forgets the first of them.
        var echoes = 0
    }

    /// Room on the cursor's row for keys typed at the end of its line, opened when a frame or an
    /// echo leaves the cursor there: ``echo(typed:in:width:)`` then checks only that the state
    /// grew by those keys since, and tells the renderer of them later, all at once.
    private var room = TypingRoom()

    private struct TypingRoom {
        /// The state, revision and line the row shows, and the line's length there.
        var generation: UInt64 = 0
        var revision: UInt64 = 0
        var identity: UInt64 = 0
        var byteCount = 0
        /// Characters that fit before the row's last column; 0 while the room is closed.
        var columns = 0
        /// Characters echoed that the renderer has not yet drawn into its picture of the screen.
        var pending: [UInt8] = []
    }

    /// Creates a display for an area that starts at the terminal's cursor, which must be at the
    /// start of a row.
    public init() {}

    /// The bytes that turn the screen into `presentation` laid out for a terminal of `width`
    /// columns and `height` rows.
    public mutating func draw(_ presentation: Presentation, width: Int, height: Int) -> [UInt8] {
        catchUp()
        // Characters are echoed as they came only where they show as they came: a mask or a
        // highlighter changes how they look, and a highlighter may restyle earlier text too.
        let echoes = presentation.showsTextAsTyped
        if echoes, let bytes = echo(presentation, width: width, height: height) { return bytes }
        let frame = layout.frame(for: presentation, width: width, height: height)
        let bytes = renderer.render(frame, screenRows: height)
        let state = presentation.state
        let cursor = state.cursor
        // Ghost text on a text that is not empty is the suggestion (the placeholder shows only on
        // an empty one).
        let ghost = presentation.shownGhostText
        if echoes && (ghost == nil || !state.isEmpty) && presentation.footer.isEmpty
            && cursor.offset == state.byteCount(ofLine: cursor.line) {
            shown = ShownLine(end: state.end(ofLine: cursor.line), suggestion: ghost, prompt: presentation.prompt,
                              continuationPrompt: presentation.continuationPrompt, width: width, height: height)
        } else {
            shown.end = nil
        }
        openRoom(in: state)
        return bytes
    }

    /// Echoes printable ASCII that was just typed at the end of the cursor's line, in the room
    /// the last frame or echo left on its row: true when the caller is to write `typed` itself
    /// and nothing else, false, having done nothing, when ``echo(typedIn:prompt:continuationPrompt:width:height:)``
    /// or a frame must show the change instead.
    ///
    /// Checked: the state grew by exactly `typed` at the line's end since, the cursor ends the
    /// line, the keys fit before the row's last column and the terminal is as wide. Not checked:
    /// the prompts and what the presentation would show besides the text, which the caller
    /// knows (as from ``Editor/presentsTextAlone``).
    public mutating func echo(typed: UnsafeBufferPointer<UInt8>, in state: EditorState, width: Int) -> Bool {
        guard typed.count <= room.columns, shown.width == width, state.generation == room.generation,
              shown.echoes < EditorState.editMemory / 2,
              state.hasOnlyAdded(typed, toLine: room.identity, at: room.byteCount, since: room.revision) else { return false }
        for byte in typed where byte < 0x20 || byte >= 0x7F { return false }
        take(typed, intoRoomAt: state.revision)
        return true
    }

    /// ``echo(typed:in:width:)`` for an editor that knows what it did: appended `typed`, one edit
    /// per byte and nothing else, at `offset` of the line with `identity`, right after the state
    /// of `generation` was at `revision`. Checked against the room alone, without the state.
    mutating func echo(typed: UnsafeBufferPointer<UInt8>, appendedAt offset: Int, toLine identity: UInt64,
                       after revision: UInt64, of generation: UInt64, width: Int) -> Bool {
        guard typed.count <= room.columns, room.revision == revision, room.byteCount == offset, room.identity == identity,
              room.generation == generation, shown.width == width, shown.echoes < EditorState.editMemory / 2 else { return false }
        take(typed, intoRoomAt: revision &+ UInt64(typed.count))
        return true
    }

    /// Notes `typed`, just echoed in the room, which the state now holds at `revision`.
    @inline(__always)
    private mutating func take(_ typed: UnsafeBufferPointer<UInt8>, intoRoomAt revision: UInt64) {
        // One at a time: appending a buffer takes the generic way, longer than a key's one byte.
        for byte in typed { room.pending.append(byte) }
        room.byteCount += typed.count
        room.columns -= typed.count
        room.revision = revision
        shown.echoes += 1
    }

    /// Opens the room for typing when the cursor ends its line and its row, after printable ASCII
    /// or at the line's start (so that typed ASCII joins no character before it).
    private mutating func openRoom(in state: EditorState) {
        room.columns = 0
        guard let end = shown.end, shown.suggestion == nil, end.generation == state.generation,
              end.revision == state.revision,
              (state.lastByte(ofLine: end.line) ?? 0) < 0x80 else { return }
        room.generation = end.generation
        room.revision = end.revision
        room.identity = end.identity
        room.byteCount = end.byteCount
        room.columns = renderer.echoRoom
    }

    /// Draws the characters echoed in the room into the renderer's picture of the screen and
    /// moves the shown line's end past them, as their echo one at a time would have.
    private mutating func catchUp() {
        guard !room.pending.isEmpty else { return }
        let echoed = room.pending.withUnsafeBufferPointer { renderer.echo(typed: $0) }
        assert(echoed != nil, "the room was opened where the renderer could not echo")
        room.pending.removeAll(keepingCapacity: true)
        if let end = shown.end {
            shown.end = EditorState.LineEnd(generation: end.generation, revision: room.revision, line: end.line,
                                            identity: end.identity, byteCount: room.byteCount, isLastLine: end.isLastLine,
                                            firstNewIdentity: end.firstNewIdentity)
        }
    }

    /// The typed characters alone, when the text only grew by printable ASCII at the end of the
    /// cursor's line since the last frame and nothing else would change on screen, or when they
    /// are the next characters of the suggestion shown, whose rest stays as it was.
    private mutating func echo(_ presentation: Presentation, width: Int, height: Int) -> [UInt8]? {
        guard shown.end != nil, presentation.footer.isEmpty else { return nil }
        let ghost = presentation.shownGhostText
        if shown.suggestion != nil {
            return echo(typedOver: presentation, suggestion: ghost, width: width, height: height)
        }
        guard ghost == nil else { return nil }
        return echo(typedIn: presentation.state, prompt: presentation.prompt,
                    continuationPrompt: presentation.continuationPrompt, width: width, height: height)
    }

    /// The echo of keys typed over the suggestion shown: they match its first characters, and
    /// `suggestion`, the one to show now, is the rest of it (or nil when they used it all up).
    /// On screen the typed characters take the suggestion's cells in the text's style; the
    /// rest of the suggestion, and every row after, stays where it is.
    @inline(never)
    private mutating func echo(typedOver presentation: Presentation, suggestion: StyledText?,
                               width: Int, height: Int) -> [UInt8]? {
        let state = presentation.state
        guard let end = shown.end, let shownSuggestion = shown.suggestion, shown.echoes < EditorState.editMemory / 2,
              shown.width == width, shown.height == height, Self.isSame(shown.prompt, presentation.prompt),
              Self.isSame(shown.continuationPrompt, presentation.continuationPrompt),
              state.cursor.line == end.line, suggestion.map({ $0.style == shownSuggestion.style }) ?? true else { return nil }
        let cursor = state.cursor
        let shownBytes = shownSuggestion.text.utf8
        guard let bytes = state.withASCIIAdded(at: end, { typed -> [UInt8]? in
            guard !typed.isEmpty, cursor.offset == end.byteCount + typed.count, shownBytes.count >= typed.count,
                  shownBytes.prefix(typed.count).elementsEqual(typed),
                  (suggestion?.text.utf8 ?? "".utf8).elementsEqual(shownBytes.dropFirst(typed.count)) else { return nil }
            return renderer.echo(typedOver: typed)
        }) ?? nil else { return nil }
        shown.end = state.end(ofLine: cursor.line)
        shown.suggestion = suggestion
        shown.echoes += 1
        openRoom(in: state)
        return bytes
    }

    /// The bytes that show what was typed since the last frame, for a presentation of `state`
    /// with these prompts and neither ghost text nor footer (the caller knows, as from
    /// ``Editor/presentsTextAlone``): the typed characters alone when the text only grew by
    /// printable ASCII at the end of the cursor's line and the last frame showed the same
    /// prompts and text alone too; nil when a frame must be drawn instead.
    ///
    /// A program that types keys without presenting (``Editor/type(ascii:)``) echoes them this
    /// way and draws a frame with ``draw(_:width:height:)`` when this returns nil.
    public mutating func echo(typedIn state: EditorState, prompt: StyledText, continuationPrompt: StyledText,
                              width: Int, height: Int) -> [UInt8]? {
        catchUp()
        room.columns = 0
        guard let end = shown.end, shown.suggestion == nil, shown.echoes < EditorState.editMemory / 2,
              shown.width == width, shown.height == height, Self.isSame(shown.prompt, prompt),
              Self.isSame(shown.continuationPrompt, continuationPrompt) else { return nil }
        let cursor = state.cursor
        guard cursor.line == end.line else {
            return echoLines(typedIn: state, since: end, continuationPrompt: continuationPrompt, width: width,
                             height: height)
        }
        // ASCII after an ASCII character (or none) forms clusters of its own: nothing already
        // on screen changes shape, and the renderer takes only the printable part of ASCII.
        guard cursor.offset > end.byteCount, let bytes = state.withASCIIAdded(at: end, { typed -> [UInt8]? in
            guard cursor.offset == end.byteCount + typed.count else { return nil }
            return renderer.echo(typed: typed) ?? echoReachingTheMargin(typed, height: height)
        }) ?? nil else { return nil }
        followScroll(in: state, prompt: prompt, continuationPrompt: continuationPrompt, width: width)
        shown.end = state.end(ofLine: cursor.line)
        shown.echoes += 1
        openRoom(in: state)
        return bytes
    }

    /// The echo of characters that reach the right margin: the cursor moves to the next row too.
    // Kept out of the typed key's way: its code would spread the commonest echo over more pages.
    @inline(never)
    private mutating func echoReachingTheMargin(_ typed: UnsafeBufferPointer<UInt8>, height: Int) -> [UInt8]? {
        renderer.echo(typed: typed, lineStart: [], screenRows: height)
    }

    /// The echo of lines typed at the end of the text: each line break starts a row with the
    /// continuation prompt, and rows above scroll away as they would in a frame.
    @inline(never)
    private mutating func echoLines(typedIn state: EditorState, since end: EditorState.LineEnd,
                                    continuationPrompt: StyledText, width: Int, height: Int) -> [UInt8]? {
        let cursor = state.cursor
        guard cursor.line > end.line, end.isLastLine, cursor == state.endPosition,
              let added = state.asciiAdded(atEndSince: end, limit: width) else { return nil }
        let lineStart = layout.cells(ofContinuationPrompt: continuationPrompt, width: width)
        guard let bytes = added.withUnsafeBufferPointer({ renderer.echo(typed: $0, lineStart: lineStart, screenRows: height) })
        else { return nil }
        followScroll(in: state, prompt: shown.prompt, continuationPrompt: continuationPrompt, width: width)
        shown.end = state.end(ofLine: cursor.line)
        shown.echoes += 1
        openRoom(in: state)
        return bytes
    }

    /// Moves layout's first row down by the rows the last echo scrolled off the screen.
    private mutating func followScroll(in state: EditorState, prompt: StyledText, continuationPrompt: StyledText,
                                       width: Int) {
        guard renderer.rowsScrolledByEcho > 0 else { return }
        layout.scrollDown(renderer.rowsScrolledByEcho, in: state, prompt: prompt, continuationPrompt: continuationPrompt,
                          width: width)
    }

    /// Whether a prompt is the one drawn last, asked per key: the same text in the same storage
    /// is answered without comparing characters, and inline rather than by a call.
    @inline(__always)
    private static func isSame(_ first: StyledText, _ second: StyledText) -> Bool {
        first.text == second.text && first.style == second.style
    }

    /// The bytes that leave the area for good: cursor below the last row, at the start of a
    /// fresh row, plain style. With `startingFreshRow` false the cursor stays at the end of the
    /// last row, for a shell that starts its own (as job control does on Ctrl-Z).
    public mutating func finish(startingFreshRow: Bool = true) -> [UInt8] {
        catchUp()
        room.columns = 0
        shown.end = nil
        return renderer.finish(startingFreshRow: startingFreshRow)
    }

    /// How many rows the terminal's cursor is below the area's first row once the terminal has
    /// changed to `width` columns (see ``Renderer/rowsAbove(afterResizeTo:)``).
    public func rowsAbove(afterResizeTo width: Int) -> Int {
        guard room.pending.isEmpty else {
            var caughtUp = self
            caughtUp.catchUp()
            return caughtUp.renderer.rowsAbove(afterResizeTo: width)
        }
        return renderer.rowsAbove(afterResizeTo: width)
    }

    /// The bytes that move the cursor back to the area's first row and erase the area, after
    /// which the next frame is drawn afresh, as after the terminal changed size.
    public mutating func eraseArea(rowsAbove cursorRow: Int) -> [UInt8] {
        catchUp()
        let bytes = renderer.eraseArea(rowsAbove: cursorRow)
        reset()
        return bytes
    }

    /// Forgets what is on the screen and what was laid out, so the next frame is drawn in full
    /// from the area's start (after the caller put the cursor back there, as after clearing the
    /// screen).
    public mutating func reset() {
        renderer.reset()
        layout.reset()
        shown.end = nil
        room.columns = 0
        room.pending.removeAll()
    }
}
