/// How a secret entry is shown: every grapheme cluster as one mask character, or nothing at all.
///
/// Applied where layout makes the text's cells, so nothing else ever sees the characters: the
/// terminal gets the mask, in the mask's width, and the cursor moves over masks.
public struct TextMask: Hashable, Sendable {
    /// What each grapheme cluster is shown as; nil shows nothing, and the cursor stays after
    /// the prompt.
    public var character: Character?

    /// Creates a mask that shows `character` for each grapheme cluster, or nothing when nil.
    public init(_ character: Character?) {
        self.character = character
    }

    /// A bullet, `•`, for each grapheme cluster: for a UTF-8 terminal.
    public static let bullet = TextMask("•")
    /// An asterisk, `*`, for each grapheme cluster: for a terminal that is not UTF-8.
    public static let asterisk = TextMask("*")
    /// Nothing at all, as `sudo` and `passwd` show a password.
    public static let nothing = TextMask(nil)

    /// The columns one masked cluster takes on a terminal `width` columns wide that draws
    /// clusters in `widths`.
    func columns(width: Int, widths: TerminalWidths) -> Int {
        character.map { ClusterScanner.displayColumns(of: $0, width: width, widths: widths) } ?? 0
    }
}
