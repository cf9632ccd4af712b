/// The one rule for text an app hands the editor to show — a printer's message, a prompt, a
/// placeholder, the rows of a region: it stays text, whoever wrote it.
///
/// Kept are:
/// - printable characters;
/// - a tab, which only moves the cursor on along its row;
/// - line breaks, `LF` and `CR LF`, written `CR LF` (raw mode does not turn `LF` into it);
/// - SGR, the sequence that sets colours and attributes: `ESC [`, digits, `;` and `:` only (no
///   private marker such as `>`, which would make `ESC [ > 4 ; 2 m` switch the keyboard's
///   reporting), then `m` — `ESC[31m`, `ESC[38;5;208m`, `ESC[38;2;1;2;3m`;
/// - OSC 8 hyperlinks, `ESC ] 8 ; params ; URL` ended by `BEL` or `ESC \`, whose parameters and
///   URL are printable ASCII (`ESC]8;;ESC\` ends a link).
///
/// Everything else that would control the terminal is shown in caret notation, as the layout
/// shows a control character typed into the text, and never written: every other CSI (erase,
/// cursor moves, scroll regions, modes such as the alternate screen or bracketed paste,
/// queries such as `CSI 6n` whose answer would arrive as typed keys), every other OSC (the
/// title, the clipboard), DCS, APC, PM, SOS, a lone `ESC`: their `ESC` is shown `^[` and the
/// bytes after it are text under the same rule, so `ESC[2J` shows `^[[2J` and the `BEL` ending
/// an OSC `^G`. The other C0 controls (a lone `CR` `^M`, `BS` `^H`, `BEL` `^G`…) and `DEL` (`^?`)
/// are shown so too, and the C1 controls U+0080–U+009F, which some terminals obey as `CSI` and
/// its kin, as `~` and their 7-bit final (`~[` for U+009B). Bytes that are not UTF-8, such as
/// an 8-bit `CSI` (0x9B) on its own, are U+FFFD before the rule applies.
///
/// Text laid out in cells — prompts, the placeholder, suggestions, a completion listing, any
/// region — takes its look from its `Style`, so there no sequence is kept at all and every
/// control character is in caret notation (`Character.caretNotation`, the same notation as
/// here). This type is the rule for text written to the terminal as a stream.
package enum AppText {
    /// The kinds of sequence kept in a piece of text, which the writer may have to close.
    package struct KeptSequences: OptionSet, Sendable {
        package let rawValue: UInt8

        package init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// At least one SGR: the style may be other than plain at the end.
        package static let graphicRendition = KeptSequences(rawValue: 1)
        /// At least one OSC 8: a hyperlink may still be open at the end.
        package static let hyperlink = KeptSequences(rawValue: 2)
    }

    private static let escape: UInt8 = 0x1B
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let tab: UInt8 = 0x09
    private static let bell: UInt8 = 0x07

    /// Appends the bytes that show `text` under the rule to `output`, and tells which kinds of
    /// sequence were kept.
    package static func appendTerminalBytes(of text: Substring, to output: inout [UInt8]) -> KeptSequences {
        let bytes = Array(text.utf8)
        var kept: KeptSequences = []
        output.reserveCapacity(output.count + bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case escape:
                if let (end, kind) = keptSequence(in: bytes, at: index) {
                    output.append(contentsOf: bytes[index..<end])
                    kept.insert(kind)
                    index = end
                } else {
                    appendCaretNotation(of: byte, to: &output)
                    index += 1
                }
            case lineFeed:
                output.append(contentsOf: [carriageReturn, lineFeed])
                index += 1
            case carriageReturn where index + 1 < bytes.count && bytes[index + 1] == lineFeed:
                output.append(contentsOf: [carriageReturn, lineFeed])
                index += 2
            case tab, 0x20..<0x7F:
                output.append(byte)
                index += 1
            case 0x00..<0x20, 0x7F:
                appendCaretNotation(of: byte, to: &output)
                index += 1
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                // A C1 control as UTF-8: `~` and the final byte of its `ESC x` form.
                output.append(contentsOf: [UInt8(ascii: "~"), bytes[index + 1] - 0x40])
                index += 2
            default:
                output.append(byte)
                index += 1
            }
        }
        return kept
    }

    /// `^` and the control's letter (`^[` for `ESC`, `^?` for `DEL`), as `Character.caretNotation`.
    private static func appendCaretNotation(of control: UInt8, to output: inout [UInt8]) {
        output.append(contentsOf: [UInt8(ascii: "^"), control == 0x7F ? UInt8(ascii: "?") : control + 0x40])
    }

    /// The sequence the rule keeps starting with the `ESC` at `start`: where it ends (the index
    /// after its last byte) and its kind; nil when the bytes there are not one.
    private static func keptSequence(in bytes: [UInt8], at start: Int) -> (end: Int, kind: KeptSequences)? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.count, isGraphicRenditionParameter(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "m") else { return nil }
            return (index + 1, .graphicRendition)
        case UInt8(ascii: "]"):
            return endOfHyperlink(in: bytes, at: start + 2).map { ($0, .hyperlink) }
        default:
            return nil
        }
    }

    private static func isGraphicRenditionParameter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: ";")).contains(byte)
    }

    /// The end of an OSC 8 whose number starts at `start`: `8 ;`, parameters without `;`, `;`,
    /// the URL, then `BEL` or `ESC \`, every byte between printable ASCII.
    private static func endOfHyperlink(in bytes: [UInt8], at start: Int) -> Int? {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "8"), bytes[start + 1] == UInt8(ascii: ";") else {
            return nil
        }
        var index = start + 2
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") {
            guard isPrintableASCII(bytes[index]) else { return nil }
            index += 1
        }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case bell:
                return index + 1
            case escape:
                return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : nil
            case let byte where isPrintableASCII(byte):
                index += 1
            default:
                return nil
            }
        }
        return nil
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        (0x20..<0x7F).contains(byte)
    }
}
