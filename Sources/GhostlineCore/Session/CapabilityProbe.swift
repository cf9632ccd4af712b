/// What a terminal said of itself in its answers to the ``CapabilityProbe``.
package struct TerminalCapabilities: Equatable, Sendable {
    /// The kitty keyboard protocol's flags in force, from the answer to `CSI ? u`; nil when the
    /// terminal did not answer it, and so does not speak the protocol.
    package var kittyKeyboardFlags: Int?
    /// The DECRQM answer for mode 2027 (grapheme clusters): 0 not recognised, 1 set, 2 reset,
    /// 3 set for good, 4 reset for good; nil without an answer.
    package var graphemeClusterMode: Int?
    /// Whether the terminal answered the sentinel, the primary device attributes (`CSI c`).
    package var answeredDeviceAttributes = false

    /// A terminal that told nothing.
    package init() {}

    /// Whether the terminal speaks the kitty keyboard protocol.
    package var speaksKittyKeyboard: Bool { kittyKeyboardFlags != nil }

    /// Whether the terminal lays grapheme clusters out whole (mode 2027) while an entry is read:
    /// the mode is set, set for good, or reset and to be set.
    package var laysOutClustersWhole: Bool { (1...3).contains(graphemeClusterMode ?? 0) }

    /// Whether mode 2027 is to be set while an entry is read: the terminal has it reset and can set it.
    package var needsGraphemeClusterMode: Bool { graphemeClusterMode == 2 }
}

/// How keys are asked of the terminal beyond the legacy bytes.
package enum KeyboardProtocol: Equatable, Sendable {
    /// Legacy bytes only.
    case legacy
    /// The kitty keyboard protocol with its disambiguation flag (`CSI > 1 u`).
    case kitty
    /// xterm's modifyOtherKeys at level 1 (`CSI > 4 ; 1 m`).
    case modifyOtherKeys
}

/// The one probe of a terminal's capabilities, written once as a session starts: the kitty
/// keyboard query, DECRQM for mode 2027, then the primary device attributes as the sentinel,
/// which every terminal answers, and last, so that its answer ends the wait at once.
///
/// Bytes read while the answers are awaited go through ``receive(_:)``: the answers are taken
/// out, everything else (keys typed meanwhile) comes back in order, for the key decoder. An
/// answer cut by the end of a read is held until the next; ``finishWaiting()`` gives back what
/// is held that cannot be an answer. It never waits itself; the session bounds the wait.
/// Answers that come after the wait are swallowed by the key decoder, which drops every control
/// sequence with a private marker.
package struct CapabilityProbe: AwaitedAnswers, Sendable {
    /// The query written to the terminal.
    package static let query: [UInt8] = Array("\u{1B}[?u\u{1B}[?2027$p\u{1B}[c".utf8)
    /// How long a terminal that answers nothing delays the first frame, in milliseconds.
    package static let longestWait: Int64 = 50

    /// Whether the terminal is probed at all: not a dumb terminal, which cannot answer, nor
    /// Terminal.app, which prints the DECRQM query's `p`.
    package static func isWanted(terminalType: String, terminalProgram: String?) -> Bool {
        // Compared as bytes: the terminal's names are ASCII, and String's comparison brings in
        // grapheme-aware code that nothing else on the way to the prompt needs.
        !terminalType.isEmpty && !terminalType.utf8.elementsEqual("dumb".utf8)
            && !(terminalProgram?.utf8.elementsEqual("Apple_Terminal".utf8) ?? false)
    }

    /// What the answers said so far.
    package private(set) var capabilities = TerminalCapabilities()
    /// Whether the sentinel's answer came, after which no other answer is awaited.
    package var isAnswered: Bool { capabilities.answeredDeviceAttributes }
    /// The bytes of what may be an answer, cut by the end of a read.
    private var held: [UInt8] = []

    /// Longer than any answer to the probe.
    private static let longestAnswer = 64

    /// A probe with no answer yet.
    package init() {}

    /// Takes bytes read while the answers are awaited; returns the bytes that are not answers,
    /// in the order they came.
    package mutating func receive(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var typed: [UInt8] = []
        for byte in bytes {
            consume(byte, into: &typed)
        }
        return typed
    }

    /// The wait is over: the held bytes that cannot be the start of an answer (an Escape, or
    /// Escape and `[`, typed by the user) come back; an answer's start is dropped.
    package mutating func finishWaiting() -> [UInt8] {
        defer { held = [] }
        return held.count <= 2 ? held : []
    }

    private mutating func consume(_ byte: UInt8, into typed: inout [UInt8]) {
        switch held.count {
        case 0:
            if byte == 0x1B { held.append(byte) } else { typed.append(byte) }
        case 1:
            guard byte == UInt8(ascii: "[") else { return giveBack(byte, into: &typed) }
            held.append(byte)
        case 2:
            guard byte == UInt8(ascii: "?") else { return giveBack(byte, into: &typed) }
            held.append(byte)
        default:
            switch byte {
            case 0x20...0x3F where held.count < Self.longestAnswer:
                held.append(byte)
            case 0x40...0x7E:
                take(answer: held[3...], final: byte)
                held = []
            default:
                // Not an answer after all (or one too long to be ours): dropped, as the key
                // decoder drops a sequence with a private marker.
                held = []
                if byte == 0x1B { held.append(byte) }
            }
        }
    }

    /// The held Escape (and `[`) were keys: they go back with `byte` after them, which may
    /// start an answer of its own.
    private mutating func giveBack(_ byte: UInt8, into typed: inout [UInt8]) {
        typed += held
        held = []
        consume(byte, into: &typed)
    }

    private mutating func take(answer parameters: ArraySlice<UInt8>, final: UInt8) {
        guard let sequence = ControlSequence(parameterBytes: [UInt8(ascii: "?")] + parameters, final: final) else {
            return
        }
        switch (final, sequence.intermediates) {
        case (UInt8(ascii: "u"), []):
            capabilities.kittyKeyboardFlags = sequence.parameter(0) ?? 0
        case (UInt8(ascii: "y"), [UInt8(ascii: "$")]) where sequence.parameter(0) == 2027:
            capabilities.graphemeClusterMode = sequence.parameter(1) ?? 0
        case (UInt8(ascii: "c"), []):
            capabilities.answeredDeviceAttributes = true
        default:
            break
        }
    }

    /// The keyboard protocol to read with on a terminal of `terminalType` that gave these
    /// answers: kitty's where it speaks it, else modifyOtherKeys where it is xterm-like (it
    /// answered and says it is xterm or tmux), else the legacy bytes.
    package func keyboardProtocol(terminalType: String) -> KeyboardProtocol {
        if capabilities.speaksKittyKeyboard { return .kitty }
        guard capabilities.answeredDeviceAttributes else { return .legacy }
        let xtermLike = terminalType.utf8.starts(with: "xterm".utf8) || terminalType.utf8.starts(with: "tmux".utf8)
        return xtermLike ? .modifyOtherKeys : .legacy
    }
}
