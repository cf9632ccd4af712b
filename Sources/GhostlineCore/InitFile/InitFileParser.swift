/// Reads the lines of an init file as GNU readline's `bind.c` does (`rl_parse_and_bind`,
/// `handle_parser_directive`), into an ``InitFile``.
struct InitFileParser {
    /// The readline version `$if version` compares with: the readline whose behaviour the reader
    /// follows, as `major * 10 + minor` the way readline compares it.
    static let readlineVersion = 82
    /// How many files `$include` may read in all, so that a file that includes itself many
    /// times over ends quickly.
    static let mostIncludes = 100

    let environment: InitFile.Environment
    var result = InitFile()
    /// The state of each open `$if`: whether lines were skipped before it began.
    private var conditions: [Bool] = []
    /// Whether lines are being skipped.
    private var isSkipping = false
    private var keymap = InitFileKeymap.emacs(prefix: [])
    private var bytesLeft = InitFile.longestText
    private var includesLeft = mostIncludes
    private var fileName = ""
    private var lineNumber = 0

    init(environment: InitFile.Environment) {
        self.environment = environment
    }

    // MARK: - Files and lines

    mutating func read(_ text: [UInt8], name: String, depth: Int) {
        let savedName = fileName
        let savedLine = lineNumber
        defer {
            fileName = savedName
            lineNumber = savedLine
        }
        fileName = name
        lineNumber = 0
        var text = text[...]
        if text.count > bytesLeft {
            lineNumber = 0
            complain("only the first \(InitFile.longestText) bytes of init files are read")
            text = text.prefix(bytesLeft)
        }
        bytesLeft -= text.count
        for rawLine in text.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            // A line is a C string to readline: a NUL byte ends it.
            let line = rawLine.prefix { $0 != 0 }.drop { $0 == 0x20 || $0 == 0x09 }
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            parse(Substring(decoding: line, as: UTF8.self), depth: depth)
        }
    }

    mutating func complain(_ message: String) {
        result.diagnostics.append("readline: \(fileName): line \(lineNumber): \(message)")
    }

    private mutating func parse(_ line: Substring, depth: Int) {
        if line.first == "$" {
            directive(line.dropFirst(), depth: depth)
            return
        }
        guard !isSkipping else { return }
        // The scanning is done on UTF-8 bytes: every delimiter is ASCII, and stepping by
        // characters cost most of the time a long file takes.
        let bytes = line.utf8
        var index = line.startIndex
        if line.first == "\"" {
            index = Self.skip(to: UInt8(ascii: "\""), in: line, from: bytes.index(after: index))
            guard index < line.endIndex else {
                complain("\(line): no closing `\"' in key binding")
                return
            }
            index = bytes.index(after: index)
        }
        while index < line.endIndex, !Self.endsKeyName(bytes[index]) { index = bytes.index(after: index) }
        let keyName = line[..<index]
        let isEquivalency = index < line.endIndex && bytes[index] == UInt8(ascii: ":")
            && bytes.index(after: index) < line.endIndex && bytes[bytes.index(after: index)] == UInt8(ascii: "=")
        if index < line.endIndex { index = bytes.index(after: index) }
        if isEquivalency { index = bytes.index(after: index) }
        let rest = line[index...]
        if keyName.utf8.count == 3 && keyName.lowercased() == "set" {
            setVariable(rest)
            return
        }
        guard !isEquivalency else { return }
        let right = Self.rightHandSide(of: rest)
        let action: InitFile.Action
        if let quote = right.first, quote == "\"" || quote == "'" {
            var body = right.dropFirst()
            if body.last == quote { body = body.dropLast() }
            // readline keeps a macro as a C string: a NUL byte ends it.
            action = .macro(Array(ReadlineKeySequence.bytes(translating: body.utf8).prefix { $0 != 0 }))
        } else {
            action = .function(String(right))
        }
        let keys: [UInt8]
        if keyName.first == "\"" {
            keys = ReadlineKeySequence.bytes(translating: Self.quotedKeySequence(keyName).utf8)

        } else {
            switch ReadlineKeySequence.bytes(ofKeyName: keyName) {
            case .success(let bytes):
                // readline makes the key of a macro a C string: Control-Space (NUL) binds nothing.
                if case .macro = action, bytes.contains(0) { return }
                keys = bytes
            case .failure(let error):
                complain(error.message)
                return
            }
        }
        bind(keys, to: action)
    }

    private mutating func bind(_ keys: [UInt8], to action: InitFile.Action) {
        guard !keys.isEmpty else { return }
        switch keymap {
        case .emacs(let prefix): result.emacsBindings.append(.init(keys: prefix + keys, action: action))
        case .viCommand: result.viCommandBindings.append(.init(keys: keys, action: action))
        case .viInsert: result.viInsertBindings.append(.init(keys: keys, action: action))
        }
    }

    private static func endsKeyName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// The index of the first unescaped `delimiter` from `start`, or the end.
    private static func skip(to delimiter: UInt8, in line: Substring, from start: Substring.Index) -> Substring.Index {
        let bytes = line.utf8
        var index = start
        while index < line.endIndex {
            if bytes[index] == UInt8(ascii: "\\") {
                index = bytes.index(after: index)
                if index == line.endIndex { break }
            } else if bytes[index] == delimiter {
                return index
            }
            index = bytes.index(after: index)
        }
        return line.endIndex
    }

    /// A function name up to whitespace, or a quoted macro up to its closing quote and any text
    /// that follows up to whitespace.
    private static func rightHandSide(of rest: Substring) -> Substring {
        let bytes = rest.utf8
        let start = bytes.firstIndex { !isSpace($0) } ?? rest.endIndex
        var index = start
        if index < rest.endIndex, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            index = skip(to: bytes[index], in: rest, from: bytes.index(after: index))
            if index < rest.endIndex { index = bytes.index(after: index) }
        }
        while index < rest.endIndex, !isSpace(bytes[index]) { index = bytes.index(after: index) }
        return rest[start..<index]
    }

    /// The text between the quotes of a key sequence, backslashes kept for translation.
    private static func quotedKeySequence(_ keyName: Substring) -> Substring {
        let bytes = keyName.utf8
        let start = bytes.index(after: keyName.startIndex)
        var index = start
        var isEscaped = false
        while index < keyName.endIndex {
            let byte = bytes[index]
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                isEscaped = true
            } else if byte == UInt8(ascii: "\"") {
                break
            }
            index = bytes.index(after: index)
        }
        return keyName[start..<index]
    }

    // MARK: - Variables

    private mutating func setVariable(_ rest: Substring) {
        let afterSpace = Self.droppingSpaces(rest)
        let name = afterSpace[..<(afterSpace.utf8.firstIndex(where: Self.isSpace) ?? afterSpace.endIndex)]
        var value = Self.droppingSpaces(afterSpace[name.endIndex...])
        if InitFileVariables.isBoolean(name) {
            value = Self.trimmingTrailingWhitespace(value)
        } else if InitFileVariables.isString(name) {
            if value.first == "\"" {
                let afterQuote = value.utf8.index(after: value.startIndex)
                value = value[afterQuote..<Self.skip(to: UInt8(ascii: "\""), in: value, from: afterQuote)]
            } else {
                value = Self.trimmingTrailingWhitespace(value)
            }
        }
        if let error = result.variables.set(name, to: value) {
            complain(error.message)
            return
        }
        switch name.lowercased() {
        case "editing-mode":
            keymap = result.variables.editingMode == .vi ? .viInsert : .emacs(prefix: [])
            _ = result.variables.set("keymap", to: result.variables.editingMode == .vi ? "vi-insert" : "emacs")
        case "keymap":
            if let named = InitFileKeymap(named: value) {
                keymap = named
                let printed: Substring = switch named {
                case .emacs(prefix: []): "emacs"
                case .viCommand: "vi"
                default: Substring(value.lowercased())
                }
                _ = result.variables.set("keymap", to: printed)
            }
        default:
            break
        }
    }

    private static func trimmingTrailingWhitespace(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, isSpace(text.utf8[text.utf8.index(before: end)]) { end = text.utf8.index(before: end) }
        return text[..<end]
    }

    /// `text` without the spaces and tabs it starts with.
    static func droppingSpaces(_ text: Substring) -> Substring {
        text[(text.utf8.firstIndex { !isSpace($0) } ?? text.endIndex)...]
    }

    // MARK: - Directives

    private mutating func directive(_ statement: Substring, depth: Int) {
        let trimmed = Self.droppingSpaces(statement)
        let name = trimmed[..<(trimmed.utf8.firstIndex(where: Self.isSpace) ?? trimmed.endIndex)]
        let arguments = Self.droppingSpaces(trimmed[name.endIndex...])
        switch name.lowercased() {
        case "if":
            conditions.append(isSkipping)
            if !isSkipping { isSkipping = !condition(arguments) }
        case "else":
            guard !conditions.isEmpty else {
                complain("$else found without matching $if")
                return
            }
            if !conditions.contains(true) { isSkipping.toggle() }
        case "endif":
            guard let outer = conditions.popLast() else {
                complain("$endif without matching $if")
                return
            }
            isSkipping = outer
        case "include":
            guard !isSkipping else { return }
            include(String(arguments), depth: depth)
        default:
            complain("\(name): unknown parser directive")
        }
    }

    private mutating func include(_ path: String, depth: Int) {
        guard depth < InitFile.deepestInclude, includesLeft > 0 else {
            complain("\(path): $include nested too deeply or too often; not read")
            return
        }
        includesLeft -= 1
        var expanded = path
        if let home = environment.homeDirectory, path == "~" || path.hasPrefix("~/") {
            expanded = home + path.dropFirst()
        }
        // A file that cannot be read is passed over in silence, as readline does.
        guard case .contents(let bytes, let isTruncated) = environment.load(expanded) else { return }
        if isTruncated {
            complain("\(path): only the first \(InitFile.longestText) bytes of init files are read")
        }
        read(bytes, name: path, depth: depth + 1)
    }
}
