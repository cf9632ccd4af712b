import Glibc

extension FileDescriptor {
    /// Opens `/dev/null` on each of standard input, output and error that is closed, the wrong
    /// way round (output for input, input for output), so that reading or writing it fails with
    /// `Errno.badFileDescriptor` as it would have while it was closed.
    ///
    /// A program started with a standard stream closed (`ghostline >&-`) would otherwise hand
    /// descriptor 1 to the next file it opens, the terminal or the history file, and write the
    /// entry there as if it were standard output. Call it first thing in `main`, before any
    /// other descriptor is opened.
    ///
    /// The corresponding C functions are `fcntl`, with `F_GETFD`, and `open`.
    package static func occupyClosedStandardStreams() {
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)] {
            guard controlDescriptor(descriptor, F_GETFD) == -1, errorNumber == EBADF else { continue }
            // The lowest free descriptor is the closed one, since every lower one is open.
            let opened = openFile("/dev/null", flags)
            if opened >= 0 && opened != descriptor { _ = Glibc.close(opened) }
        }
    }
}
