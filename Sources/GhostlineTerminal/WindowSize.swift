import Glibc

/// The size of a terminal window, in character cells.
///
/// Both dimensions are clamped to at most ``largestDimension``, whatever reported them: a size
/// comes from the kernel or from the `LINES` and `COLUMNS` environment variables, and neither may
/// make the editor allocate without bound or overflow an addition.
package struct WindowSize: Equatable, Sendable {
    /// The most rows or columns a size has: 10 000, more than any screen shows (a 4K screen in a
    /// 4-pixel font is under 1 000 columns), far below what could exhaust memory or overflow.
    package static let largestDimension = 10_000

    /// The number of columns, from 1 to ``largestDimension``.
    package var columns: Int

    /// The number of rows, up to ``largestDimension``; a terminal that does not know reports `0`.
    package var rows: Int

    /// Creates a window size, clamping `columns` to 1…``largestDimension`` and `rows` to
    /// 0…``largestDimension``.
    package init(columns: Int, rows: Int) {
        self.columns = min(max(columns, 1), Self.largestDimension)
        self.rows = min(max(rows, 0), Self.largestDimension)
    }

    /// Whether two sizes have the same columns and rows. Written out and inlinable: the
    /// synthesized one is called from other modules through the conformance, whose witness
    /// table the runtime builds at a session's first key.
    @inlinable
    package static func == (lhs: WindowSize, rhs: WindowSize) -> Bool {
        lhs.columns == rhs.columns && lhs.rows == rhs.rows
    }
}

/// The size of the terminal behind the descriptor, or `nil` when it cannot be told.
///
/// `nil` covers descriptors that are not terminals and terminals that report zero columns (a
/// serial line, a freshly created pseudo-terminal), so the caller has one case to fall back
/// from, to `COLUMNS` or 80. A size larger than ``WindowSize/largestDimension`` is clamped.
///
/// The corresponding C function is `ioctl`, with `TIOCGWINSZ`.
package func windowSize(of descriptor: FileDescriptor) -> WindowSize? {
    var size = winsize()
    guard controlDevice(descriptor.rawValue, Int32(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
        return nil
    }
    return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
}
