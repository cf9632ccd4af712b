import Glibc
import Ghostline
import GhostlineTerminal

/// `--print-from FILE`: each line read from a FIFO or a growing file, printed above the prompt
/// through the editor's `LinePrinter` from a thread of its own, as a chat's incoming messages
/// would be.
///
/// A FIFO is opened on that thread, where waiting for a writer holds up nothing (the program
/// ends whether one came or not); when its writer closes it, it is opened again for the next
/// one. A regular file is read from its start and then looked at again every 50 ms for what was
/// added. A line longer than 64 KiB is printed in pieces of that size, so that a writer that
/// never ends a line cannot make the program hold its bytes without bound.
enum MessageFile {
    private static let longestLine = 65_536
    private static let growthCheckInterval = timespec(tv_sec: 0, tv_nsec: 50_000_000)

    /// Starts printing the lines of the file at `path` through `printer`.
    ///
    /// - Throws: The `Errno` of a file that cannot be looked at, or of a thread that cannot be
    ///   started.
    static func startPrinting(linesOf path: String, through printer: LinePrinter) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Errno.current }
        try DetachedThread.start { printLines(of: path, through: printer) }
    }

    /// Reads the file until it cannot be read: a FIFO anew for each writer, a regular file as
    /// it grows, anything else to its end.
    private static func printLines(of path: String, through printer: LinePrinter) {
        var pending: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: longestLine, alignment: 1)
        defer { buffer.deallocate() }
        while let file = try? FileDescriptor.open(path, flags: O_RDONLY) {
            defer { try? file.close() }
            var status = stat()
            guard fstat(file.rawValue, &status) == 0 else { return }
            let kind = status.st_mode & FileTypeBits.mask
            while true {
                guard let count = try? file.read(into: buffer) else { return }
                if count > 0 {
                    pending += buffer[..<count]
                    printWholeLines(of: &pending, through: printer)
                } else if kind == FileTypeBits.regularFile {
                    var interval = growthCheckInterval
                    nanosleep(&interval, nil)
                } else {
                    break
                }
            }
            // The writer is gone: what it left without a line break is a line of its own.
            if !pending.isEmpty { print(pending, through: printer) }
            pending.removeAll()
            guard kind == FileTypeBits.pipe else { return }
        }
    }

    /// Prints and removes from `pending` each line it holds, with its line break, and its
    /// first `longestLine` bytes when that many hold none.
    private static func printWholeLines(of pending: inout [UInt8], through printer: LinePrinter) {
        var start = 0
        while let lineFeed = pending[start...].firstIndex(of: 0x0A) {
            print(pending[start...lineFeed], through: printer)
            start = lineFeed + 1
        }
        while pending.count - start >= longestLine {
            print(pending[start..<start + longestLine], through: printer)
            start += longestLine
        }
        pending.removeSubrange(..<start)
    }

    /// Prints one line's bytes, those that are not UTF-8 as U+FFFD, through the printer's rule
    /// for text.
    private static func print(_ line: some Collection<UInt8>, through printer: LinePrinter) {
        printer.print(String(decoding: line, as: UTF8.self), terminator: "")
    }
}
