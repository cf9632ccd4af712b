import Glibc

/// A snapshot of a terminal's attributes: its input, output, control and local modes, its
/// control characters and its speeds.
///
/// Attributes are saved once, patched with pure functions such as `makingRaw()`, and the saved
/// value is applied again to restore the terminal. Restoring never sets flags back one by one:
/// flags the editor never touched would otherwise be lost.
package struct TerminalAttributes: Equatable, Sendable {
    /// When new attributes take effect.
    package enum Timing: Sendable {
        /// At once, even while output is still queued. The corresponding C constant is
        /// `TCSANOW`.
        case immediately

        /// After all queued output has been sent, so a frame drawn in raw mode is not
        /// post-processed by the restored mode, and without discarding typed-ahead input. The
        /// corresponding C constant is `TCSADRAIN`.
        case afterOutputDrains

        fileprivate var optionalActions: Int32 {
            switch self {
            case .immediately: TCSANOW
            case .afterOutputDrains: TCSADRAIN
            }
        }
    }

    /// The C structure, exactly as the terminal reported it.
    var storage: termios

    init(storage: termios) {
        self.storage = storage
    }

    /// Reads the current attributes of the terminal behind the descriptor.
    ///
    /// - Throws: `Errno` with `ENOTTY` when the descriptor is not a terminal.
    ///
    /// The corresponding C function is `tcgetattr`.
    package static func read(from descriptor: FileDescriptor) throws -> TerminalAttributes {
        var storage = termios()
        try nothingOrErrno {
            tcgetattr(descriptor.rawValue, &storage)
        }.get()
        return TerminalAttributes(storage: storage)
    }

    /// Makes these the attributes of the terminal behind the descriptor.
    ///
    /// Waiting for output to drain can be interrupted by a signal; the call is then repeated.
    ///
    /// - Parameters:
    ///   - descriptor: The terminal.
    ///   - timing: When the change takes effect; by default after queued output is sent, which
    ///     keeps any input the user typed ahead.
    ///
    /// The corresponding C function is `tcsetattr`.
    package func apply(
        to descriptor: FileDescriptor,
        when timing: Timing = .afterOutputDrains
    ) throws {
        var storage = storage
        try nothingOrErrno {
            tcsetattr(descriptor.rawValue, timing.optionalActions, &storage)
        }.get()
    }

    /// These attributes with the terminal switched to raw mode, for a line editor.
    ///
    /// - Local modes: no echo (`ECHO`), bytes arrive one at a time rather than per line
    ///   (`ICANON`), Ctrl-C, Ctrl-\ and Ctrl-Z arrive as bytes rather than signals (`ISIG`), and
    ///   Ctrl-V is not swallowed (`IEXTEN`).
    /// - Input modes: Ctrl-S and Ctrl-Q are keys, not flow control (`IXON`); Return stays `\r`
    ///   so it can be told from Ctrl-J (`ICRNL`); a break is not turned into an interrupt
    ///   (`BRKINT`); no parity checking (`INPCK`) and no stripping of the eighth bit, which UTF-8
    ///   needs (`ISTRIP`).
    /// - Output modes: no post-processing (`OPOST`), so the renderer's bytes reach the screen
    ///   unchanged; it must write `\r\n` itself to start a new line.
    /// - Control modes: eight-bit characters (`CS8`).
    /// - A read returns as soon as one byte is available (`VMIN` 1, `VTIME` 0); timeouts, such
    ///   as the lone-Escape one, are the caller's business through `waitForInput`.
    package func makingRaw() -> TerminalAttributes {
        var raw = storage
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return TerminalAttributes(storage: raw)
    }

    /// The value of a control character slot that no key matches; the C constant is
    /// `_POSIX_VDISABLE`, a character literal Swift does not import.
    static let disabledCharacter: UInt8 = 0

    /// Whether these attributes have the terminal read a line at a time (`ICANON`), so that the
    /// line discipline, not the reader, interprets the keys.
    package var isCanonical: Bool { storage.c_lflag & tcflag_t(ICANON) != 0 }

    /// These attributes with the end-of-file character (`VEOF`, Ctrl-D) disabled and echo off,
    /// still a line at a time: what raw mode is entered through, so that a Ctrl-D the line
    /// discipline receives meanwhile is kept as its byte rather than as an end-of-file mark,
    /// which raw mode would turn into a NUL byte.
    package func makingEndOfFileAByte() -> TerminalAttributes {
        var held = storage
        held.c_lflag &= ~tcflag_t(ECHO)
        withUnsafeMutableBytes(of: &held.c_cc) { controlCharacters in
            controlCharacters[Int(VEOF)] = Self.disabledCharacter
        }
        return TerminalAttributes(storage: held)
    }

    /// The characters that end a line besides `\n` (`VEOL`, `VEOL2`), those not disabled.
    var lineEndCharacters: [UInt8] {
        withUnsafeBytes(of: storage.c_cc) { controlCharacters in
            [controlCharacters[Int(VEOL)], controlCharacters[Int(VEOL2)]].filter { $0 != Self.disabledCharacter }
        }
    }

    /// Whether two snapshots agree on every field of the C structure: all four mode words, the
    /// line discipline, every control character slot and both speeds.
    ///
    /// Padding between fields is not compared; it carries no meaning and Swift does not
    /// preserve it when copying.
    package static func == (left: TerminalAttributes, right: TerminalAttributes) -> Bool {
        let one = left.storage
        let other = right.storage
        return one.c_iflag == other.c_iflag
            && one.c_oflag == other.c_oflag
            && one.c_cflag == other.c_cflag
            && one.c_lflag == other.c_lflag
            && one.c_line == other.c_line
            && one.c_ispeed == other.c_ispeed
            && one.c_ospeed == other.c_ospeed
            && withUnsafeBytes(of: one.c_cc) { oneCharacters in
                withUnsafeBytes(of: other.c_cc) { oneCharacters.elementsEqual($0) }
            }
    }
}
