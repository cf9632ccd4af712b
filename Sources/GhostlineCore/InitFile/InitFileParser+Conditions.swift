extension InitFileParser {
    /// Whether the lines after `$if arguments` are read, as readline's `parser_if` decides:
    /// `term=`, `mode=`, `version OP X.Y`, the application's name, or `VARIABLE == VALUE`.
    /// A condition readline complains about skips its lines.
    mutating func condition(_ arguments: Substring) -> Bool {
        let word = arguments.prefix { $0 != " " && $0 != "\t" }
        let lowercased = word.lowercased()
        if lowercased.hasPrefix("term=") {
            let wanted = lowercased.dropFirst(5)
            let terminal = environment.terminalName.lowercased()
            return !terminal.isEmpty && (wanted == terminal || wanted == terminal.prefix { $0 != "-" })
        }
        if lowercased.hasPrefix("mode=") {
            let mode = lowercased.dropFirst(5)
            return (mode == "emacs" && result.variables.editingMode == .emacs) || (mode == "vi" && result.variables.editingMode == .vi)
        }
        if lowercased.hasPrefix("version") {
            return versionCondition(arguments.dropFirst(7))
        }
        if lowercased == environment.applicationName.lowercased() {
            return true
        }
        if InitFileVariables.isBoolean(word) || InitFileVariables.isString(word) {
            return variableCondition(String(lowercased), arguments.dropFirst(word.count))
        }
        return false
    }

    private enum Comparison {
        case equal, notEqual, lessOrEqual, greaterOrEqual, less, greater
    }

    /// readline's `parse_comparison_op`: `=` or `==`, `!=`, `<=`, `>=`, `<`, `>`.
    private static func comparison(at text: inout Substring) -> Comparison? {
        let operators: [(String, Comparison)] = [("==", .equal), ("!=", .notEqual), ("<=", .lessOrEqual),
                                                 (">=", .greaterOrEqual), ("=", .equal), ("<", .less), (">", .greater)]
        for (spelling, comparison) in operators where text.hasPrefix(spelling) {
            text = text.dropFirst(spelling.count)
            return comparison
        }
        return nil
    }

    private static func droppingSpace(_ text: Substring) -> Substring { text.drop { $0 == " " || $0 == "\t" } }

    private mutating func versionCondition(_ afterWord: Substring) -> Bool {
        var text = Self.droppingSpace(afterWord)
        guard let first = text.first, "=!<>".contains(first) else {
            complain("comparison operator expected, found `\(text.isEmpty ? "end-of-line" : String(text))'")
            return false
        }
        let operatorText = text
        guard let comparison = Self.comparison(at: &text) else {
            complain("comparison operator expected, found `\(operatorText)'")
            return false
        }
        text = Self.droppingSpace(text)
        let number = text
        guard let digit = text.first, digit.isASCII, digit.isNumber else {
            complain("numeric argument expected, found `\(text)'")
            return false
        }
        let major = text.prefix { $0.isASCII && $0.isNumber }
        text = text.dropFirst(major.count)
        var minor: Substring = ""
        if text.first == "." {
            text = text.dropFirst()
            if let next = text.first, !(next.isASCII && next.isNumber) {
                complain("numeric argument expected, found `\(number)'")
                return false
            }
            minor = text.prefix { $0.isASCII && $0.isNumber }
            text = text.dropFirst(minor.count)
        }
        text = Self.droppingSpace(text)
        if let next = text.first, next != "#" {
            complain("trailing garbage on line: `\(text)'")
            return false
        }
        let version = InitFileVariables.leadingInteger(major) * 10 + InitFileVariables.leadingInteger(minor)
        let current = Self.readlineVersion
        switch comparison {
        case .equal: return current == version
        case .notEqual: return current != version
        case .lessOrEqual: return current <= version
        case .greaterOrEqual: return current >= version
        case .less: return current < version
        case .greater: return current > version
        }
    }

    private mutating func variableCondition(_ name: String, _ afterWord: Substring) -> Bool {
        var text = Self.droppingSpace(afterWord)
        guard let first = text.first, first == "=" || first == "!" else {
            complain("equality comparison operator expected, found `\(text.isEmpty ? "end-of-line" : String(text))'")
            return false
        }
        let operatorText = text
        guard let comparison = Self.comparison(at: &text), comparison == .equal || comparison == .notEqual else {
            complain("equality comparison operator expected, found `\(operatorText)'")
            return false
        }
        text = Self.droppingSpace(text)
        guard !text.isEmpty else {
            complain("argument expected, found `'")
            return false
        }
        let wanted = text.prefix { $0 != " " && $0 != "\t" }
        let rest = Self.droppingSpace(text.dropFirst(wanted.count))
        if let next = rest.first, next != "#" {
            complain("trailing garbage on line: `\(rest)'")
            return false
        }
        let isEqual = result.variables.comparableValue(name)?.lowercased() == wanted.lowercased()
        return comparison == .equal ? isEqual : !isEqual
    }
}
