/// A mark of shell integration (OSC 133) as a ``VirtualScreen`` received it: where the cursor
/// was and what the mark says, so that a test can check which cell each mark stands before.
public struct ShellIntegrationMark: Hashable, Sendable, CustomStringConvertible {
    /// The cursor's row when the mark came, as the screen numbered it then.
    public var row: Int
    /// The cursor's column when the mark came; while a wrap is pending, the last column.
    public var column: Int
    /// What follows `133;`: `A`, `A;k=s`, `B`, `P;k=r`, `C`, `D;0` and their options.
    public var command: String

    /// Creates a mark.
    public init(row: Int, column: Int, command: String) {
        self.row = row
        self.column = column
        self.command = command
    }

    /// The mark as `row,column:command`, for test failures.
    public var description: String { "\(row),\(column):\(command)" }
}
