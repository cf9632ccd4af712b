/// One completion a completion function offers: the text it puts in the line, and how the menu
/// shows it.
///
/// A string literal makes a candidate that replaces the word before the cursor and is shown as
/// itself: `["commit", "checkout"]` is a list of candidates.
public struct CompletionCandidate: Hashable, Sendable, ExpressibleByStringLiteral {
    /// What the candidate puts in the line in place of the text it replaces.
    public var text: String
    /// What the menu shows for it; nil shows ``text``.
    public var display: String?
    /// A short explanation, shown beside it in the menu in a column of its own; nil for none.
    public var description: String?
    /// Where the text the candidate replaces starts, in the context's `textBeforeCursor`: it
    /// replaces from there to the cursor. Nil replaces the context's `word`; an index that is
    /// not one of `textBeforeCursor`'s character boundaries is taken as nil.
    public var replacementStart: String.Index?

    /// Creates a candidate putting `text` in the line in place of the text from
    /// `replacementStart` (the word, when nil) to the cursor, shown in the menu as `display`
    /// (`text` when nil) with `description` beside it.
    public init(_ text: String, display: String? = nil, description: String? = nil,
                replacementStart: String.Index? = nil) {
        self.text = text
        self.display = display
        self.description = description
        self.replacementStart = replacementStart
    }

    /// Creates a candidate that replaces the word with `value` and is shown as it.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// What the menu shows: ``display``, or ``text`` without one.
    var shownText: String { display ?? text }
}
