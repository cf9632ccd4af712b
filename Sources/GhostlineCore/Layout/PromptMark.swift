/// A mark of shell integration (OSC 133) at a cell of a frame, which layout places beside the
/// frame (``Layout/promptMarks``): the renderer writes it just before that cell, or after a row's
/// last cell when its column is the row's end, each time it writes the cell. A prompt drawn
/// again is marked again, and every prompt's cells are closed by the input's start, so that what
/// the renderer writes next, wherever it is, is input.
package struct PromptMark: Hashable, Sendable {
    /// What a mark says starts at its cell.
    package enum Kind: Hashable, Sendable {
        /// The entry's prompt: `A`.
        case promptStart
        /// A continuation prompt: `A;k=s`.
        case continuationPromptStart
        /// The right prompt: `P;k=r`.
        case rightPromptStart
        /// What the user types, after each prompt: `B`.
        case inputStart

        /// The bytes the terminal reads.
        var bytes: [UInt8] {
            switch self {
            case .promptStart: ShellIntegrationMarks.promptStart
            case .continuationPromptStart: ShellIntegrationMarks.continuationPromptStart
            case .rightPromptStart: ShellIntegrationMarks.rightPromptStart
            case .inputStart: ShellIntegrationMarks.inputStart
            }
        }
    }

    /// The row of the frame.
    package var row: Int
    /// The column of the cell it stands before.
    package var column: Int
    /// What starts there.
    package var kind: Kind
}

extension Array where Element == PromptMark {
    /// The marks on row `row`, in column order.
    func onRow(_ row: Int) -> ArraySlice<PromptMark> {
        guard let start = firstIndex(where: { $0.row == row }) else { return [] }
        return self[start..<(self[start...].firstIndex { $0.row != row } ?? endIndex)]
    }
}
