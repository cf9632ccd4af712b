extension Editor {
    // MARK: - Up and down

    /// Moves by one screen row, keeping the goal column; past the first or last row, walks
    /// history, or with `leavingEntry` false goes to the text's start or end (readline's
    /// `previous-screen-line` and `next-screen-line` stop there).
    mutating func moveVertically(by direction: Int, leavingEntry: Bool = true) {
        let cursor = state.cursor
        let geometry = self.geometry ?? TextGeometry(width: .max / 4, firstLineStart: 0, otherLinesStart: 0)
        let wrapped = wrappedLine(cursor.line, geometry: geometry)
        let location = wrapped.location(of: cursor.offset, in: state.line(cursor.line), widths: geometry.widths)
        let goal = goalColumn ?? location.column
        goalColumn = goal
        let targetRow = location.row + direction
        if targetRow >= 0 && targetRow < wrapped.rowStarts.count {
            state.cursor = TextPosition(line: cursor.line,
                                        offset: wrapped.offset(onRow: targetRow, nearColumn: goal, in: state.line(cursor.line),
                                                               widths: geometry.widths))
            return
        }
        let targetLine = cursor.line + direction
        guard targetLine >= 0 && targetLine < state.lineCount else {
            if leavingEntry { walkHistory(by: direction) } else { state.cursor = direction < 0 ? .start : state.endPosition }
            return
        }
        let target = wrappedLine(targetLine, geometry: geometry)
        let row = direction < 0 ? target.rowStarts.count - 1 : 0
        state.cursor = TextPosition(line: targetLine, offset: target.offset(onRow: row, nearColumn: goal, in: state.line(targetLine),
                                                                         widths: geometry.widths))
    }

    private func wrappedLine(_ line: Int, geometry: TextGeometry) -> WrappedLine {
        WrappedLine(text: state.line(line), startColumn: line == 0 ? geometry.firstLineStart : geometry.otherLinesStart,
                    width: geometry.width, maskColumns: isSecret ? mask.columns(width: geometry.width, widths: geometry.widths) : nil,
                    widths: geometry.widths)
    }

    // MARK: - History

    /// Steps through history: -1 older, +1 newer; past the newest the draft comes back.
    mutating func walkHistory(by direction: Int) {
        // A secret entry shows no history, and could not be told from an entry recalled.
        guard !isSecret else { return }
        if historyIndex == nil && direction < 0 { willReadHistory?(&history) }
        let count = history.count
        let current = historyIndex ?? count
        let target = current + direction
        guard target >= 0 && target <= count && target != current else { return }
        if target == count && historyIndex != nil && draft == nil {
            // No draft to come back to: a non-incremental search dropped it, as readline's drops
            // the line it saved for history, and readline then keeps the text shown.
            historyIndex = nil
            return
        }
        if historyIndex == nil { draft = state.text }
        historyIndex = target == count ? nil : target
        let text = target == count ? (draft ?? "") : history[target]
        replace(.start..<state.endPosition, with: text, kind: .other)
        // The replacement left the cursor at the text's end, where a one-line entry wants it:
        // setting it again would check it against the text again.
        let cursor = direction < 0 ? TextPosition(line: 0, offset: state.line(0).utf8.count) : state.endPosition
        if state.cursor != cursor { state.cursor = cursor }
        emacs.mark = .start
        if target == count { draft = nil } else { skipSuggestionForRecall() }
    }

    /// Shows no suggestion for an entry just recalled from history, until it is edited, as
    /// zsh-autosuggestions and fish do after a history key: the entry is already what the user
    /// asked for, and no longer entry extends it as a rule, so looking costs a walk through
    /// every entry that shares its first bytes, on every Up.
    private mutating func skipSuggestionForRecall() {
        guard suggestion == nil else { return }
        suggestionMemo = SuggestionMemo(historyIdentity: history.identity, historyVersion: history.version,
                                        end: state.end(ofLine: state.lineCount - 1), textByteCount: 0, match: nil,
                                        isLookedUp: false)
    }

    /// Steps to the previous (-1) or next (+1) entry that starts with the text before the
    /// cursor, leaving the cursor where it is, so that the next step looks for the same prefix:
    /// readline's `history-search-backward` and `-forward`. Past the newest match the draft
    /// comes back; before the oldest nothing changes.
    mutating func searchHistory(byPrefixIn direction: Int) {
        // As for Up and Down: a secret entry shows no history.
        guard !isSecret else { return }
        let cursor = state.cursor
        let prefix = state.text(in: .start..<cursor)
        let target: Int?
        if historyIndex == nil && direction < 0 { willReadHistory?(&history) }
        if direction < 0 {
            target = history.indexOfEntry(startingWith: prefix, before: historyIndex ?? history.count)
            guard target != nil else { return }
        } else {
            guard let current = historyIndex else { return }
            target = history.indexOfEntry(startingWith: prefix, after: current)
        }
        if historyIndex == nil { draft = state.text }
        historyIndex = target
        let text = target.map { history[$0] } ?? (draft ?? "")
        replace(.start..<state.endPosition, with: text, kind: .other)
        // The entry starts with the prefix, so the cursor's place is still just after it; a
        // draft the cursor was moved in since need not, and then the cursor goes to its end.
        state.cursor = text.utf8.starts(with: prefix.utf8) ? cursor : state.endPosition
        if target == nil { draft = nil } else { skipSuggestionForRecall() }
    }

    // MARK: - The app's code

    /// Runs `body`, which calls the app's own code, with ``appCodeIsRunning`` told before and
    /// after. Kept out of line so that the typed key's frame stays small: the editor it passes
    /// is a copy of the whole editor, whose room every caller's stack frame would keep, even
    /// where no app code runs (`make budget` guards the typed key).
    @inline(never)
    func runningAppCode<Result>(_ body: () -> Result) -> Result {
        guard let appCodeIsRunning else { return body() }
        appCodeIsRunning(self)
        defer { appCodeIsRunning(nil) }
        return body()
    }

    // MARK: - Suggestions

    /// The suffix the inline suggestion would add after the cursor, if any.
    package var suggestionSuffix: String? { suggestedSuffix() }

    /// The start of ``suggestionSuffix``: its first `limit` characters at most, so that what is
    /// drawn per key is bounded by the screen, not by the length of a history entry.
    func suggestionSuffix(upTo limit: Int) -> String? {
        guard let suffix = suggestedSuffix() else { return nil }
        // A character is a byte or more: a suffix of no more bytes than the limit is not cut,
        // and its characters are not counted.
        return suffix.utf8.count <= limit ? suffix : String(suffix.prefix(limit))
    }

    /// The bytes the inline suggestion's entry has after the text. From the memo they are read
    /// from the history's storage, without making the whole entry a `String` per key.
    private func suggestedSuffix() -> String? {
        guard showsSuggestions, !isSecret, search == nil, menu == nil, !state.isEmpty, state.cursor == state.endPosition else { return nil }
        if suggestion == nil, let memo = suggestionMemo, memo.describes(state, history) {
            return memo.match.map { history.suffix(ofEntry: $0, after: memo.textByteCount) }
        }
        if suggestion == nil {
            let lastLine = state.lineCount - 1
            let shortestTextLength = lastLine + state.line(lastLine).utf8.count
            guard shortestTextLength < history.longestEntryByteCount else { return nil }
        }
        let text = state.text
        // The app's function may read the editor, which holds this engine: it is asked with the
        // editor told (see ``runningAppCode(_:)``).
        let suggested = if let suggestion {
            runningAppCode { suggestion(SuggestionContext(text: text, history: history)) }
        } else {
            history.suggestion(for: text)
        }
        guard let full = suggested,
              full.utf8.count > text.utf8.count, Self.isExtension(full, of: text) else { return nil }
        return String(Substring(full.utf8.dropFirst(text.utf8.count)))
    }

    /// Brings ``suggestionMemo`` up to date with the text. When the text only grew by ASCII at
    /// its end since the memo was made, the newest entry it extends can only be the memo's match
    /// or an older one (a newer entry that matched the longer text would have matched the shorter
    /// one), so the search goes on from there: typing costs what it skips, not all of history.
    mutating func updateSuggestionMemo() {
        // Without history (or with only empty entries) nothing can be suggested from it.
        guard suggestion == nil, showsSuggestions, !isSecret, history.longestEntryByteCount > 0, !state.isEmpty else {
            suggestionMemo = nil
            return
        }
        if let memo = suggestionMemo, memo.describes(state, history) { return }
        let end = state.end(ofLine: state.lineCount - 1)
        var searchEnd = history.entries.count
        var textByteCount: Int?
        if let memo = suggestionMemo, memo.isLookedUp, memo.isOf(history),
           case .appended(let line, let offset) = state.damage(since: memo.end), line == end.line {
            var lineText = state.line(line)
            // How many ASCII bytes were added, and whether the match goes on with them, read from
            // the line's and the entry's bytes in place.
            let grown: (count: Int, isFollowed: Bool)? = lineText.withUTF8 { bytes in
                guard let added = Self.asciiAdded(to: bytes, from: offset) else { return nil }
                return (added.count, memo.match.map { history.entry($0, continues: memo.textByteCount, with: added) } ?? false)
            }
            if let grown {
                textByteCount = memo.textByteCount + grown.count
                // The match still extends the text: no newer entry can (it would have extended the
                // shorter text too), so it is still the newest, found without reading the text.
                if grown.isFollowed {
                    suggestionMemo = SuggestionMemo(historyIdentity: history.identity, historyVersion: history.version,
                                                    end: end, textByteCount: memo.textByteCount + grown.count, match: memo.match)
                    return
                }
                searchEnd = memo.match.map { $0 + 1 } ?? 0
            }
        }
        var match: Int?
        let count: Int
        // The text is at least its last line and a byte per line break: when that is already as
        // long as the longest entry, nothing can extend it, and a long buffer is not joined.
        let shortestTextLength = end.line + end.byteCount
        if let textByteCount, searchEnd == 0 || textByteCount >= history.longestEntryByteCount {
            count = textByteCount
        } else if textByteCount == nil && shortestTextLength >= history.longestEntryByteCount {
            suggestionMemo = nil
            return
        } else {
            let text = state.text
            count = text.utf8.count
            if count < history.longestEntryByteCount { match = history.indexOfSuggestion(for: text, before: searchEnd) }
        }
        suggestionMemo = SuggestionMemo(historyIdentity: history.identity, historyVersion: history.version,
                                        end: end, textByteCount: count, match: match)
    }

    /// The bytes of `line` from `offset` on, when they are ASCII after an ASCII byte (or at the
    /// line's start), so that no `Character` before them changed shape; nil otherwise.
    static func asciiAdded(to line: UnsafeBufferPointer<UInt8>, from offset: Int) -> UnsafeBufferPointer<UInt8>? {
        if offset > 0 && line[offset - 1] >= 0x80 { return nil }
        let added = UnsafeBufferPointer(rebasing: line[offset...])
        return added.allSatisfy { $0 < 0x80 } ? added : nil
    }

    /// True when `full` starts with exactly the bytes of `text`, at a `Character` boundary.
    /// `hasPrefix` alone compares canonically, so a typed precomposed "é" would match an entry's
    /// decomposed one, and cutting the entry at the typed text's byte count would split a scalar.
    static func isExtension(_ full: String, of text: String) -> Bool {
        full.utf8.starts(with: text.utf8) && full.hasPrefix(text)
    }

    /// Inserts the suggestion (or its next word); false when there is none to accept. On an
    /// empty entry with a default value, inserts the default.
    mutating func acceptSuggestion(wordOnly: Bool = false) -> Bool {
        let cursor = state.cursor
        if state.isEmpty, let defaultText, !defaultText.isEmpty {
            replace(cursor..<cursor, with: defaultText, kind: .other)
            return true
        }
        guard let suffix = suggestionSuffix else { return false }
        var accepted = suffix
        if wordOnly {
            let suffixState = EditorState(text: suffix)
            let end = suffixState.wordEnd(after: .start, kind: .alphanumeric)
            accepted = suffixState.text(in: .start..<end)
        }
        replace(cursor..<cursor, with: accepted, kind: .other)
        return true
    }

    // MARK: - Presentation

    /// What to draw for the current state, with the given prompts and placeholder, and the app's
    /// chrome (a right prompt, a toolbar) after the editor's own regions: the completion listing
    /// and the validator's message, drawn in `messageStyle`.
    package func presentation(prompt: StyledText, continuationPrompt: StyledText, placeholder: StyledText?,
                              chrome: Chrome = Chrome(), messageStyle: Style = .plain) -> Presentation {
        if nonIncrementalSearch != nil {
            return nonIncrementalSearchPresentation(prompt: prompt, continuationPrompt: continuationPrompt, chrome: chrome)
        }
        var shownPrompt = prompt
        if let searchPrompt { shownPrompt = StyledText(searchPrompt, style: prompt.style) }
        else if let argumentPrompt { shownPrompt = StyledText(argumentPrompt, style: prompt.style) }
        var ghost = placeholder
        if let defaultText, !defaultText.isEmpty {
            var style = placeholder?.style ?? .placeholder
            style.isUnderlined = true
            ghost = StyledText(defaultText, style: style)
        }
        let suggestionStyle = placeholder?.style ?? .placeholder
        // No more of the suggestion than the screen can hold (a character takes a cell or more):
        // a history entry of megabytes costs a key no more than a short one.
        let screenCells = (geometry?.width ?? 80) * (geometry?.height ?? 24)
        let suggestion = suggestionSuffix(upTo: screenCells).map { StyledText($0, style: suggestionStyle) }
        return Presentation(state: state, prompt: shownPrompt, continuationPrompt: continuationPrompt,
                            placeholder: ghost, suggestion: suggestion,
                            chrome: completionListing.isEmpty && validationMessage == nil && menu == nil
                                ? chrome : chrome.following(regions(messageStyle: messageStyle)),
                            highlights: isSecret ? nil : viSelectionHighlights(over: hasHighlighter ? highlighter.map { highlights(with: $0) } : nil),
                            mask: isSecret ? mask : nil)
    }

    /// The editor's own regions below the entry: the completion menu or listing, then the
    /// validator's message.
    func regions(messageStyle: Style) -> [Region] {
        var regions: [Region] = []
        if let menu = openMenu {
            regions.append(Region(.belowEntry, rows: menu.regionRows(limit: completionOptions.menuRows,
                                                                     geometry: menuGeometry, style: .plain)))
        }
        if !completionListing.isEmpty {
            let rows = Self.columns(completionListing, width: geometry?.width ?? 80).map { RegionRow([$0]) }
            regions.append(Region(.belowEntry, rows: rows))
        }
        if let validationMessage { regions.append(Region(.belowEntry, text: validationMessage, style: messageStyle)) }
        return regions
    }
}
