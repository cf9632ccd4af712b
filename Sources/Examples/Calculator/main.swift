import Ghostline
import Glibc

// `calculator`: a REPL of whole-number arithmetic with variables. It keeps its history in
// ~/.calculator_history, completes variable names and commands with Tab, and colours what is
// typed: numbers, operators, known names, and names it does not know in red.
//
//     calc> x = 6 * 7        x = 42
//     calc> x / (ans - 40)   = 21

/// One piece of an expression, where it lies in the line's UTF-8 bytes.
struct Token {
    /// What the piece is: `symbol` is an operator, a parenthesis or `=`.
    enum Kind { case number, name, symbol, unknown }
    var kind: Kind
    var text: Substring
    var range: Range<Int>
}

/// The line cut into numbers, names, operators and parentheses; anything else is `unknown`.
func tokens(of line: String) -> [Token] {
    var result: [Token] = []
    var index = line.startIndex
    while index < line.endIndex {
        let character = line[index]
        var end = line.index(after: index)
        let kind: Token.Kind
        if character.isASCII && character.isNumber {
            while end < line.endIndex, line[end].isASCII && line[end].isNumber { end = line.index(after: end) }
            kind = .number
        } else if character.isLetter {
            while end < line.endIndex, line[end].isLetter || (line[end].isASCII && line[end].isNumber) { end = line.index(after: end) }
            kind = .name
        } else if "+-*/%()=".contains(character) {
            kind = .symbol
        } else if character.isWhitespace {
            index = end
            continue
        } else {
            kind = .unknown
        }
        let start = line.utf8.distance(from: line.startIndex, to: index)
        result.append(Token(kind: kind, text: line[index..<end], range: start..<(start + line.utf8.distance(from: index, to: end))))
        index = end
    }
    return result
}

/// Why a line has no value.
struct CalculationError: Error { var message: String }

/// The variables, and the evaluation of an expression over them.
final class Calculator {
    /// Each name's value; `ans` is the last value computed.
    var variables = ["ans": 0]
    private var input: [Token] = []
    private var position = 0

    /// The value of `line`'s expression; `name = expression` also gives the name that value.
    func evaluate(_ line: String) throws(CalculationError) -> (name: String?, value: Int) {
        input = tokens(of: line)
        position = 0
        var name: String?
        if input.count > 2, input[0].kind == .name, input[1].text == "=" {
            name = String(input[0].text)
            position = 2
        }
        let value = try sum()
        guard position == input.count else { throw CalculationError(message: "unexpected \(input[position].text)") }
        variables["ans"] = value
        if let name { variables[name] = value }
        return (name, value)
    }

    /// The next token when it is one of `symbols`, taken; else nil, and nothing taken.
    private func next(_ symbols: String) -> Character? {
        guard position < input.count, input[position].kind == .symbol,
              let symbol = input[position].text.first, symbols.contains(symbol) else { return nil }
        position += 1
        return symbol
    }

    /// The value of an operation that did not overflow.
    private func checked(_ result: (partialValue: Int, overflow: Bool)) throws(CalculationError) -> Int {
        guard !result.overflow else { throw CalculationError(message: "too large") }
        return result.partialValue
    }

    private func sum() throws(CalculationError) -> Int {
        var value = try product()
        while let symbol = next("+-") {
            let operand = try product()
            value = try checked(symbol == "+" ? value.addingReportingOverflow(operand) : value.subtractingReportingOverflow(operand))
        }
        return value
    }

    private func product() throws(CalculationError) -> Int {
        var value = try factor()
        while let symbol = next("*/%") {
            let operand = try factor()
            guard symbol == "*" || operand != 0 else { throw CalculationError(message: "division by zero") }
            value = try checked(symbol == "*" ? value.multipliedReportingOverflow(by: operand)
                                : symbol == "/" ? value.dividedReportingOverflow(by: operand)
                                : value.remainderReportingOverflow(dividingBy: operand))
        }
        return value
    }

    private func factor() throws(CalculationError) -> Int {
        if next("-") != nil { return try checked(Int(0).subtractingReportingOverflow(try factor())) }
        if next("(") != nil {
            let value = try sum()
            guard next(")") != nil else { throw CalculationError(message: "missing )") }
            return value
        }
        guard position < input.count else { throw CalculationError(message: "incomplete expression") }
        let token = input[position]
        position += 1
        switch token.kind {
        case .number:
            guard let value = Int(token.text) else { throw CalculationError(message: "\(token.text) is too large") }
            return value
        case .name:
            guard let value = variables[String(token.text)] else { throw CalculationError(message: "\(token.text) is not defined") }
            return value
        case .symbol, .unknown:
            throw CalculationError(message: "unexpected \(token.text)")
        }
    }
}

/// Colours a line as the calculator reads it, so a name it does not know shows before Enter.
struct CalculatorHighlighter: Highlighter {
    let calculator: Calculator

    func spans(for text: String) -> [StyleSpan] {
        let tokens = tokens(of: text)
        let isAssignment = tokens.count > 1 && tokens[0].kind == .name && tokens[1].text == "="
        return tokens.enumerated().map { index, token in
            let name = String(token.text)
            switch token.kind {
            case .number: return StyleSpan(token.range, style: Style(foreground: .basic(6)))
            case .symbol: return StyleSpan(token.range, style: Style(foreground: .basic(3), isBold: true))
            case .name where calculator.variables[name] != nil || commands.contains(name) || (isAssignment && index == 0):
                return StyleSpan(token.range, style: Style(foreground: .basic(2)))
            case .name, .unknown: return StyleSpan(token.range, style: Style(foreground: .basic(1), isUnderlined: true))
            }
        }
    }
}

/// The words the calculator reads as commands rather than expressions.
let commands = ["help", "vars", "quit"]
let calculator = Calculator()
let editor = LineEditor(prompt: "calc> ", placeholder: "an expression, such as x = 6 * 7; help for more")
editor.promptStyle = Style(isBold: true)
if let home = getenv("HOME") {
    editor.historyFile = HistoryFile(path: String(cString: home) + "/.calculator_history", capacity: 10_000,
                                     options: [.ignoreSpace, .eraseDuplicates])
}
editor.historyFileErrorHandler = { error in print("calculator: \(error)") }
editor.completion = { context in
    (commands + calculator.variables.keys.sorted()).filter { $0.hasPrefix(context.word) }
}
editor.highlighter = CalculatorHighlighter(calculator: calculator)

while true {
    let line: String?
    do {
        line = try editor.readLine()
    } catch LineEditorError.interrupted {
        continue    // Ctrl-C drops the line being typed, as a shell does
    } catch {
        print("calculator: \(error)")
        break
    }
    guard let line, line != "quit" else { break }
    switch line.filter({ !$0.isWhitespace }) {
    case "": continue
    case "help": print("+ - * / % and parentheses on whole numbers; name = expression; ans is the last value; vars; quit")
    case "vars": calculator.variables.sorted { $0.key < $1.key }.forEach { print("\($0.key) = \($0.value)") }
    default:
        do {
            let (name, value) = try calculator.evaluate(line)
            print(name.map { "\($0) = \(value)" } ?? "= \(value)")
        } catch {
            print("error: \(error.message)")
        }
    }
}
