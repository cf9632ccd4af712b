/// One complete unit of terminal output, as `TerminalOutputParser` recognises it.
enum TerminalAction {
    /// Show a Unicode scalar; malformed UTF-8 arrives as U+FFFD.
    case print(Unicode.Scalar)
    /// A C0 control byte or DEL, wherever it appeared (terminals act on controls even inside
    /// an escape sequence).
    case execute(UInt8)
    /// `ESC`, optional intermediate bytes and a final byte.
    case escape(EscapeSequence)
    /// A CSI sequence.
    case controlSequence(ControlSequence)
    /// An OSC string (window title, hyperlink, …), which changes nothing on the grid.
    case operatingSystemCommand(description: String)
    /// A DCS, SOS, PM or APC string.
    case controlString(description: String)
    /// A sequence cut short by ESC, CAN or SUB before its final byte.
    case interruptedSequence(description: String)
}

/// An escape sequence that is not a CSI or a control string, such as `ESC 7` or `ESC ( B`.
struct EscapeSequence {
    /// The bytes between `ESC` and the final byte.
    var intermediates: [UInt8]
    /// The byte that ends the sequence.
    var final: UInt8
    /// The sequence in readable form, for recording it.
    var description: String
}

/// A CSI sequence, split into the fields that decide what it means.
struct ControlSequence {
    /// `?`, `>`, `<` or `=` when the parameters start with one.
    var privateMarker: UInt8?
    /// Each parameter with its colon-separated sub-parameters; `nil` where a value was omitted.
    var parameters: [[Int?]]
    /// The bytes between the parameters and the final byte.
    var intermediates: [UInt8]
    /// The byte that ends the sequence.
    var final: UInt8
    /// Whether the parameter bytes did not follow the CSI grammar.
    var isMalformed: Bool
    /// The sequence in readable form, for recording it.
    var description: String

    /// The main value of parameter `index`, or `nil` when it is absent or omitted.
    func parameter(_ index: Int) -> Int? {
        guard index < parameters.count else { return nil }
        return parameters[index].first ?? nil
    }

    /// Parameter `index` read as a repeat count or a 1-based position, where absent and 0 both
    /// mean 1.
    func count(_ index: Int = 0) -> Int {
        max(parameter(index) ?? 1, 1)
    }
}
