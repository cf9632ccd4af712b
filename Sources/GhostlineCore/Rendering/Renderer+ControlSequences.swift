// The bytes of the escape sequences the renderer writes: SGR styles, cursor moves, insertions
// and deletions, in decimal written byte by byte.

extension Renderer {
    /// `ESC[` and the style's SGR parameters, `0` first unless the style before was plain.
    ///
    /// Written as bytes: joining the parameters as strings calls the standard library's
    /// unspecialized `joined(separator:)`, whose first call searches every conformance in the
    /// program, at a session's first key that shows a suggestion.
    mutating func setStyle(_ style: Style) {
        // A byte at a time, as for a cursor move: an array literal is an object the runtime
        // sets up at its first use.
        output.append(0x1B)
        output.append(0x5B)
        var parameters = 0
        func add(_ number: Int) {
            if parameters > 0 { output.append(0x3B) }
            output.appendDecimal(number)
            parameters += 1
        }
        if currentStyle != .plain { add(0) }
        if style.isBold { add(1) }
        if style.isDim { add(2) }
        if style.isItalic { add(3) }
        if style.isUnderlined { add(4) }
        if style.isInverse { add(7) }
        switch style.foreground {
        case .basic(let index)?: add(index < 8 ? 30 + Int(index) : 90 + Int(index & 7))
        case .palette(let index)?:
            for number in [38, 5, Int(index)] { add(number) }
        case .rgb(let red, let green, let blue)?:
            for number in [38, 2, Int(red), Int(green), Int(blue)] { add(number) }
        case nil: break
        }
        output.append(0x6D)
        currentStyle = style
    }

    /// `ESC[`, `parameter` in decimal, and the `final` byte: a cursor move, an insertion or a
    /// deletion. A parameter of 1 is left out where it is the sequence's default.
    ///
    /// Written as bytes, as the colours are: string interpolation brought the standard library's
    /// formatting code in, whose pages the first key that moved the cursor faulted in.
    mutating func appendControlSequence(_ parameter: Int, _ final: UInt8, omittingOne: Bool = true) {
        // A byte at a time: an array literal would be made and appended as a sequence at every
        // move.
        output.append(0x1B)
        output.append(0x5B)
        if parameter != 1 || !omittingOne { output.appendDecimal(parameter) }
        output.append(final)
    }

    /// The number of decimal digits of `number`, which is not negative.
    static func digitCount(_ number: Int) -> Int {
        var count = 1, rest = number
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }
}
