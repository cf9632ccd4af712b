/// The command line of `ghostline`, parsed.
struct Options: Equatable {
    var prompt = "> "
    var placeholder: String?
    var isMultiline = false
    var initialText = ""
    var loops = false
    var historyPath: String?
    var usesColor = true
    var defaultText: String?
    var completions: [String] = []
    /// Milliseconds between the `tick N` lines printed above the prompt; nil for none.
    var tickerInterval: Int?
    var showsHelp = false

    static let usage = """
        usage: ghostline [--prompt STR] [--placeholder STR] [--multiline] [--initial STR]
                         [--loop] [--history FILE] [--no-color] [--default STR]
                         [--completions "WORD WORD …"] [--ticker MS]
        """

    /// Why a command line was refused; the message names the offending argument.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(Failure) -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            func value() throws(Failure) -> String {
                guard let value = remaining.popFirst() else { throw Failure(message: "option \(argument) needs a value") }
                return value
            }
            switch argument {
            case "--prompt": options.prompt = try value()
            case "--placeholder": options.placeholder = try value()
            case "--multiline": options.isMultiline = true
            case "--initial": options.initialText = try value()
            case "--loop": options.loops = true
            case "--history": options.historyPath = try value()
            case "--no-color": options.usesColor = false
            case "--default": options.defaultText = try value()
            case "--completions": options.completions = try value().split(separator: " ").map(String.init)
            case "--ticker":
                let text = try value()
                guard let interval = Int(text), interval > 0 else {
                    throw Failure(message: "option --ticker needs a positive number of milliseconds, not \(text)")
                }
                options.tickerInterval = interval
            case "--help", "-h": options.showsHelp = true
            default: throw Failure(message: "unknown option \(argument)")
            }
        }
        return options
    }
}
