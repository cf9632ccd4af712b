/// What the editor asks of the program that runs it after a key: the edit is over, or something
/// outside the text has to happen.
package enum EditorRequest: Hashable, Sendable {
    /// The entry was submitted.
    case submit(String)
    /// Input ended (Ctrl-D on an empty entry).
    case endOfFile
    /// The entry was abandoned (Ctrl-C).
    case interrupt
    /// The process should stop, as on Ctrl-Z in a shell.
    case suspend
    /// The screen should be cleared and the prompt drawn at the top.
    case clearScreen
    /// The screen and the terminal's scrollback should be cleared and the prompt drawn at the top.
    case clearDisplay
    /// The entry should be drawn again in full where it is.
    case redrawEntry
    /// The init file should be read again and applied.
    case readInitFileAgain
    /// The entry's text should be edited in an external editor, and the result given back with
    /// ``Editor/finishExternalEdit(with:)``; the edit goes on.
    case editExternally(String)
    /// The terminal's bell should ring: a numeric argument grew past a million and was dropped.
    case bell
    /// An app command bound in the key map; the edit goes on.
    case custom(String)
}

/// What a completion function is given: the line up to the cursor and the word being completed.
public struct CompletionContext: Hashable, Sendable {
    /// The logical line's text before the cursor.
    public var textBeforeCursor: String
    /// The word just before the cursor (the text after the last whitespace), which candidates replace.
    public var word: String
    /// Whether candidates should match the word without regard to case, as the editor's
    /// `completionIgnoresCase` (or the init file's `completion-ignore-case`) says;
    /// ``matches(_:)`` compares so.
    public var ignoresCase: Bool

    /// Creates a completion context.
    public init(textBeforeCursor: String, word: String, ignoresCase: Bool = false) {
        self.textBeforeCursor = textBeforeCursor
        self.word = word
        self.ignoresCase = ignoresCase
    }

    /// Whether `candidate` begins with the word, compared as ``ignoresCase`` says.
    public func matches(_ candidate: String) -> Bool {
        if ignoresCase { return candidate.lowercased().hasPrefix(word.lowercased()) }
        return Self.asciiPrefixMatch(candidate, word) ?? candidate.hasPrefix(word)
    }

    /// Whether `candidate` begins with `word`, told from their bytes when `word` is ASCII and
    /// the bytes settle it; nil when a character that is not ASCII could (a combining mark after
    /// the word's end, a scalar canonically equal to an ASCII letter), which `hasPrefix` decides.
    /// A completion function filters tens of thousands of candidates at every Tab.
    private static func asciiPrefixMatch(_ candidate: String, _ word: String) -> Bool? {
        var candidate = candidate, word = word
        return word.withUTF8 { prefix in
            candidate.withUTF8 { bytes -> Bool? in
                for index in prefix.indices {
                    guard prefix[index] < 0x80 else { return nil }
                    guard index < bytes.count else { return false }
                    if bytes[index] >= 0x80 { return nil }
                    if bytes[index] != prefix[index] { return false }
                }
                guard prefix.count < bytes.count, let last = prefix.last else { return true }
                let next = bytes[prefix.count]
                return next < 0x80 && !(last == 0x0D && next == 0x0A) ? true : nil
            }
        }
    }

    /// Whether `candidate`'s text begins with the word, compared as ``ignoresCase`` says.
    public func matches(_ candidate: CompletionCandidate) -> Bool {
        matches(candidate.text)
    }
}

/// What a suggestion function is given: the whole text typed so far, and the editor's history,
/// so that the function needs to hold neither the editor nor a copy of its history.
public struct SuggestionContext: Sendable {
    /// The entry's text so far; the cursor is at its end.
    public var text: String
    /// The editor's history as it is now; ``History/suggestion(for:)`` is the editor's own
    /// suggestion, the newest entry that starts with the text.
    public var history: History

    /// Creates a suggestion context.
    public init(text: String, history: History) {
        self.text = text
        self.history = history
    }
}

/// The columns that up and down movement counts in: the terminal width, where text starts on
/// first and following lines and the widths the terminal draws clusters in; and the rows a
/// completion menu has.
package struct TextGeometry: Hashable, Sendable {
    /// The terminal width.
    package var width: Int
    /// The column the first line's text starts at (the prompt's width).
    package var firstLineStart: Int
    /// The column later lines' text starts at (the continuation prompt's width).
    package var otherLinesStart: Int
    /// The terminal height: with the width, it bounds how much of a suggestion can show.
    package var height: Int
    /// The rows the app's chrome keeps at the area's bottom (a toolbar), which a menu leaves.
    package var reservedRows: Int
    /// The widths the terminal draws clusters in.
    package var widths: TerminalWidths

    /// Creates a geometry.
    package init(width: Int, firstLineStart: Int, otherLinesStart: Int, height: Int = 24, reservedRows: Int = 0,
                 widths: TerminalWidths = TerminalWidths()) {
        self.width = max(1, width)
        self.firstLineStart = firstLineStart
        self.otherLinesStart = otherLinesStart
        self.height = max(1, height)
        self.reservedRows = max(0, reservedRows)
        self.widths = widths
    }
}
