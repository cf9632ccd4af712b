import GhostlineCore

// SGR (`CSI … m`): the attributes later characters are written with.
extension VirtualScreen {
    /// Applies SGR `parameters` in order; codes it does not know are skipped and the sequence is
    /// recorded as unsupported.
    mutating func selectGraphicRendition(_ parameters: [[Int?]], description: String) {
        guard !parameters.isEmpty else {
            currentAttributes = .plain
            return
        }
        var isUnderstood = true
        var position = 0
        while position < parameters.count {
            let parameter = parameters[position]
            position += 1
            let code = parameter.first.flatMap { $0 } ?? 0
            switch code {
            case 0:
                currentAttributes = .plain
            case 1:
                currentAttributes.isBold = true
            case 2:
                currentAttributes.isDim = true
            case 3:
                currentAttributes.isItalic = true
            case 4:
                // `4:0` is "no underline"; the other styles (`4:3` curly, …) all underline.
                let style = parameter.count > 1 ? parameter[1] ?? 1 : 1
                currentAttributes.isUnderlined = style != 0
            case 7:
                currentAttributes.isInverse = true
            case 22:
                currentAttributes.isBold = false
                currentAttributes.isDim = false
            case 23:
                currentAttributes.isItalic = false
            case 24:
                currentAttributes.isUnderlined = false
            case 27:
                currentAttributes.isInverse = false
            case 30...37:
                currentAttributes.foreground = .basic(UInt8(code - 30))
            case 39:
                currentAttributes.foreground = nil
            case 40...47:
                currentAttributes.background = .basic(UInt8(code - 40))
            case 49:
                currentAttributes.background = nil
            case 90...97:
                currentAttributes.foreground = .basic(UInt8(code - 90 + 8))
            case 100...107:
                currentAttributes.background = .basic(UInt8(code - 100 + 8))
            case 38, 48:
                let color: Color?
                if parameter.count > 1 {
                    color = Self.extendedColor(fromSubParameters: Array(parameter.dropFirst()))
                } else {
                    color = Self.extendedColor(from: parameters, at: &position)
                }
                guard let color else {
                    // Without a valid color the rest of the parameters cannot be told apart.
                    unsupportedSequences.append(description)
                    return
                }
                if code == 38 {
                    currentAttributes.foreground = color
                } else {
                    currentAttributes.background = color
                }
            default:
                isUnderstood = false
            }
        }
        if !isUnderstood {
            unsupportedSequences.append(description)
        }
    }

    /// Reads `5;n` or `2;r;g;b` from the parameters after a 38 or 48, advancing `position`.
    private static func extendedColor(from parameters: [[Int?]], at position: inout Int) -> Color? {
        let values = parameters[position...].map { $0.first.flatMap { $0 } ?? 0 }
        switch values.first {
        case 5 where values.count >= 2:
            position += 2
            return paletteColor(values[1])
        case 2 where values.count >= 4:
            position += 4
            return rgbColor(values[1], values[2], values[3])
        default:
            return nil
        }
    }

    /// Reads the colon form: `5:n`, `2:r:g:b` or `2:colorspace:r:g:b`.
    private static func extendedColor(fromSubParameters values: [Int?]) -> Color? {
        let numbers = values.map { $0 ?? 0 }
        switch (numbers.first, numbers.count) {
        case (5, 2):
            return paletteColor(numbers[1])
        case (2, 4):
            return rgbColor(numbers[1], numbers[2], numbers[3])
        case (2, 5):
            return rgbColor(numbers[2], numbers[3], numbers[4])
        default:
            return nil
        }
    }

    private static func paletteColor(_ index: Int) -> Color? {
        UInt8(exactly: index).map(Color.palette)
    }

    private static func rgbColor(_ red: Int, _ green: Int, _ blue: Int) -> Color? {
        guard let red = UInt8(exactly: red), let green = UInt8(exactly: green),
              let blue = UInt8(exactly: blue)
        else { return nil }
        return .rgb(red: red, green: green, blue: blue)
    }
}
