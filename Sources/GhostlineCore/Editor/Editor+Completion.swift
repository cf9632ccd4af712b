/// Tab: completing the word before the cursor from the app's candidates, listing them as
/// readline does or offering them in a menu that sees the keys while it is open.
extension Editor {
    /// Completes the text before the cursor: one candidate is inserted, with a space after it at
    /// the text's end; several that start at the same place complete as far as they agree, and
    /// then are listed (as ``CompletionOptions/listing`` says) or offered in a menu.
    mutating func complete() {
        guard let (candidates, before, word) = candidatesForWord(), !candidates.isEmpty else { return }
        let cursor = state.cursor
        let wordStart = cursor.offset - word.utf8.count
        let start = { (candidate: CompletionCandidate) in Self.offset(of: candidate.replacementStart, in: before) ?? wordStart }
        if candidates.count == 1 {
            // The space that ends the word goes in only at the text's end, as readline puts it.
            let text = candidates[0].text + (cursor == state.endPosition ? " " : "")
            replace(TextPosition(line: cursor.line, offset: start(candidates[0]))..<cursor,
                    with: isMultiline ? text : Self.singleLine(text), kind: .other)
            return
        }
        // The common prefix replaces what the candidates replace, when that is the same text.
        var completes = false
        let firstStart = start(candidates[0])
        let sharedStart = candidates.indices.allSatisfy { start(candidates[$0]) == firstStart } ? firstStart : nil
        if let sharedStart {
            let prefix = Self.singleLine(Self.commonPrefix(of: candidates, ignoringCase: completionOptions.ignoresCase))
            completes = prefix.utf8.count > cursor.offset - sharedStart
            if completes {
                replace(TextPosition(line: cursor.line, offset: sharedStart)..<cursor, with: prefix, kind: .other)
            }
        }
        if completionOptions.style == .menu {
            openMenu(on: candidates, typed: before, wordStart: wordStart, changedFrom: sharedStart ?? cursor.offset)
            return
        }
        let listed = candidates.map { $0.shownText }
        switch completionOptions.listing {
        case .always: completionListing = listed
        case .whenNothingCompletes where !completes: completionListing = listed
        default: if !completes && lastCommand == .complete { completionListing = listed }
        }
    }

    /// Lists every candidate for the word before the cursor, as readline's
    /// `possible-completions` does, whatever ``CompletionOptions/listing`` says; none for a
    /// secret, whose candidates would show what it starts with.
    mutating func listCompletions() {
        guard !isSecret, let (candidates, _, _) = candidatesForWord(), !candidates.isEmpty else { return }
        completionListing = candidates.map { $0.shownText }
    }

    /// Replaces the word before the cursor with every candidate for it, each followed by a
    /// space, as readline's `insert-completions` does; one undo step. Nothing for a secret.
    mutating func insertCompletions() {
        guard !isSecret, let (candidates, before, word) = candidatesForWord(), !candidates.isEmpty else { return }
        let cursor = state.cursor
        let wordStart = cursor.offset - word.utf8.count
        let start = candidates.map { Self.offset(of: $0.replacementStart, in: before) ?? wordStart }.min() ?? wordStart
        let text = candidates.map { $0.text + " " }.joined()
        replace(TextPosition(line: cursor.line, offset: start)..<cursor, with: isMultiline ? text : Self.singleLine(text), kind: .other)
    }

    /// The app's candidates for the word before the cursor, with the line's text before the
    /// cursor and the word; nil without a completion function.
    func candidatesForWord() -> (candidates: [CompletionCandidate], before: String, word: String)? {
        guard let completion else { return nil }
        let before = state.text(in: state.lineStart..<state.cursor)
        // Only the text after the last whitespace: after "git " the word is empty, not "git ".
        let word = String(before[(before.lastIndex(where: \.isWhitespace).map(before.index(after:)) ?? before.startIndex)...])
        let candidates = runningAppCode { completion(CompletionContext(textBeforeCursor: before, word: word,
                                                                         ignoresCase: completionOptions.ignoresCase)) }
        return (candidates, before, word)
    }

