/// The bytes of a bracketed paste, collected until the terminal's end marker `ESC [ 2 0 1 ~`.
///
/// A paste can be megabytes long and arrive over many reads, so the bytes are only appended here and
/// decoded once, at the end. Everything between the markers is content, escape sequences included:
/// only the complete end marker ends the paste, wherever the reads split it.
struct BracketedPaste: Sendable {
    private static let endMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    private var bytes: [UInt8] = []
    /// How many bytes of the end marker the latest bytes matched; they are content if the match fails.
    private var matchedMarkerLength = 0

    /// True when no part of the end marker is pending, so bytes other than ESC are plain content.
    var isAtContent: Bool { matchedMarkerLength == 0 }

    /// Adds bytes that hold no ESC while no part of the end marker is pending.
    mutating func append(_ content: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: content)
    }

    /// Adds one byte of the paste; returns `true` when it completed the end marker.
    mutating func consume(_ byte: UInt8) -> Bool {
        if byte == Self.endMarker[matchedMarkerLength] {
            matchedMarkerLength += 1
            return matchedMarkerLength == Self.endMarker.count
        }
        // ESC only occurs at the start of the marker, so a failed match can only restart there.
        bytes.append(contentsOf: Self.endMarker[..<matchedMarkerLength])
        if byte == Self.endMarker[0] {
            matchedMarkerLength = 1
        } else {
            matchedMarkerLength = 0
            bytes.append(byte)
        }
        return false
    }

    /// The pasted text: invalid UTF-8 replaced by U+FFFD, and `\r\n` and lone `\r` turned into `\n`,
    /// because terminals send the line breaks of pasted text as carriage returns.
    consuming func text() -> String {
        let carriageReturn: UInt8 = 0x0D
        let lineFeed: UInt8 = 0x0A
        var written = 0
        var previousWasCarriageReturn = false
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == lineFeed && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = byte == carriageReturn
            bytes[written] = previousWasCarriageReturn ? lineFeed : byte
            written += 1
        }
        let text = String(decoding: bytes[..<written], as: UTF8.self)
        // Freed with the paste, which may be a secret: overwritten first (SecretErasure.swift).
        bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        return text
    }
}

