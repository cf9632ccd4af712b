// C0 controls, escape sequences and CSI sequences: what each one does to the screen.
extension VirtualScreen {
    // MARK: - C0 controls

    mutating func execute(_ byte: UInt8) {
        lastWrittenCell = nil
        switch byte {
        case 0x08:
            moveCursor(row: cursorRow, column: cursorColumn - 1)
        case 0x09:
            moveCursor(row: cursorRow, column: (cursorColumn / 8 + 1) * 8)
        case 0x0A, 0x0B, 0x0C:
            lineFeed()
        case 0x0D:
            moveCursor(row: cursorRow, column: 0)
        default:
            rawControlBytesSeen.append(byte)
        }
    }

    // MARK: - Escape sequences

    mutating func perform(_ sequence: EscapeSequence) {
        lastWrittenCell = nil
        guard sequence.intermediates.isEmpty else {
            // Character set designations (`ESC ( B`) only matter for line drawing.
            if sequence.intermediates.count == 1, (0x28...0x2B).contains(sequence.intermediates[0]) {
                ignoredSequences.append(sequence.description)
            } else {
                unsupportedSequences.append(sequence.description)
            }
            return
        }
        switch sequence.final {
        case UInt8(ascii: "7"):
            saveCursor()
        case UInt8(ascii: "8"):
            restoreCursor()
        case UInt8(ascii: "D"):
            lineFeed()
        case UInt8(ascii: "E"):
            moveCursor(row: cursorRow, column: 0)
            lineFeed()
        case UInt8(ascii: "M"):
            reverseLineFeed()
        case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "\\"):
            ignoredSequences.append(sequence.description)
        default:
            unsupportedSequences.append(sequence.description)
        }
    }

    private mutating func saveCursor() {
        savedCursor = SavedCursor(
            row: cursorRow, column: cursorColumn, attributes: currentAttributes,
            isWrapPending: isWrapPending)
    }

    private mutating func restoreCursor() {
        guard let saved = savedCursor else {
            moveCursor(row: 0, column: 0)
            currentAttributes = .plain
            return
        }
        moveCursor(row: saved.row, column: saved.column)
        currentAttributes = saved.attributes
        isWrapPending = saved.isWrapPending && saved.column == cursorColumn
    }

    // MARK: - CSI sequences

    mutating func perform(_ sequence: ControlSequence) {
        guard !sequence.isMalformed else {
            unsupportedSequences.append(sequence.description)
            return
        }
        switch (sequence.privateMarker, sequence.intermediates.first) {
        case (nil, nil):
            performStandard(sequence)
        case (UInt8(ascii: "?"), nil):
            performPrivate(sequence)
        default:
            performExtension(sequence)
        }
    }

    private mutating func performStandard(_ sequence: ControlSequence) {
        let count = sequence.count()
        switch Unicode.Scalar(sequence.final) {
        case "m":
            selectGraphicRendition(sequence.parameters, description: sequence.description)
            return
        case "n":
            reportDeviceStatus(sequence)
            return
        case "c":
            queries.append(sequence.description)
            if answersKeyboardProtocol && (sequence.parameter(0) ?? 0) == 0 { pendingReplies += Array("\u{1B}[?62;22c".utf8) }
            return
        case "t":
            ignoredSequences.append(sequence.description)
            return
        default:
            break
        }
        lastWrittenCell = nil
        switch Unicode.Scalar(sequence.final) {
        case "A":
            moveCursor(row: cursorRow - count, column: cursorColumn)
        case "B", "e":
            moveCursor(row: cursorRow + count, column: cursorColumn)
        case "C", "a":
            moveCursor(row: cursorRow, column: cursorColumn + count)
        case "D":
            moveCursor(row: cursorRow, column: cursorColumn - count)
        case "E":
            moveCursor(row: cursorRow + count, column: 0)
        case "F":
            moveCursor(row: cursorRow - count, column: 0)
        case "G", "`":
            moveCursor(row: cursorRow, column: count - 1)
        case "H", "f":
            moveCursor(row: count - 1, column: sequence.count(1) - 1)
        case "d":
            moveCursor(row: count - 1, column: cursorColumn)
        case "J":
            eraseInDisplay(sequence)
        case "K":
            eraseInLine(sequence)
        case "@":
            isWrapPending = false
            insertBlanks(count)
        case "P":
            isWrapPending = false
            deleteCharacters(count)
        case "X":
            isWrapPending = false
            erase(row: cursorRow, columns: cursorColumn..<cursorColumn + count)
        case "L":
            insertLines(count, at: cursorRow)
            moveCursor(row: cursorRow, column: 0)
        case "M":
            deleteLines(count, at: cursorRow)
            moveCursor(row: cursorRow, column: 0)
        case "S":
            scrollUp(count)
        case "T" where sequence.parameters.count <= 1:
            scrollDown(count)
        case "s" where sequence.parameters.isEmpty:
            saveCursor()
        case "u" where sequence.parameters.isEmpty:
            restoreCursor()
        default:
            unsupportedSequences.append(sequence.description)
        }
    }

    private mutating func eraseInDisplay(_ sequence: ControlSequence) {
        isWrapPending = false
        switch sequence.parameter(0) ?? 0 {
        case 0:
            erase(row: cursorRow, columns: cursorColumn..<columns)
            erase(rows: cursorRow + 1..<rows)
        case 1:
            erase(rows: 0..<cursorRow)
            erase(row: cursorRow, columns: 0..<cursorColumn + 1)
        case 2:
            erase(rows: 0..<rows)
        case 3:
            scrolledOffLines.removeAll()
        default:
            unsupportedSequences.append(sequence.description)
        }
    }

    private mutating func eraseInLine(_ sequence: ControlSequence) {
        isWrapPending = false
        switch sequence.parameter(0) ?? 0 {
        case 0:
            erase(row: cursorRow, columns: cursorColumn..<columns)
        case 1:
            erase(row: cursorRow, columns: 0..<cursorColumn + 1)
        case 2:
            erase(row: cursorRow, columns: 0..<columns)
        default:
            unsupportedSequences.append(sequence.description)
        }
    }

    /// DSR: every request is recorded; a cursor position request (`6n`) is also answered.
    private mutating func reportDeviceStatus(_ sequence: ControlSequence) {
        queries.append(sequence.description)
        guard sequence.parameter(0) == 6 else { return }
        pendingReplies += Array("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R".utf8)
    }

    // MARK: - Modes and extensions

    /// DECSET and DECRST (`CSI ? … h` / `l`), and the other `CSI ?` requests.
    private mutating func performPrivate(_ sequence: ControlSequence) {
        let isSet: Bool
        switch Unicode.Scalar(sequence.final) {
        case "h":
            isSet = true
        case "l":
            isSet = false
        case "n":
            queries.append(sequence.description)
            return
        case "u":
            queries.append(sequence.description)
            if answersKeyboardProtocol { pendingReplies += Array("\u{1B}[?\(keyboardFlagsStack.last ?? 0)u".utf8) }
            return
        default:
            unsupportedSequences.append(sequence.description)
            return
        }
        var hasIgnoredMode = false
        for mode in sequence.parameters.map({ $0.first ?? nil }) {
            switch mode {
            case 7:
                isAutowrapEnabled = isSet
                if !isSet { isWrapPending = false }
            case 25:
                isCursorVisible = isSet
            case 2004:
                bracketedPasteEnabled = isSet
            case 2026:
                synchronizedOutputDepth = isSet
                    ? synchronizedOutputDepth + 1 : max(synchronizedOutputDepth - 1, 0)
            case 2027 where supportsGraphemeClusterMode:
                isGraphemeClusterModeOn = isSet
            default:
                hasIgnoredMode = true
            }
        }
        if hasIgnoredMode || sequence.parameters.isEmpty {
            ignoredSequences.append(sequence.description)
        }
    }

    /// `ESC[=flags;mode u`: the top of the keyboard protocol's stack set to `flags` (mode 1),
    /// or with `flags` added (2) or taken away (3).
    private mutating func setKeyboardFlags(_ flags: Int, mode: Int) {
        let current = keyboardFlagsStack.popLast() ?? 0
        switch mode {
        case 2: keyboardFlagsStack.append(current | flags)
        case 3: keyboardFlagsStack.append(current & ~flags)
        default: keyboardFlagsStack.append(flags)
        }
    }

    /// Sequences with a `>`, `<` or `=` marker or with intermediates: the keyboard protocol's
    /// pushes, pops and sets change its stack, a cursor shape is kept, modifyOtherKeys changes
    /// nothing the screen models, and version or mode requests are queries.
    private mutating func performExtension(_ sequence: ControlSequence) {
        let marker = sequence.privateMarker.map { Unicode.Scalar($0) }
        let intermediate = sequence.intermediates.first.map { Unicode.Scalar($0) }
        switch (marker, intermediate, Unicode.Scalar(sequence.final)) {
        case ("?", "$", "p") where sequence.parameter(0) == 2027 && supportsGraphemeClusterMode:
            queries.append(sequence.description)
            pendingReplies += Array("\u{1B}[?2027;\(isGraphemeClusterModeOn ? 1 : 2)$y".utf8)
        case (">", nil, "c"), ("=", nil, "c"), (">", nil, "q"), (_, "$", "p"):
            queries.append(sequence.description)
        case (">", nil, "u"):
            keyboardFlagsStack.append(sequence.parameter(0) ?? 0)
        case ("<", nil, "u"):
            keyboardFlagsStack.removeLast(min(sequence.count(), keyboardFlagsStack.count))
        case ("=", nil, "u"):
            setKeyboardFlags(sequence.parameter(0) ?? 0, mode: sequence.parameter(1) ?? 1)
        case (nil, " ", "q"):
            cursorShape = sequence.parameter(0) ?? 0
        case (">", nil, "m"):
            ignoredSequences.append(sequence.description)
        default:
            unsupportedSequences.append(sequence.description)
        }
    }
}
