import FuzzDriver
import GhostlineCore

/// What may reach the terminal: UTF-8 text, CR, LF, BS, the renderer's own CSI sequences —
/// cursor moves (`A B C D G`), erasing (`J K`), inserting and deleting characters (`@ P`),
/// rendition (`m`), private modes (`?…h`, `?…l`) and vi mode's cursor shape (`… q`, DECSCUSR)
/// — and its marks of shell integration around the prompts. Anything else, a C0 or C1 control above all, could only have come from
/// text that was not put in caret notation.
enum OutputChecks {
    private static let finals = Set("ABCDGJKP@m".utf8)
    private static let promptMarks = [ShellIntegrationMarks.promptStart, ShellIntegrationMarks.continuationPromptStart,
                                      ShellIntegrationMarks.rightPromptStart, ShellIntegrationMarks.inputStart]

    static func checkOnlyRendererSequences(in bytes: [UInt8]) {
        check(String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes), "output that is not UTF-8: \(bytes)")
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if let mark = promptMarks.first(where: { bytes[index...].starts(with: $0) }) {
                    index += mark.count
                } else {
                    index = endOfControlSequence(in: bytes, at: index)
                }
            case 0x08, 0x0A, 0x0D:
                index += 1
            case 0x00..<0x20, 0x7F:
                fatalError("raw control 0x\(String(byte, radix: 16)) in the output \(readable(bytes))")
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                fatalError("raw C1 control U+\(String(bytes[index + 1], radix: 16)) in the output \(readable(bytes))")
            default:
                index += 1
            }
        }
    }

    /// The index after the CSI sequence at `start`, which must be one the renderer sends.
    private static func endOfControlSequence(in bytes: [UInt8], at start: Int) -> Int {
        check(start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "["), "ESC not starting a CSI sequence in \(readable(bytes))")
        var index = start + 2
        let isPrivate = index < bytes.count && bytes[index] == UInt8(ascii: "?")
        if isPrivate { index += 1 }
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == UInt8(ascii: ";") { index += 1 }
        check(index < bytes.count, "a CSI sequence cut short in \(readable(bytes))")
        if !isPrivate, bytes[index] == UInt8(ascii: " "), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "q") {
            return index + 2
        }
        let final = bytes[index]
        let isRendererFinal = isPrivate ? final == UInt8(ascii: "h") || final == UInt8(ascii: "l") : finals.contains(final)
        check(isRendererFinal, "a CSI sequence the renderer does not send, ending in \(Character(Unicode.Scalar(final))), in \(readable(bytes))")
        return index + 1
    }

    private static func readable(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).debugDescription
    }
}
