extension Editor {
    /// Types printable ASCII at the end of the cursor's line exactly as handling the same bytes
    /// decoded into a `.text` event would, but without decoding or looking anything up: each
    /// byte is its own edit, asked of ``shouldChangeText``, grouped for undo and recorded in
    /// ``pendingChanges``.
    ///
    /// Returns false, having changed nothing, when the keys could do more than add text: a byte
    /// outside `0x20...0x7E`, the cursor inside a line, an incremental search, an unfinished
    /// chord or a completion listing on screen, or more bytes than typing makes in one read.
    /// The program then decodes the bytes and hands the events to ``handle(_:)``.
    public mutating func type(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard typeKeepingBytesApart(bytes) else { return false }
        state.settleTypedBytes()
        return true
    }

    /// ``type(ascii:)``, leaving the bytes typed without a veto or a listener apart from their
    /// line's string (see `EditorState.typeAtLineEnd(_:)`) for as long as nothing else happens.
    // Inlined into the typing lane's one call, `type(ascii:echoingIn:width:)`: the key's code
    // then lies together, on fewer cache lines.
    @inline(__always)
    private mutating func typeKeepingBytesApart(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let cursor = state.cursor
        guard !bytes.isEmpty, bytes.count <= Self.longestTypedRun, search == nil, pendingKeys.isEmpty,
              completionListing.isEmpty, cursor.offset == state.byteCount(ofLine: cursor.line),
              bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        goalColumn = nil
        claimHighlightMemo()
        if shouldChangeText == nil && !recordsChanges {
            // No one to ask or tell: each byte is appended and its undo recorded directly.
            for byte in bytes {
                let start = state.cursor
                let startsWord = UndoHistory.startsWord(typing: byte, at: start, in: state)
                undoHistory.recordTyping(state.typeAtLineEnd(byte), startsWord: startsWord)
            }
        } else {
            typeAskingAndRecording(bytes)
        }
        lastCommand = .other
        if suggestionMemo != nil || mayShowSuggestions { updateSuggestionMemo() }
        return true
    }

    /// Each byte typed as its own edit through ``replace(_:with:kind:)``, which asks the veto
    /// and records the change.
    @inline(never)
    private mutating func typeAskingAndRecording(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            let text = Self.printableASCII[Int(byte) - 0x20]
            let cursor = state.cursor
            replace(cursor..<cursor, with: text, kind: .typing)
        }
    }

    /// ``type(ascii:)``, then, when the keys were taken and the editor presents its text alone,
    /// their echo in the room `display` keeps at the line's end (see
    /// ``Display/echo(typed:in:width:)``) for a terminal `width` columns wide.
    ///
    /// One call for the commonest key, inside the module: asked from outside, whether the
    /// editor presents its text alone would be answered on a copy of the whole editor (so this
    /// is kept from being inlined there, too).
    @inline(never)
    public mutating func type(ascii bytes: UnsafeBufferPointer<UInt8>, echoingIn display: inout Display,
                              width: Int) -> TypedKeys {
        let start = state.cursor, revision = state.revision
        let line = state.identity(ofLine: start.line)
        guard typeKeepingBytesApart(bytes) else { return .notTaken }
        // `presentsTextAlone` spelled out, so that the copy of the editor a call to
        // `suggestionSuffix` needs is made only on the way that calls it.
        guard search == nil, completionListing.isEmpty, !state.isEmpty, !mayShowSuggestions || !showsSuggestionNow() else {
            state.settleTypedBytes()
            return .typed
        }
        // One edit per byte and nothing else: the bytes were appended at `start`, so the display
        // needs only to know that its room begins there. A veto that refused some needs the
        // display's own check.
        if state.revision == revision &+ UInt64(bytes.count),
           display.echo(typed: bytes, appendedAt: start.offset, toLine: line, after: revision, of: state.generation, width: width) {
            // The bytes stay apart from the line's string until the next key that is not typing.
            return .echoed
        }
        state.settleTypedBytes()
        return display.echo(typed: bytes, in: state, width: width) ? .echoed : .typed
    }

    /// Each printable ASCII character as a string, made once rather than per key. Written out
    /// as literals, the table is laid out by the compiler: a key reads it without the run-time
    /// check that a computed one needs at every use.
    private static let printableASCII: [String] = [
        " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/",
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ":", ";", "<", "=", ">", "?",
        "@", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O",
        "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "[", "\\", "]", "^", "_",
        "`", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o",
        "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "{", "|", "}", "~",
    ]

    /// True when a presentation of the editor would show the text and the given prompts alone:
    /// no placeholder or default value, no suggestion, no search prompt and no completion
    /// listing. A display that last drew such a presentation may then echo typed text (see
    /// ``Display/echo(typedIn:prompt:continuationPrompt:width:height:)``).
    public var presentsTextAlone: Bool {
        search == nil && completionListing.isEmpty && !state.isEmpty && (!mayShowSuggestions || suggestionSuffix == nil)
    }

    /// Whether ``suggestionSuffix`` is not nil, answered from the memo when it is up to date, as
    /// it is after typing, without making the suffix.
    // Mutating, and the look-up kept apart: a getter called from a mutating method runs on a
    // copy of the whole editor, which the compiler made even on the way that needs no look-up.
    @inline(__always)
    mutating func showsSuggestionNow() -> Bool {
        guard showsSuggestions, search == nil, !state.isEmpty, state.cursor == state.endPosition else { return false }
        if suggestion == nil, let memo = suggestionMemo, memo.describes(state, history) { return memo.match != nil }
        return looksUpSuggestion()
    }

    @inline(never)
    private mutating func looksUpSuggestion() -> Bool {
        suggestionSuffix != nil
    }

    /// False when no suggestion can show: none are shown, or there is neither a suggestion
    /// function nor a history entry to suggest. Asked first, so that typing without history
    /// skips the suggestion's code altogether.
    var mayShowSuggestions: Bool {
        showsSuggestions && (suggestion != nil || history.longestEntryByteCount > 0)
    }
}

/// What became of keys handed to ``Editor/type(ascii:echoingIn:width:)``.
public enum TypedKeys: Sendable, Equatable {
    /// Typed and echoed in the display's room: the caller writes the keys' own bytes.
    case echoed
    /// Typed, but not shown: an echo that checks the prompts too, or a frame, must show them.
    case typed
    /// Not taken, nothing changed: the keys need decoding, as every other key does.
    case notTaken
}
