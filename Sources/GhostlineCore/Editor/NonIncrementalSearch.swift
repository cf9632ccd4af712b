/// readline's non-incremental history search, while its pattern is typed: vi's `/` and `?`
/// (`vi-search`) and emacs mode's Alt-P and Alt-N (`non-incremental-reverse-search-history`,
/// `non-incremental-forward-search-history`). The pattern is typed on a line of its own, shown
/// after the prompt and `/`, `?` or `:`, and searched for when Enter is pressed. A modal state:
/// while it is open it sees the keys first, as the completion menu and Ctrl-R do.
///
/// It only reads the pattern; the editor runs the search (`Editor+NonIncrementalSearch.swift`)
/// with ``match(_:in:from:direction:)``, which asks the history's own searches.
struct NonIncrementalSearch {
    /// The character shown after the prompt: `/` or `?` in vi mode, `:` in emacs mode.
    let promptCharacter: Character
    /// -1 toward older entries, +1 toward newer ones.
    let direction: Int
    /// The pattern line: its own text, the cursor always at its end, as readline edits it.
    private(set) var line = EditorState()
    /// The text to put back when the search is cancelled or finds nothing: the entry being
    /// edited, as readline saves it for history.
    let savedText: String
    /// Where the cursor was, to put back when the search is cancelled.
    let savedCursor: TextPosition
    /// The history position the search starts next to: the entry shown, or the history's count
    /// for the entry being edited.
    let start: Int
    /// Whether the next kill joins the newest kill-ring entry: it does when the search started
    /// right after a kill, and after a kill on the pattern line, as readline's kills run
    /// within the one command that the search is.
    var joinsKills = false
    /// Whether a kill on the pattern line took text: the search then ends as a kill, which the
    /// next kill joins, as readline's command that a kill ran inside of does.
    var hasKilled = false
    /// Whether the line reads a command's name (readline's `execute-named-command`, which reads
    /// it on the same kind of line) rather than a pattern, and the numeric argument the command
    /// gets.
    var readsCommandName = false
    var commandArgument: NumericArgument?

    init(promptCharacter: Character, direction: Int, savedText: String, savedCursor: TextPosition, start: Int) {
        self.promptCharacter = promptCharacter
        self.direction = direction
        self.savedText = savedText
        self.savedCursor = savedCursor
        self.start = start
    }

    /// The pattern typed so far.
    var pattern: String { line.text }

    /// What a key did on the pattern line.
    enum Outcome: Equatable {
        /// The pattern changed, or the key was taken and did nothing.
        case edited
        /// Ctrl-W or Ctrl-U took this text off the pattern's end: a kill, as in readline, for
        /// the kill ring.
        case killed(String)
        /// Enter: search for the pattern.
        case search
        /// The search is over without searching: Backspace on an empty pattern, Ctrl-G and
        /// Ctrl-C (those two with the bell, as readline rings it), Escape.
        case cancelled(bell: Bool)
    }

    /// Reads one key as readline's search line does: typed text goes in, Backspace and Ctrl-H
    /// take the last character back (on an empty pattern they cancel), Ctrl-W kills the word
    /// before the cursor, Ctrl-U everything; a control key with no part in it is typed as its control
    /// character, as readline inserts it. Escape cancels, as it does Ctrl-R's search and vim's
    /// `/`, where readline 8.2 types it into the pattern (Docs/KeyBindings.md).
    mutating func read(_ event: KeyEvent) -> Outcome {
        switch event {
        case .text(let text), .paste(let text):
            insert(Editor.singleLine(text))
        case .key(.enter, []), .key(.character("m"), .control), .key(.character("j"), .control):
            return .search
        case .key(.backspace, []), .key(.character("h"), .control):
            guard !line.isEmpty else { return .cancelled(bell: false) }
            erase(from: line.position(before: line.endPosition))
        case .key(.character("w"), .control):
            return .killed(erase(from: line.wordStart(before: line.endPosition, kind: .nonWhitespace)))
        case .key(.character("u"), .control):
            return .killed(erase(from: .start))
        case .key(.character("g"), .control), .key(.character("c"), .control):
            return .cancelled(bell: true)
        case .key(.escape, []):
            return .cancelled(bell: false)
        case .key(.tab, []):
            insert("\t")
        case .key(.character(let character), .control):
            if let control = Self.controlCharacter(character) { insert(String(control)) }
        default:
            break
        }
        return .edited
    }

    private mutating func insert(_ text: String) {
        guard !text.isEmpty else { return }
        _ = line.replace(line.endPosition..<line.endPosition, with: text)
    }

    /// Takes the pattern from `start` on away, and returns it.
    @discardableResult
    private mutating func erase(from start: TextPosition) -> String {
        guard start < line.endPosition else { return "" }
        let erased = line.text(in: start..<line.endPosition)
        _ = line.replace(start..<line.endPosition, with: "")
        return erased
    }

    /// The control character a letter or one of `@[\]^_` makes with Ctrl.
    private static func controlCharacter(_ character: Character) -> Character? {
        guard let value = character.asciiValue, (0x40...0x7E).contains(value) else { return nil }
        return Character(Unicode.Scalar(value & 0x1F))
    }

    /// The entry the search finds for `pattern`: the nearest one at `position` or past it in
    /// `direction`, holding the pattern, or starting with what follows a leading `^`, as
    /// readline's `noninc_search_from_pos` looks. nil when there is none, or `position` is
    /// outside the history.
    static func match(_ pattern: String, in history: History, from position: Int, direction: Int) -> Int? {
        guard position >= 0 && position <= history.count else { return nil }
        if pattern.utf8.first == UInt8(ascii: "^") {
            let prefix = String(decoding: pattern.utf8.dropFirst(), as: UTF8.self)
            // An empty prefix finds nothing in readline's prefix search.
            guard !prefix.isEmpty else { return nil }
            return direction < 0 ? history.indexOfEntry(startingWith: prefix, before: position + 1)
                : history.indexOfEntry(startingWith: prefix, after: position - 1)
        }
        return direction < 0 ? history.indexOfMatch(for: pattern, before: position + 1)
            : history.indexOfMatch(for: pattern, after: position - 1)
    }
}

/// The pattern of the last non-incremental search and the history position it last stood at,
/// which an empty pattern, vi's `n` and `N` and the `-again` commands search from. readline
/// keeps them from entry to entry, and so does the editor.
struct LastNonIncrementalSearch {
    var pattern: String
    var position: Int
}
