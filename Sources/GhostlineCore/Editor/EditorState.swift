/// The text being edited and the cursor in it: a value, changed only through ``replace(_:with:)``
/// and cursor assignments, queried by pure functions.
///
/// Text is kept as an array of logical lines (split at `\n` bytes). Each line carries an identity
/// that survives edits to it, so layout can cache per line and re-lay only what changed.
package struct EditorState: Sendable {
    struct Line: Sendable {
        var text: String
        let identity: UInt64
        /// The revision of the newest edit to the line, so that a line untouched since a
        /// revision is known without reading the edit log.
        var revision: UInt64

        /// The line's length in UTF-8 bytes.
        var byteCount: Int { text.utf8.count }

        /// The UTF-8 byte at `offset`, which must be inside the line.
        func byte(at offset: Int) -> UInt8 {
            text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: offset)]
        }
    }

    /// Where one edit began: the line (by identity) and the first UTF-8 offset it changed.
    struct LineEdit: Sendable {
        var identity: UInt64
        var offset: Int
        var revision: UInt64
        /// True when the edit stayed within its line: no line was split, joined or replaced.
        var isWithinLine: Bool
    }

    private(set) var storage: [Line]
    private var nextIdentity: UInt64
    /// Tells states apart that were created separately, since their line identities repeat.
    let generation = UInt64.random(in: 0...UInt64.max)
    /// Counts edits: every ``replace(_:with:)`` adds one.
    private(set) var revision: UInt64 = 0
    /// The newest edits, oldest first, so that layout learns where a line changed without
    /// keeping a copy of it (a copy would make the next edit copy the whole line).
    private(set) var recentEdits: [LineEdit] = []
    /// The fewest recent edits the log holds (it holds up to twice as many).
    static let editMemory = 256

    /// Where the cursor is; always on a `Character` boundary of an existing line.
    package var cursor: TextPosition {
        get { boundedCursor }
        set {
            boundedCursor = characterBoundary(atOrAfter: clamped(newValue))
        }
    }
    /// The cursor as stored: set directly only where it is known to be on a boundary.
    private var boundedCursor: TextPosition

    /// Creates a state holding `text`, with the cursor at its end.
    package init(text: String = "") {
        storage = []
        nextIdentity = 0
        boundedCursor = .start
        storage = Self.splitLines(text).map { makeLine($0) }
        // Room for the first edits, made with the state, so that the first key does not allocate
        // the log (`make budget` counts the first key).
        recentEdits.reserveCapacity(16)
        // Typing starts at the end of the last line. Its text still shares storage with the
        // caller's string; copied now, with room to grow, the first key does not copy the line.
        let last = storage.count - 1
        let count = storage[last].byteCount
        if count > 15 { storage[last].text.reserveCapacity(count + count / 4 + 64) }
        cursor = endPosition
    }

    // MARK: - Queries

    /// The whole text, lines joined by `\n`.
    package var text: String {
        if storage.count == 1 { return storage[0].text }
        var result = ""
        result.reserveCapacity(storage.reduce(storage.count) { $0 + $1.byteCount })
        for (index, line) in storage.enumerated() {
            if index > 0 { result.append("\n") }
            result.append(line.text)
        }
        return result
    }

    /// True when there is no text at all.
    package var isEmpty: Bool { storage.count == 1 && storage[0].byteCount == 0 }

    /// The number of logical lines (at least 1).
    package var lineCount: Int { storage.count }

    /// The text of logical line `index`, without its `\n`.
    package func line(_ index: Int) -> String { storage[index].text }

    /// The length of logical line `index` in UTF-8 bytes.
    func byteCount(ofLine index: Int) -> Int { storage[index].byteCount }

    /// The identity of logical line `index`; it stays the same while the line is edited.
    func identity(ofLine index: Int) -> UInt64 { storage[index].identity }

    /// The end of the text.
    package var endPosition: TextPosition {
        TextPosition(line: storage.count - 1, offset: storage[storage.count - 1].byteCount)
    }

    /// The text between two positions.
    package func text(in range: Range<TextPosition>) -> String {
        let lower = range.lowerBound, upper = range.upperBound
        if lower.line == upper.line {
            return String(slice(of: lower.line, from: lower.offset, to: upper.offset))
        }
        var result = String(slice(of: lower.line, from: lower.offset, to: nil))
        for index in (lower.line + 1)..<upper.line {
            result.append("\n")
            result.append(storage[index].text)
        }
        result.append("\n")
        result.append(contentsOf: slice(of: upper.line, from: 0, to: upper.offset))
        return result
    }

    /// Whether the `Character` before `position` is whitespace, a line break included.
    func isWhitespace(before position: TextPosition) -> Bool {
        guard position.offset > 0 else { return position.line > 0 }
        let line = storage[position.line]
        let byte = line.byte(at: position.offset - 1)
        let neighbour = position.offset < 2 ? 0 : line.byte(at: position.offset - 2)
        // Between two ASCII bytes characters always break, so the byte is the whole character.
        if byte < 0x80 && neighbour < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) }
        return character(before: position)?.isWhitespace ?? false
    }

    /// The `Character` just before `position` on its line, if any.
    package func character(before position: TextPosition) -> Character? {
        guard position.offset > 0 else { return nil }
        let text = storage[position.line].text
        return text[text.index(before: Self.index(in: text, at: position.offset))]
    }

    /// The `Character` at `position` on its line, if any.
    package func character(at position: TextPosition) -> Character? {
        let text = storage[position.line].text
        guard position.offset < text.utf8.count else { return nil }
        return text[Self.index(in: text, at: position.offset)]
    }

    /// The position one `Character` before `position`, crossing to the previous line's end.
    package func position(before position: TextPosition) -> TextPosition {
        if position.offset == 0 {
            guard position.line > 0 else { return position }
            return TextPosition(line: position.line - 1, offset: storage[position.line - 1].byteCount)
        }
        let text = storage[position.line].text
        let index = text.index(before: Self.index(in: text, at: position.offset))
        return TextPosition(line: position.line, offset: text.utf8.distance(from: text.startIndex, to: index))
    }

    /// The position one `Character` after `position`, crossing to the next line's start.
    package func position(after position: TextPosition) -> TextPosition {
        let text = storage[position.line].text
        if position.offset >= text.utf8.count {
            guard position.line + 1 < storage.count else { return position }
            return TextPosition(line: position.line + 1, offset: 0)
        }
        let index = text.index(after: Self.index(in: text, at: position.offset))
        return TextPosition(line: position.line, offset: text.utf8.distance(from: text.startIndex, to: index))
    }

    // MARK: - The one primitive edit

    /// Replaces the text in `range` with `replacement` and returns the range the replacement now
    /// occupies. The cursor is left where it was if before the range, and shifted if after it;
    /// callers set it explicitly when they want it elsewhere.
    @discardableResult
    package mutating func replace(_ range: Range<TextPosition>, with replacement: String) -> Range<TextPosition> {
        let insertion = range.lowerBound
        let breaksLine = Self.hasLineBreak(replacement)
        if !breaksLine, insertion == range.upperBound, insertion.line >= 0, insertion.line < storage.count,
           insertion.offset == storage[insertion.line].byteCount {
            return append(replacement, toLine: insertion.line)
        }
        let lower = clamped(range.lowerBound), upper = clamped(range.upperBound)
        let isWithinLine = lower.line == upper.line && !breaksLine
        logEdit(ofLine: lower.line, at: lower.offset, isWithinLine: isWithinLine)
        let end: TextPosition
        if isWithinLine && lower.offset == 0 && upper.offset == storage[lower.line].byteCount {
            // The whole line, as a history entry put in: the replacement is the line, which the
            // general replacement below would build byte by byte.
            storage[lower.line].text = replacement
            storage[lower.line].revision = revision
            end = TextPosition(line: lower.line, offset: replacement.utf8.count)
        } else if isWithinLine {
            // Typing and deleting within a line edit that line's string in place: no other
            // reference to it may be alive here, or the edit would copy the whole line.
            let start = Self.index(in: storage[lower.line].text, at: lower.offset)
            let stop = Self.index(in: storage[lower.line].text, at: upper.offset)
            storage[lower.line].text.replaceSubrange(start..<stop, with: replacement)
            storage[lower.line].revision = revision
            end = TextPosition(line: lower.line, offset: lower.offset + replacement.utf8.count)
        } else {
            var texts = Self.splitLines(replacement)
            texts[0] = String(slice(of: lower.line, from: 0, to: lower.offset)) + texts[0]
            let last = texts.count - 1
            end = TextPosition(line: lower.line + last, offset: texts[last].utf8.count)
            texts[last].append(contentsOf: slice(of: upper.line, from: upper.offset, to: nil))
            var replacementLines = [Line(text: texts[0], identity: storage[lower.line].identity, revision: revision)]
            replacementLines.reserveCapacity(texts.count)
            for text in texts.dropFirst() { replacementLines.append(makeLine(text)) }
            // Room to spare when lines are added: a paste of many lines would otherwise leave the
            // array full, and the next line break would copy every line.
            let newCount = storage.count - (upper.line - lower.line + 1) + replacementLines.count
            if newCount > storage.capacity { storage.reserveCapacity(2 * newCount) }
            storage.replaceSubrange(lower.line...upper.line, with: replacementLines)
        }
        if cursor >= upper {
            if cursor.line == upper.line {
                cursor = TextPosition(line: end.line, offset: end.offset + cursor.offset - upper.offset)
            } else {
                cursor = TextPosition(line: cursor.line + end.line - upper.line, offset: cursor.offset)
            }
        } else if cursor >= lower {
            // Set again even where it was: text after it may have joined the character before it
            // (a line that starts with a combining mark, joined to the line before), and the
            // setter moves a cursor inside a character to that character's end.
            cursor = lower
        }
        return lower..<end
    }

    /// Text without a line break added at the end of a line: typing, the commonest edit of all,
    /// with nothing to clamp, find or split. A cursor at that end moves with the text; anywhere
    /// else it stays.
    private mutating func append(_ text: String, toLine line: Int) -> Range<TextPosition> {
        let start = storage[line].byteCount
        logEdit(ofLine: line, at: start, isWithinLine: true)
        // In place, as every edit within a line: the string is not shared, so it grows without a copy.
        storage[line].text.append(text)
        return finishAppending(toLine: line, from: start, count: text.utf8.count)
    }

    /// How adding `count` bytes at `offset`, the end of `line`, ends: the line marked with the
    /// edit's revision, a cursor at that end moved with the text (a line's end is a boundary, so
    /// it is stored as it is), the range the bytes now occupy returned.
    private mutating func finishAppending(toLine line: Int, from offset: Int, count: Int) -> Range<TextPosition> {
        storage[line].revision = revision
        let start = TextPosition(line: line, offset: offset), end = TextPosition(line: line, offset: offset + count)
        if boundedCursor == start { boundedCursor = end }
        return start..<end
    }

    /// Counts an edit and records where it began in the log.
    private mutating func logEdit(ofLine line: Int, at offset: Int, isWithinLine: Bool) {
        revision += 1
        recentEdits.append(LineEdit(identity: storage[line].identity, offset: offset, revision: revision,
                                    isWithinLine: isWithinLine))
        // Trimmed in batches: dropping the oldest on every edit would move the whole log each time.
        if recentEdits.count >= 2 * Self.editMemory { recentEdits.removeFirst(recentEdits.count - Self.editMemory) }
    }

    /// True when line `index` has not been edited after `seenRevision`.
    func isUnchanged(line index: Int, since seenRevision: UInt64) -> Bool {
        storage[index].revision <= seenRevision
    }

    /// The first offset of the line with `identity` that changed after `seenRevision`:
    /// `.some(nil)` when none did, nil when the edits are too old to tell.
    func firstChangedOffset(ofLine identity: UInt64, since seenRevision: UInt64) -> Int?? {
        if seenRevision == revision { return .some(nil) }
        guard seenRevision < revision, let oldest = recentEdits.first, oldest.revision <= seenRevision + 1 else { return nil }
        var first: Int?
        for edit in recentEdits.reversed() {
            if edit.revision <= seenRevision { break }
            if edit.identity == identity { first = min(first ?? edit.offset, edit.offset) }
        }
        return .some(first)
    }

    /// Where a line ended at one revision of a state: a mark to learn later, with
    /// ``damage(since:)``, what changed since.
    struct LineEnd: Sendable {
        let generation: UInt64
        let revision: UInt64
        let line: Int
        let identity: UInt64
        let byteCount: Int
        /// True when the line was the text's last.
        let isLastLine: Bool
        /// The identity the next new line was to get: lines made since have this one or higher.
        let firstNewIdentity: UInt64
    }

    /// Where line `index` ends now.
    func end(ofLine index: Int) -> LineEnd {
        LineEnd(generation: generation, revision: revision, line: index, identity: storage[index].identity,
                byteCount: storage[index].byteCount, isLastLine: index == storage.count - 1,
                firstNewIdentity: nextIdentity)
    }

    /// What changed in the text since a mark was taken at the end of a line.
    enum Damage: Equatable, Sendable {
        /// No edit since.
        case nothing
        /// Every edit since was at or after `offset` of `line`, where the mark was: the text
        /// before it is as it was, and what follows it is new. The edits stayed within the line,
        /// unless it was the text's last: then the lines after it are new too. Whether the new
        /// text joins the character before `offset` is not told.
        case appended(line: Int, from: Int)
        /// Anything else, or edits too old for the log to tell.
        case other
    }

    /// What changed since `mark` was taken, read from the edit log.
    func damage(since mark: LineEnd) -> Damage {
        guard mark.generation == generation, mark.line < storage.count, storage[mark.line].identity == mark.identity
        else { return .other }
        if mark.revision == revision { return .nothing }
        guard mark.revision < revision, let oldest = recentEdits.first, oldest.revision <= mark.revision + 1 else {
            return .other
        }
        for edit in recentEdits.reversed() {
            if edit.revision <= mark.revision { break }
            // An edit is logged on the line it starts in: one that reached before the mark is
            // logged on the mark's line before it, or on a line above.
            let isAfterMark = edit.identity == mark.identity
                ? edit.offset >= mark.byteCount && (edit.isWithinLine || mark.isLastLine)
                : mark.isLastLine && edit.identity >= mark.firstNewIdentity
            guard isAfterMark else { return .other }
        }
        guard storage[mark.line].byteCount >= mark.byteCount else { return .other }
        return .appended(line: mark.line, from: mark.byteCount)
    }

    // MARK: - Helpers

    private mutating func makeLine(_ text: String) -> Line {
        defer { nextIdentity += 1 }
        return Line(text: text, identity: nextIdentity, revision: revision)
    }

    /// Splits at `\n` bytes, not at `Character`s: `"\r\n"` is one `Character` in Swift, and a
    /// pasted CRLF must still end a line rather than hide inside one.
    static func splitLines(_ text: String) -> [String] {
        // One line, as every entry starts: the text itself, without a substring made and copied.
        guard hasLineBreak(text) else { return [text] }
        var lines: [String] = []
        var utf8 = text.utf8
        if utf8.withContiguousStorageIfAvailable({ _ in true }) == nil {
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
        }
        var start = utf8.startIndex
        var index = start
        while let newline = utf8[index...].firstIndex(of: 0x0A) {
            lines.append(String(Substring(utf8[start..<newline])))
            index = utf8.index(after: newline)
            start = index
        }
        lines.append(String(Substring(utf8[start...])))
        return lines
    }

    /// Whether `text` holds a `\n` byte, searched in its bytes in place: a typed key is a small
    /// string, which the generic search would walk through its view index by index.
    static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(0x0A) } ?? text.utf8.contains(0x0A)
    }

    static func index(in text: String, at offset: Int) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    private func slice(of line: Int, from start: Int, to end: Int?) -> Substring {
        let text = storage[line].text
        let lower = Self.index(in: text, at: start)
        let upper = end.map { Self.index(in: text, at: $0) } ?? text.endIndex
        return text[lower..<upper]
    }

    /// `position`, or the end of the `Character` it falls inside. An edit can merge clusters
    /// around the cursor (a letter deleted between two regional indicators, a letter typed before
    /// a combining mark), and stepping back from inside a cluster would trap in `String`.
    private func characterBoundary(atOrAfter position: TextPosition) -> TextPosition {
        // A line's ends are always boundaries; the cursor is at the end after most keys.
        if position.offset == 0 || position.offset == storage[position.line].byteCount { return position }
        let text = storage[position.line].text
        let index = Self.index(in: text, at: position.offset)
        guard index.samePosition(in: text) == nil else { return position }
        return TextPosition(line: position.line, offset: text.utf8.distance(from: text.startIndex, to: text.index(after: index)))
    }

    private func clamped(_ position: TextPosition) -> TextPosition {
        let line = min(max(position.line, 0), storage.count - 1)
        let offset = min(max(position.offset, 0), storage[line].byteCount)
        return TextPosition(line: line, offset: offset)
    }
}

extension EditorState {
    /// Calls `body` with each line's text, in place (see `Editor.forEachStoredText`).
    mutating func forEachLineText(_ body: (inout String) -> Void) {
        for index in storage.indices { body(&storage[index].text) }
    }
}
