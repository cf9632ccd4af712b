/// A state machine that turns the bytes a program writes to its terminal into `TerminalAction`s.
///
/// It follows the shape of the DEC/xterm parser (ground, escape, CSI, string states) and decodes
/// UTF-8 in the ground state. Its state survives between calls, so a sequence or a UTF-8
/// character split across two writes is recognised as if it had arrived in one.
struct TerminalOutputParser {
    private enum State {
        case ground
        case escape
        case escapeIntermediate
        case controlSequence
        case operatingSystemCommand
        case operatingSystemCommandEscape
        case controlString
        case controlStringEscape
    }

    /// Sequences longer than this are recorded shortened; a runaway OSC must not grow without bound.
    private static let maximumRecordedLength = 256

    private var state = State.ground
    /// The bytes after `ESC` of the sequence being read, kept for its description.
    private var sequenceBytes: [UInt8] = []
    private var isSequenceTruncated = false
    private var parameterBytes: [UInt8] = []
    private var intermediates: [UInt8] = []
    private var hasMisplacedParameterByte = false

    private var partialScalar: UInt32 = 0
    private var continuationBytesExpected = 0
    /// The smallest value the scalar being decoded may have; anything lower was overlong.
    private var minimumScalarValue: UInt32 = 0

    /// Consumes one byte, calling `perform` for each action it completes (at most two).
    mutating func consume(_ byte: UInt8, _ perform: (TerminalAction) -> Void) {
        if continuationBytesExpected > 0 {
            if byte & 0xC0 == 0x80 {
                continueScalar(with: byte, perform)
                return
            }
            continuationBytesExpected = 0
            perform(.print(Unicode.Scalar.replacement))
        }
        switch state {
        case .ground:
            consumeInGround(byte, perform)
        case .escape, .escapeIntermediate:
            consumeInEscape(byte, perform)
        case .controlSequence:
            consumeInControlSequence(byte, perform)
        case .operatingSystemCommand, .controlString:
            consumeInString(byte, perform)
        case .operatingSystemCommandEscape, .controlStringEscape:
            consumeAfterEscapeInString(byte, perform)
        }
    }

    // MARK: - Ground and UTF-8

    private mutating func consumeInGround(_ byte: UInt8, _ perform: (TerminalAction) -> Void) {
        switch byte {
        case 0x1B:
            beginEscape()
        case 0x00..<0x20, 0x7F:
            perform(.execute(byte))
        case 0x20..<0x7F:
            perform(.print(Unicode.Scalar(byte)))
        case 0xC2...0xDF:
            beginScalar(byte & 0x1F, continuationBytes: 1, minimum: 0x80)
        case 0xE0...0xEF:
            beginScalar(byte & 0x0F, continuationBytes: 2, minimum: 0x800)
        case 0xF0...0xF4:
            beginScalar(byte & 0x07, continuationBytes: 3, minimum: 0x10000)
        default:
            perform(.print(Unicode.Scalar.replacement))
        }
    }

    private mutating func beginScalar(_ leadBits: UInt8, continuationBytes: Int, minimum: UInt32) {
        partialScalar = UInt32(leadBits)
        continuationBytesExpected = continuationBytes
        minimumScalarValue = minimum
    }

    private mutating func continueScalar(with byte: UInt8, _ perform: (TerminalAction) -> Void) {
        partialScalar = partialScalar << 6 | UInt32(byte & 0x3F)
        continuationBytesExpected -= 1
        guard continuationBytesExpected == 0 else { return }
        if partialScalar >= minimumScalarValue, let scalar = Unicode.Scalar(partialScalar) {
            perform(.print(scalar))
        } else {
            perform(.print(Unicode.Scalar.replacement))
        }
    }

    // MARK: - Escape and CSI

    private mutating func beginEscape() {
        state = .escape
        sequenceBytes.removeAll(keepingCapacity: true)
        isSequenceTruncated = false
        parameterBytes.removeAll(keepingCapacity: true)
        intermediates.removeAll(keepingCapacity: true)
        hasMisplacedParameterByte = false
    }

    private mutating func record(_ byte: UInt8) {
        if sequenceBytes.count < Self.maximumRecordedLength {
            sequenceBytes.append(byte)
        } else {
            isSequenceTruncated = true
        }
    }

    /// Handles a control byte met inside an escape or CSI sequence; returns whether it did.
    private mutating func handleControlInsideSequence(
        _ byte: UInt8, _ perform: (TerminalAction) -> Void
    ) -> Bool {
        switch byte {
        case 0x1B:
            perform(.interruptedSequence(description: description))
            beginEscape()
        case 0x18, 0x1A:
            perform(.interruptedSequence(description: description))
            perform(.execute(byte))
            state = .ground
        case 0x00..<0x20:
            perform(.execute(byte))
        case 0x7F:
            break
        default:
            return false
        }
        return true
    }

