/// A mode the editor sets on the terminal while it reads an entry.
package enum TerminalMode: Equatable, Sendable {
    /// Bracketed paste (`CSI ? 2004 h`), off again with `CSI ? 2004 l`.
    case bracketedPaste
    /// The cursor shown (`CSI ? 25 h`), in case the program before hid it. Shown is how a
    /// terminal starts and how a shell expects it, so leaving it writes nothing.
    case cursorVisible
    /// A cursor shape (DECSCUSR, `CSI Ps SP q`); the terminal's own shape (`CSI 0 SP q`) back.
    case cursorShape(CursorShape)
    /// The kitty keyboard protocol's flags pushed (`CSI > flags u`), popped with `CSI < u`.
    case kittyKeyboard(flags: Int)
    /// xterm's modifyOtherKeys at `level` (`CSI > 4 ; level m`), reset with `CSI > 4 m`.
    case modifyOtherKeys(level: Int)
    /// Grapheme clusters laid out whole, each as wide as the tables say (`CSI ? 2027 h`), off
    /// again with `CSI ? 2027 l`; set only where the terminal said it was off.
    case graphemeClusters

    /// The modes that take one place in the stack: a second of the same kind replaces the first.
    package enum Kind: Equatable, Sendable {
        case bracketedPaste, cursorVisible, cursorShape, kittyKeyboard, modifyOtherKeys, graphemeClusters
    }

    package var kind: Kind {
        switch self {
        case .bracketedPaste: return .bracketedPaste
        case .cursorVisible: return .cursorVisible
        case .cursorShape: return .cursorShape
        case .kittyKeyboard: return .kittyKeyboard
        case .modifyOtherKeys: return .modifyOtherKeys
        case .graphemeClusters: return .graphemeClusters
        }
    }

    /// The bytes that set the mode.
    var setBytes: [UInt8] {
        switch self {
        case .bracketedPaste: return Array("\u{1B}[?2004h".utf8)
        case .cursorVisible: return Array("\u{1B}[?25h".utf8)
        case .cursorShape(let shape): return Self.controlSequence("\u{1B}[", shape.rawValue, " q")
        case .kittyKeyboard(let flags): return Self.controlSequence("\u{1B}[>", flags, "u")
        case .modifyOtherKeys(let level): return Self.controlSequence("\u{1B}[>4;", level, "m")
        case .graphemeClusters: return Array("\u{1B}[?2027h".utf8)
        }
    }

    /// `introducer`, `number` in decimal, then `final`: built as bytes, with no string
    /// interpolation, as the renderer builds its sequences.
    private static func controlSequence(_ introducer: String, _ number: Int, _ final: String) -> [UInt8] {
        var bytes = Array(introducer.utf8)
        bytes.appendDecimal(number)
        bytes.append(contentsOf: final.utf8)
        return bytes
    }

    /// The bytes that undo the mode.
    var undoBytes: [UInt8] {
        switch self {
        case .bracketedPaste: return Array("\u{1B}[?2004l".utf8)
        case .cursorVisible: return []
        case .cursorShape: return Array("\u{1B}[0 q".utf8)
        case .kittyKeyboard: return Array("\u{1B}[<u".utf8)
        case .modifyOtherKeys: return Array("\u{1B}[>4m".utf8)
        case .graphemeClusters: return Array("\u{1B}[?2027l".utf8)
        }
    }

    /// Whether setting the mode again while it is set leaves the terminal as one setting does.
    /// The kitty flags are a stack in the terminal: a second push would need a second pop.
    var isIdempotent: Bool { kind != .kittyKeyboard }
}

/// A steady cursor shape of DECSCUSR, by its parameter.
package enum CursorShape: Int, Sendable {
    /// A steady block (vi's command mode).
    case block = 2
    /// A steady underline (vi's replace mode).
    case underline = 4
    /// A steady bar (vi's insert mode).
    case bar = 6
}

/// The one place the modes the editor sets on the terminal go through: it records each mode as
/// it is set and gives the bytes that undo them all, last set first, on every way out.
///
/// - ``set(_:)`` records a mode and gives the bytes that set it (none when it is set already).
/// - ``remove(_:)`` undoes one kind of mode before the entry ends (vi mode left for emacs).
/// - ``suspend()`` and ``resume()`` undo the modes while the process is stopped and set them
///   again, in the order they were set, when it continues.
/// - ``reassert()`` sets them again where something else may have changed them (a message
///   printed as it is, a continue after a stop by someone else).
/// - ``undoAll()`` is the way out: everything undone, nothing left recorded.
package struct TerminalModeStack: Sendable {
    /// The modes set, in the order they were set.
    package private(set) var modes: [TerminalMode] = []
    /// Whether the modes are undone for a stop, waiting for ``resume()``.
    package private(set) var isSuspended = false
    /// The cursor shape recorded, kept apart so a frame compares it without a search.
    package private(set) var cursorShape: CursorShape?

    /// An empty stack: the terminal as it was found.
    package init() {}

    /// Records `mode` and returns the bytes that set it: none when it is set already, the new
    /// setting when a mode of its kind is set otherwise (the kitty flags popped and pushed).
    /// While suspended, the mode is recorded and set with the others on ``resume()``.
    package mutating func set(_ mode: TerminalMode) -> [UInt8] {
        if case .cursorShape(let shape) = mode { cursorShape = shape }
        if let index = modes.firstIndex(where: { $0.kind == mode.kind }) {
            let previous = modes[index]
            guard previous != mode else { return [] }
            modes[index] = mode
            guard !isSuspended else { return [] }
            return mode.isIdempotent ? mode.setBytes : previous.undoBytes + mode.setBytes
        }
        modes.append(mode)
        return isSuspended ? [] : mode.setBytes
    }

    /// Undoes the mode of `kind` when one is set; returns the bytes that undo it.
    package mutating func remove(_ kind: TerminalMode.Kind) -> [UInt8] {
        guard let index = modes.firstIndex(where: { $0.kind == kind }) else { return [] }
        if kind == .cursorShape { cursorShape = nil }
        let mode = modes.remove(at: index)
        return isSuspended ? [] : mode.undoBytes
    }

    /// The process is about to stop: the bytes that undo every mode, last set first. The
    /// modes stay recorded for ``resume()``.
    package mutating func suspend() -> [UInt8] {
        guard !isSuspended else { return [] }
        isSuspended = true
        return undoBytes()
    }

    /// Back from a stop: the bytes that set every recorded mode again, in the order they were set.
    package mutating func resume() -> [UInt8] {
        guard isSuspended else { return [] }
        isSuspended = false
        return modes.flatMap(\.setBytes)
    }

    /// The bytes that set the idempotent modes again, for when something else may have changed
    /// them; the kitty flags are left alone, since pushing again would leave two entries to pop.
    package func reassert() -> [UInt8] {
        guard !isSuspended else { return [] }
        return modes.filter(\.isIdempotent).flatMap(\.setBytes)
    }

    /// The way out: the bytes that undo every mode, last set first (none while suspended, when
    /// they are undone already); nothing stays recorded.
    package mutating func undoAll() -> [UInt8] {
        let bytes = isSuspended ? [] : undoBytes()
        self = TerminalModeStack()
        return bytes
    }

    private func undoBytes() -> [UInt8] {
        modes.reversed().flatMap(\.undoBytes)
    }
}