    /// With ``CompletionOptions/completesWhileTyping``, after a key typed or deleted: opens the
    /// menu on the candidates for the word as it is now, nothing selected and nothing inserted,
    /// or leaves it closed when the word is empty or nothing but itself completes it.
    mutating func offerCompletionsWhileTyping() {
        guard completionOptions.style == .menu, !isSecret, search == nil,
              let (candidates, before, word) = candidatesForWord(), !word.isEmpty,
              candidates.contains(where: { $0.text != word }) else { return }
        let cursor = state.cursor
        openMenu(on: candidates, typed: before, wordStart: cursor.offset - word.utf8.count, changedFrom: cursor.offset)
    }

    /// The UTF-8 offset of `index` in `text`; nil for no index, or one that is not a boundary
    /// of `text`'s scalars.
    static func offset(of index: String.Index?, in text: String) -> Int? {
        guard let index, index <= text.endIndex, index.samePosition(in: text.unicodeScalars) != nil else { return nil }
        return text.utf8.distance(from: text.startIndex, to: index)
    }

    /// The longest start the texts of all `candidates` share, in the first one's spelling;
    /// `ignoringCase`, its characters compared as lowercase. The candidates are read by index:
    /// a loop over the elements would copy each one whole, and there may be a hundred thousand.
    static func commonPrefix(of candidates: [CompletionCandidate], ignoringCase: Bool = false) -> String {
        guard !candidates.isEmpty else { return "" }
        if !ignoringCase, let prefix = asciiCommonPrefix(of: candidates) { return prefix }
        var prefix = Substring(candidates[0].text)
        for index in candidates.indices.dropFirst() {
            guard !prefix.isEmpty else { break }
            let string = candidates[index].text
            var end = prefix.startIndex
            var other = string.startIndex
            while end < prefix.endIndex, other < string.endIndex,
                  prefix[end] == string[other] || ignoringCase && prefix[end].lowercased() == string[other].lowercased() {
                end = prefix.index(after: end)
                other = string.index(after: other)
            }
            prefix = prefix[..<end]
        }
        return String(prefix)
    }