    private mutating func consumeInEscape(_ byte: UInt8, _ perform: (TerminalAction) -> Void) {
        if handleControlInsideSequence(byte, perform) { return }
        record(byte)
        switch (state, byte) {
        case (_, 0x20...0x2F):
            intermediates.append(byte)
            state = .escapeIntermediate
        case (.escape, UInt8(ascii: "[")):
            state = .controlSequence
        case (.escape, UInt8(ascii: "]")):
            state = .operatingSystemCommand
        case (.escape, UInt8(ascii: "P")), (.escape, UInt8(ascii: "X")),
             (.escape, UInt8(ascii: "^")), (.escape, UInt8(ascii: "_")):
            state = .controlString
        default:
            state = .ground
            perform(.escape(EscapeSequence(
                intermediates: intermediates, final: byte, description: description)))
        }
    }

    private mutating func consumeInControlSequence(
        _ byte: UInt8, _ perform: (TerminalAction) -> Void
    ) {
        if handleControlInsideSequence(byte, perform) { return }
        record(byte)
        switch byte {
        case 0x30...0x3F:
            if intermediates.isEmpty {
                parameterBytes.append(byte)
            } else {
                hasMisplacedParameterByte = true
            }
        case 0x20...0x2F:
            intermediates.append(byte)
        case 0x40...0x7E:
            state = .ground
            perform(.controlSequence(makeControlSequence(final: byte)))
        default:
            hasMisplacedParameterByte = true
        }
    }

    private func makeControlSequence(final: UInt8) -> ControlSequence {
        var bytes = parameterBytes[...]
        var privateMarker: UInt8?
        if let first = bytes.first, (0x3C...0x3F).contains(first) {
            privateMarker = first
            bytes = bytes.dropFirst()
        }
        var isMalformed = hasMisplacedParameterByte
        var parameters: [[Int?]] = []
        if !bytes.isEmpty {
            for field in bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
                var subParameters: [Int?] = []
                for piece in field.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false) {
                    guard let value = Self.decimalValue(piece) else {
                        isMalformed = true
                        continue
                    }
                    subParameters.append(value)
                }
                parameters.append(subParameters)
            }
        }
        return ControlSequence(
            privateMarker: privateMarker, parameters: parameters, intermediates: intermediates,
            final: final, isMalformed: isMalformed, description: description)
    }

    /// The value of a run of ASCII digits: `.some(nil)` when empty, `nil` when not all digits.
    /// Values saturate, because a terminal clamps them anyway and overflow must not trap.
    private static func decimalValue(_ digits: ArraySlice<UInt8>) -> Int?? {
        guard !digits.isEmpty else { return .some(nil) }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = min(value * 10 + Int(digit - UInt8(ascii: "0")), 99_999)
        }
        return value
    }

    // MARK: - OSC, DCS, SOS, PM, APC

    private mutating func consumeInString(_ byte: UInt8, _ perform: (TerminalAction) -> Void) {
        switch byte {
        case 0x07 where state == .operatingSystemCommand:
            finishString(perform)
        case 0x1B:
            state = state == .operatingSystemCommand
                ? .operatingSystemCommandEscape : .controlStringEscape
        case 0x18, 0x1A:
            perform(.interruptedSequence(description: description))
            perform(.execute(byte))
            state = .ground
        case 0x00..<0x20:
            break
        default:
            record(byte)
        }
    }

    private mutating func consumeAfterEscapeInString(
        _ byte: UInt8, _ perform: (TerminalAction) -> Void
    ) {
        state = state == .operatingSystemCommandEscape ? .operatingSystemCommand : .controlString
        finishString(perform)
        guard byte != UInt8(ascii: "\\") else { return }
        beginEscape()
        consume(byte, perform)
    }

    private mutating func finishString(_ perform: (TerminalAction) -> Void) {
        if state == .operatingSystemCommand {
            perform(.operatingSystemCommand(description: description))
        } else {
            perform(.controlString(description: description))
        }
        state = .ground
    }

    // MARK: - Descriptions

    /// The sequence read so far, with `ESC` spelled out and other non-printable bytes in hex,
    /// so that test failures show what was sent.
    private var description: String {
        var text = "ESC"
        for byte in sequenceBytes {
            if (0x20..<0x7F).contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + hexadecimal(byte)
            }
        }
        return isSequenceTruncated ? text + "…" : text
    }
}

/// `byte` as two uppercase hexadecimal digits.
func hexadecimal(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

extension Unicode.Scalar {
    /// U+FFFD, shown in place of malformed UTF-8.
    static let replacement: Unicode.Scalar = "\u{FFFD}"
}
