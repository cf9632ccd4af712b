/// What follows an Escape: control sequences (CSI, SS3, the Linux console's function keys),
/// control strings (OSC, DCS, APC, PM, SOS), Alt as an Escape prefix, and a bracketed paste.
extension KeyDecoder {
    mutating func consumeAfterEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["):
            startSequence(.controlSequence(alt: false))
        case UInt8(ascii: "O"):
            startSequence(.singleShift(alt: false))
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"):
            startSequence(.controlString(introducer: byte, afterEscape: false))
        case 0x1B:
            state = .doubleEscape
        case 0x20...0x7E:
            state = .ground
            emit(.alt(Character(Unicode.Scalar(byte))))
        case 0xC2...0xF4:
            startSequence(.escapedCharacter)
            sequence.append(byte)
        case 0x80...0xFF:
            state = .ground
            emit(.key(.escape))
            consume(byte)
        default:
            state = .ground
            emit(KeyTable.event(forControlByte: byte).addingAlt())
        }
    }

    mutating func consumeAfterDoubleEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "["):
            startSequence(.controlSequence(alt: true))
        case UInt8(ascii: "O"):
            startSequence(.singleShift(alt: true))
        case 0x1B:
            emit(.key(.escape))
        default:
            emit(.key(.escape))
            state = .escape
            consume(byte)
        }
    }

    mutating func consumeEscapedCharacter(_ byte: UInt8) {
        let lead = sequence[0]
        guard UTF8Prefix.isValidContinuation(byte, at: sequence.count, after: lead) else {
            // Not a character after all: the Escape key, then the bytes as text (U+FFFD).
            state = .ground
            emit(.key(.escape))
            text.append(contentsOf: sequence)
            consume(byte)
            return
        }
        sequence.append(byte)
        guard sequence.count == UTF8Prefix.length(ofSequenceStartingWith: lead) else { return }
        state = .ground
        if let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first, KeyTable.isPrintable(scalar) {
            emit(.alt(Character(scalar)))
        } else {
            emit(.key(.escape))
        }
    }

    mutating func consumeControlSequence(_ byte: UInt8, alt: Bool) {
        switch byte {
        case 0x40...0x7E:
            finishControlSequence(final: byte, alt: alt)
        case UInt8(ascii: "$") where !sequence.isEmpty && sequence.allSatisfy({ (0x30...0x39).contains($0) }):
            // rxvt ends Shift-modified editing keys with `$`, which ECMA-48 reserves for intermediates.
            finishControlSequence(final: byte, alt: alt)
        case 0x20...0x3F:
            appendSequenceByte(byte)
        default:
            resolveUnfinishedSequence(introducer: UInt8(ascii: "["), alt: alt)
            consume(byte)
        }
    }

    mutating func finishControlSequence(final: UInt8, alt: Bool) {
        state = .ground
        if sequence.isEmpty && final == UInt8(ascii: "M") {
            state = .mouseReport(remainingBytes: 3)
            return
        }
        if sequence.isEmpty && final == UInt8(ascii: "[") {
            state = .linuxConsoleFunctionKey(alt: alt)
            return
        }
        guard let parsed = ControlSequence(parameterBytes: sequence, final: final) else { return }
        if parsed.final == UInt8(ascii: "~") && parsed.parameters == [[200]] {
            paste = BracketedPaste()
            state = .paste
            return
        }
        if let event = KeyTable.event(forControlSequence: parsed) {
            emit(alt ? event.addingAlt() : event)
        }
    }

    mutating func consumeSingleShift(_ byte: UInt8, alt: Bool) {
        switch byte {
        case 0x40...0x7E:
            state = .ground
            if let parsed = ControlSequence(parameterBytes: sequence, final: byte),
               let event = KeyTable.event(forSingleShift: parsed) {
                emit(alt ? event.addingAlt() : event)
            }
        case 0x30...0x3F:
            appendSequenceByte(byte)
        default:
            resolveUnfinishedSequence(introducer: UInt8(ascii: "O"), alt: alt)
            consume(byte)
        }
    }

    mutating func consumeLinuxConsoleFunctionKey(_ byte: UInt8, alt: Bool) {
        state = .ground
        guard (0x40...0x7E).contains(byte) else {
            consume(byte)
            return
        }
        if let event = KeyTable.event(forLinuxConsoleFunctionKey: byte) {
            emit(alt ? event.addingAlt() : event)
        }
    }

    mutating func consumeOverlongControlSequence(_ byte: UInt8) {
        switch byte {
        case 0x20...0x3F:
            break
        case 0x40...0x7E:
            state = .ground
        default:
            state = .ground
            consume(byte)
        }
    }

    mutating func consumeControlString(_ byte: UInt8, introducer: UInt8?, afterEscape: Bool) {
        if afterEscape {
            state = .ground
            guard byte != UInt8(ascii: "\\") else { return }
            // ESC cancels a string and starts a new sequence.
            state = .escape
            consume(byte)
            return
        }
        switch byte {
        case 0x07:
            state = .ground
        case 0x1B:
            state = .controlString(introducer: introducer, afterEscape: true)
        default:
            guard introducer != nil else { return }
            if sequence.count < Self.longestReplayedControlString {
                sequence.append(byte)
            } else {
                state = .controlString(introducer: nil, afterEscape: false)
            }
        }
    }

    mutating func consumePaste(_ byte: UInt8) {
        guard paste.consume(byte) else { return }
        state = .ground
        // Swapping the paste out leaves its megabytes uniquely owned, so `text()` works on them in place.
        let finished = paste
        paste = BracketedPaste()
        let pasted = finished.text()
        if !pasted.isEmpty {
            emit(.paste(pasted))
        }
    }
}
