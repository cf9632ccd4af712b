/// A place in the editor's text: a logical line and a UTF-8 offset within it.
///
/// The offset is always on a grapheme-cluster (`Character`) boundary, so a position never
/// splits a flag, an emoji family or a letter from its accent. UTF-8 offsets make moving to a
/// position O(1) on Swift's native strings, where counting `Character`s would be O(n).
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index of the logical line, from 0.
    public var line: Int
    /// The UTF-8 offset within the line, on a `Character` boundary.
    public var offset: Int

    /// Creates a position on `line` at UTF-8 `offset`.
    public init(line: Int, offset: Int) {
        self.line = line
        self.offset = offset
    }

    /// The start of the first line.
    public static let start = TextPosition(line: 0, offset: 0)

    /// Orders positions as they appear in the text.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.offset < rhs.offset
    }

    /// The position as `line:offset`, for test failures and debugging.
    public var description: String { "\(line):\(offset)" }
}
