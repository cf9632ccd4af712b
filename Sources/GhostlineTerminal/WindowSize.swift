import Glibc

/// The size of a terminal window, in character cells.
public struct WindowSize: Equatable, Sendable {
    /// The number of columns, always at least 1 when read from a terminal.
    public var columns: Int

    /// The number of rows; a terminal that does not know reports `0`.
    public var rows: Int

    /// Creates a window size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// The size of the terminal behind the descriptor, or `nil` when it cannot be told.
///
/// `nil` covers descriptors that are not terminals and terminals that report zero columns (a
/// serial line, a freshly created pseudo-terminal), so the caller has one case to fall back
/// from, to `COLUMNS` or 80.
///
/// The corresponding C function is `ioctl`, with `TIOCGWINSZ`.
public func windowSize(of descriptor: FileDescriptor) -> WindowSize? {
    var size = winsize()
    guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
        return nil
    }
    return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
}
