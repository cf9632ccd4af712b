/// An entry drawn on a terminal area frame after frame: the one way from a ``Presentation`` to
/// the bytes that put it on the screen.
///
/// Each draw asks the state what changed in the text since the last draw (its damage, see
/// `EditorState.damage(since:)`) and whether everything else the presentation shows is the same.
/// When the text only grew at the end of the cursor's line and nothing else changed, the new
/// cells are written after the old ones: layout makes them as it makes a frame's (in the styles
/// of the text's spans, or as its mask), and the renderer appends them. When a suggestion shows
/// and the new text is its first characters, the new cells are written over the suggestion's,
/// which stays on screen as the rest of it. Anything else, or any doubt, is laid out and
/// rendered as a frame. Both ways leave the same screen, so the program
/// never needs to know which one was taken.
package struct Display: Sendable {
    private var layout = Layout()
    private var renderer = Renderer()
    /// What the last draw left on screen, with an end when its cursor ended its line and a later
    /// append can follow it. Not an optional, which the compiler destroys through the runtime's
    /// type, built by name at a session's first key.
    private var shown = Shown()
    /// The surroundings the last draw showed, when ``shown`` has an end. Kept beside it, not in
    /// it: they stay from key to key while the rest is made anew (`make budget` guards the
    /// typed key).
    private var surroundings: Surroundings?

    private struct Shown {
        /// Where the cursor's line ended; nil when no append can follow what was drawn.
        var end: EditorState.LineEnd?
        /// The spans the text was drawn with; nil when nothing coloured it.
        var highlights: TextHighlights?
        /// The ghost text drawn after the cursor; nil when none was.
        var ghost: StyledText?

        /// Whether a ghost text was drawn, asked without copying it (see
        /// ``ghostStays(becoming:afterTypingAt:in:)``).
        var showsGhost: Bool {
            switch ghost {
            case nil: false
            case _?: true
            }
        }

        /// Whether the ghost text after the cursor stays where it was when text was typed at
        /// `start` (the cursor ends its line): there was none and is none, or what was typed is
        /// the old ghost text's first characters and `new` the rest, in the same style.
        ///
        /// A method, reading `ghost` where it is: passed as an argument, the optional would be
        /// copied and destroyed by a function the compiler shares between optionals, which has
        /// the runtime build the type at a session's first key.
        func ghostStays(becoming new: StyledText?, afterTypingAt start: TextPosition, in state: EditorState) -> Bool {
            switch ghost {
            case nil:
                return new == nil
            case let old?:
                let rest = new ?? StyledText("", style: old.style)
                return state.cursor.line == start.line && rest.style == old.style
                    && Display.equals(old.text, line: state.line(start.line), from: start.offset, followedBy: rest.text)
            }
        }
    }

    /// Everything a presentation shows besides its text, as far as appending to the text cares:
    /// under equal surroundings two presentations differ on screen only where their texts and
    /// ghost texts do. The ghost text is kept beside and compared with what was typed (see
    /// `append(_:showing:since:width:height:)`). Whatever else a presentation comes to carry
    /// that changes how cells already drawn look belongs here too, so that a change of it draws
    /// a frame; the appended cells themselves are made by layout's own cell function. The text's
    /// style spans are the exception: any edit may change them, so they are kept beside and
    /// compared only where cells were already drawn (see `append(_:showing:since:width:height:)`).
    ///
    /// The regions below the entry stay where they are while text is appended on the cursor's
    /// row, and the renderer appends no new row above them. The right prompt is placed by the
    /// extent of the area's first row: an append there that only grows the row leaves it as a
    /// frame would (hidden once it is reached, the renderer refusing to write over its padding),
    /// but a new ghost text may make the row shorter, so that one is drawn as a frame (see
    /// `append(_:showing:since:endingAt:width:height:)`).
    private struct Surroundings {
        var prompt: StyledText
        var continuationPrompt: StyledText
        /// A new mask changes every cell of the text.
        var mask: TextMask?
        var chrome: Chrome
        var width: Int
        var height: Int

        /// The surroundings of `presentation` on a terminal of this size.
        init(_ presentation: borrowing Presentation, width: Int, height: Int) {
            prompt = presentation.prompt
            continuationPrompt = presentation.continuationPrompt
            mask = presentation.mask
            chrome = presentation.chrome
            self.width = width
            self.height = height
        }

        /// Whether these are the surroundings of `presentation` on a terminal of this size.
        /// Compared in place: making the new surroundings to compare them would copy the prompts
        /// on every key, and when they are the same these move on to the next draw as they are.
        func hold(for presentation: borrowing Presentation, width: Int, height: Int) -> Bool {
            width == self.width && height == self.height
                && presentation.prompt == prompt && presentation.continuationPrompt == continuationPrompt
                && presentation.mask == mask && presentation.chrome == chrome
        }
    }

    /// Creates a display for an area that starts at the terminal's cursor, which must be at the
    /// start of a row.
    package init() {}

    /// The clusters the last draw met that the terminal is to measure: while there are any, a
    /// draw lays out but writes nothing, until ``use(_:)`` gives their widths.
    package var clustersToMeasure: [Character] { layout.clustersToMeasure }

    /// Lays clusters out in `widths` from the next draw on.
    package mutating func use(_ widths: TerminalWidths) {
        layout.use(widths)
    }

    /// The bytes that turn the screen into `presentation` laid out for a terminal of `width`
    /// columns and `height` rows.
    package mutating func draw(_ presentation: Presentation, width: Int, height: Int) -> [UInt8] {
        let state = presentation.state
        let cursor = state.cursor
        let cursorEndsLine = cursor.offset == state.byteCount(ofLine: cursor.line)
        let ghost = presentation.shownGhostText
        var appended: [UInt8]?
        // Taken out, since it is replaced below: swapped with nothing shown, not copied.
        var last = Shown()
        swap(&last, &shown)
        if let end = last.end, surroundings?.hold(for: presentation, width: width, height: height) == true {
            if cursorEndsLine {
                appended = append(presentation, showing: ghost, since: last, endingAt: end, width: width, height: height)
            }
        } else {
            surroundings = Surroundings(presentation, width: width, height: height)
        }
        let bytes: [UInt8]
        if let appended {
            bytes = appended
        } else {
            let frame = layout.frame(for: presentation, width: width, height: height)
            // Drawn with widths the terminal may not share, it would put the cursor where the
            // renderer does not think it is.
            guard layout.clustersToMeasure.isEmpty else { return [] }
            bytes = renderer.render(frame, marks: layout.promptMarks, screenRows: height)
        }
        if cursorEndsLine && surroundings != nil {
            shown = Shown(end: state.end(ofLine: cursor.line), highlights: presentation.highlights, ghost: ghost)
        }
        return bytes
    }

    /// The bytes that show what was appended since `shown` was drawn with the cursor at the end
    /// of its line, at `end`, when that is all the state's damage and the text's spans say changed, and
    /// the ghost text (`ghost`, the presentation's shown ghost text) is the same or lost just
    /// what was typed; nil when a frame must be drawn.
    private mutating func append(_ presentation: Presentation, showing ghost: StyledText?, since shown: Shown,
                                 endingAt end: EditorState.LineEnd, width: Int, height: Int) -> [UInt8]? {
        let state = presentation.state
        let cursor = state.cursor
        switch state.damage(since: end) {
        case .nothing:
            return cursor.line == end.line && shown.highlights == presentation.highlights
                && Self.isSame(shown.ghost, as: ghost) ? [] : nil
        case .appended(let line, let offset):
            let start = TextPosition(line: line, offset: offset)
            let ghostStays = shown.ghostStays(becoming: ghost, afterTypingAt: start, in: state)
            // New text after the text's last line may hold line breaks: then the cursor must end
            // the text, so that every new row is drawn; after another line, it stays on that line.
            // A highlighter may restyle text drawn before (a closing quote recolours what came
            // before it): then the frame redraws it. A ghost text that appears, changes or goes
            // follows the text's end, so then the cursor must end the text. Without a highlighter
            // before or now, no span styles anything, and the spans are not walked.
            guard end.isLastLine || !ghostStays ? cursor == state.endPosition : cursor.line == line,
                  shown.highlights == nil && presentation.highlights == nil
                    || TextHighlights.styleAlike(shown.highlights ?? .none, presentation.highlights ?? .none,
                                                 outside: start, through: cursor.line),
                  let cells = layout.cellsAppended(at: start, through: cursor.line,
                                                   of: presentation, width: width, height: height)
            else { return nil }
            let following: Renderer.Following
            if ghostStays {
                if shown.showsGhost {
                    following = .sameGhost
                } else {
                    // On the first row, the blank cells before a right prompt follow the cursor.
                    following = presentation.chrome.rightPrompt != nil && renderer.hasCellsAfterCursor ? .padding : .nothing
                }
            } else {
                // The typed cells and the new ghost text, or none, rewrite the row from the cursor
                // on: on the right prompt's row, a frame places it again.
                guard presentation.chrome.rightPrompt == nil || renderer.cursor.row > 0 else { return nil }
                if let ghost {
                    guard let newGhost = layout.ghostCellsOnOneRow(ghost, from: cells.endColumn, width: width) else { return nil }
                    following = .ghost(newGhost.cells, longClusters: newGhost.longClusters)
                } else {
                    following = .ghost([], longClusters: cells.longClusters)
                }
            }
            guard layout.clustersToMeasure.isEmpty,
                  let appended = renderer.append(cells, then: following, screenRows: height) else { return nil }
            if appended.scrolledRows > 0 { layout.scrollDown(appended.scrolledRows, in: presentation, width: width) }
            return appended.bytes
        case .other:
            return nil
        }
    }

    /// Whether `whole` holds exactly the bytes of `line` from `offset` on followed by those of
    /// `rest`. Compared as buffers: a ghost text may be as long as the screen, and this runs for
    /// every key typed along it.
    fileprivate static func equals(_ whole: String, line: String, from offset: Int, followedBy rest: String) -> Bool {
        let typedCount = line.utf8.count - offset
        guard typedCount >= 0, whole.utf8.count == typedCount + rest.utf8.count else { return false }
        var whole = whole, line = line, rest = rest
        return whole.withUTF8 { whole in
            line.withUTF8 { line in
                rest.withUTF8 { rest in
                    HistoryStorage.equal(UnsafeBufferPointer(rebasing: whole.prefix(typedCount)),
                                         UnsafeBufferPointer(rebasing: line.suffix(typedCount)))
                        && HistoryStorage.equal(UnsafeBufferPointer(rebasing: whole.suffix(rest.count)), rest)
                }
            }
        }
    }

    /// Whether two ghost texts are drawn alike: the same bytes, not merely equal strings, in the
    /// same style.
    private static func isSame(_ first: StyledText?, as second: StyledText?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        return first.style == second.style && first.text.utf8.elementsEqual(second.text.utf8)
    }

    /// The bytes that leave the area for good: cursor below the last row, at the start of a
    /// fresh row, plain style. With `startingFreshRow` false the cursor stays at the end of the
    /// last row, for a shell that starts its own (as job control does on Ctrl-Z).
    package mutating func finish(startingFreshRow: Bool = true) -> [UInt8] {
        shown = Shown()
        surroundings = nil
        return renderer.finish(startingFreshRow: startingFreshRow)
    }

    /// How many rows the terminal's cursor is below the area's first row once the terminal has
    /// changed to `width` columns (see ``Renderer/rowsAbove(afterResizeTo:)``).
    package func rowsAbove(afterResizeTo width: Int) -> Int {
        renderer.rowsAbove(afterResizeTo: width)
    }

    /// The bytes that move the cursor back to the area's first row and erase the area, after
    /// which the next frame is drawn afresh, as after the terminal changed size.
    package mutating func eraseArea(rowsAbove cursorRow: Int) -> [UInt8] {
        let bytes = renderer.eraseArea(rowsAbove: cursorRow)
        reset()
        return bytes
    }

    /// Forgets what is on the screen and what was laid out, so the next frame is drawn in full
    /// from the area's start (after the caller put the cursor back there, as after clearing the
    /// screen).
    package mutating func reset() {
        renderer.reset()
        layout.reset()
        shown = Shown()
        surroundings = nil
    }
}
