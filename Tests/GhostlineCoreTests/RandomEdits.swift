import GhostlineCore
import GhostlineTestSupport

/// Random edits for tests that check an incremental result against one made from scratch:
/// typing pieces that make clusters grow and merge, deleting, and moving the cursor.
struct RandomEdits {
    private var random: SplitMix64
    private let pieces = ["a", "bc", " ", "中", "e", "\u{301}", "é", "🇫", "🇷", "🇫🇷", "\u{1B}", "xyz", "\n", "👍",
                          "\u{1F3FD}", "👍🏽", "請輸入", "\u{200D}", "👨‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}"]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Applies one random edit or cursor move to `state`.
    mutating func apply(to state: inout EditorState) {
        switch random.next() % 7 {
        case 0, 1, 2:
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            state.replace(state.cursor..<state.cursor, with: piece)
        case 3:
            state.replace(state.position(before: state.cursor)..<state.cursor, with: "")
        case 4:
            state.cursor = state.position(before: state.cursor)
        case 5:
            state.cursor = state.endPosition
        default:
            state.cursor = TextPosition(line: Int(random.next() % UInt64(state.lineCount)), offset: 0)
        }
    }
}