    /// The longest start the candidates' texts share when it ends between two ASCII characters
    /// (or at a text's end), found by comparing bytes; nil when it may end inside a character,
    /// which only comparing characters can tell.
    static func asciiCommonPrefix(of candidates: [CompletionCandidate]) -> String? {
        var first = candidates[0].text
        return first.withUTF8 { head -> String? in
            var length = head.count
            for index in candidates.indices.dropFirst() {
                guard length > 0 else { break }
                var string = candidates[index].text
                length = string.withUTF8 { bytes in
                    var common = 0
                    let limit = min(length, bytes.count)
                    while common < limit && bytes[common] == head[common] { common += 1 }
                    return common
                }
            }
            if length > 0 && head[length - 1] >= 0x80 { return nil }
            for index in candidates.indices {
                var string = candidates[index].text
                let endsBetweenCharacters = string.withUTF8 { bytes in
                    // A line feed after a carriage return is one character with it.
                    length == bytes.count
                        || bytes[length] < 0x80 && !(length > 0 && bytes[length - 1] == 0x0D && bytes[length] == 0x0A)
                }
                if !endsBetweenCharacters { return nil }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: head[..<length]), as: UTF8.self)
        }
    }

    /// Lays candidates out in columns, as readline lists completions.
    static func columns(_ items: [String], width: Int) -> [StyledText] {
        guard !items.isEmpty else { return [] }
        let columnWidth = (items.map(\.displayWidth).max() ?? 0) + 2
        let perRow = max(1, width / max(columnWidth, 1))
        var rows: [StyledText] = []
        var index = 0
        while index < items.count {
            var row = ""
            for item in items[index..<min(index + perRow, items.count)] {
                let padding = columnWidth - item.displayWidth
                row += item + String(repeating: " ", count: padding)
            }
            while row.last == " " { row.removeLast() }
            rows.append(StyledText(row))
            index += perRow
        }
        return rows
    }

    // MARK: - The menu

    /// The screen the menu is laid out for: the session's, or 80 × 24 for an editor without one.
    var menuGeometry: TextGeometry {
        geometry ?? TextGeometry(width: 80, firstLineStart: 0, otherLinesStart: 0)
    }

    /// The menu while it is open and describes the text as it is: the app setting the text
    /// closes it.
    var openMenu: CompletionMenu? {
        guard let menu, menu.generation == state.generation, menu.revision == state.revision else { return nil }
        return menu
    }

    /// Opens the menu on `candidates`, the text before the cursor having been `typed` (with the
    /// word from `wordStart`) up to the common prefix put in from `changedFrom`; nothing is
    /// selected yet.
    private mutating func openMenu(on candidates: [CompletionCandidate], typed: String, wordStart: Int,
                                   changedFrom: Int) {
        let cursor = state.cursor
        var widestItem = 0, widestDescription = 0
        // By index: a loop over the elements would copy each candidate whole.
        for index in candidates.indices {
            widestItem = max(widestItem, candidates[index].shownText.displayWidth)
            if let description = candidates[index].description {
                widestDescription = max(widestDescription, description.displayWidth)
            }
        }
        menu = CompletionMenu(candidates: candidates, wordStart: wordStart, line: cursor.line,
                              textBeforeCursor: state.text(in: state.lineStart..<cursor), typedTextBeforeCursor: typed,
                              typedChangeStart: changedFrom, widestItem: widestItem,
                              widestDescription: widestDescription, inserted: cursor.offset..<cursor.offset,
                              generation: state.generation, revision: state.revision)
    }

    /// What a key does while the menu is open: moving the selection, taking it (Enter), putting
    /// back the typed word (Escape, Ctrl-G), or, for any other key, taking it and leaving the
    /// key to do what it does (nil).
    mutating func handleInMenu(_ event: KeyEvent) -> Optional<EditorRequest?> {
        guard let current = openMenu else {
            menu = nil
            return nil
        }
        let move: CompletionMenu.Move?
        switch event {
        case .key(.tab, []), .key(.down, []), .key(.character("n"), .control): move = .next
        case .key(.backTab, []), .key(.up, []), .key(.character("p"), .control): move = .previous
        case .key(.right, []): move = .right
        case .key(.left, []): move = .left
        case .key(.pageDown, []): move = .pageDown
        case .key(.pageUp, []): move = .pageUp
        case .key(.escape, []), .key(.character("g"), .control):
            restoreTypedText(current)
            return .some(nil)
        default:
            switch keyMap.command(for: [event]) {
            case .complete?: move = .next
            case .cancel?:
                restoreTypedText(current)
                return .some(nil)
            case let command? where (command == .submit || command == .submitOrInsertNewline) && current.selection != nil:
                // Enter takes the selection and leaves the entry open, as fish and zsh do.
                menu = nil
                return .some(nil)
            default:
                menu = nil
                return nil
            }
        }
        if let move { select(current, after: move) }
        return .some(nil)
    }

    /// Moves the menu's selection, putting the candidate it selects in the line.
    private mutating func select(_ current: CompletionMenu, after move: CompletionMenu.Move) {
        let geometry = menuGeometry
        let grid = current.grid(width: geometry.width)
        let shown = CompletionMenu.shownRows(of: grid, limit: completionOptions.menuRows, geometry: geometry)
        let index = current.selection(after: move, in: grid, shownRows: shown)
        let start = Self.offset(of: current.candidates[index].replacementStart, in: current.typedTextBeforeCursor)
            ?? current.wordStart
        let text = Self.singleLine(current.candidates[index].text)
        // From the nearer of the two starts: the text before the new one's start is the line's
        // own, as it was when the menu opened.
        let from = min(start, current.inserted.lowerBound)
        let kept = String(Substring(current.textBeforeCursor.utf8.dropFirst(from).prefix(start - from)))
        let replaced = TextPosition(line: current.line, offset: from)..<TextPosition(line: current.line,
                                                                                     offset: current.inserted.upperBound)
        guard let inserted = replace(replaced, with: kept + text, kind: .other) else { return }
        var moved = current
        moved.selection = index
        moved.inserted = start..<inserted.upperBound.offset
        moved.top = CompletionMenu.top(from: current.top, showing: index, in: grid, shownRows: shown)
        moved.generation = state.generation
        moved.revision = state.revision
        menu = moved
    }

    /// Closes the menu, putting the text before the cursor back as it was typed.
    private mutating func restoreTypedText(_ current: CompletionMenu) {
        menu = nil
        let from = min(current.typedChangeStart, current.inserted.lowerBound)
        let typed = String(Substring(current.typedTextBeforeCursor.utf8.dropFirst(from)))
        let replaced = TextPosition(line: current.line, offset: from)..<TextPosition(line: current.line,
                                                                                     offset: current.inserted.upperBound)
        replace(replaced, with: typed, kind: .other)
    }
}
