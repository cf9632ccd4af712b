import Ghostline

/// The command line of `ghostline`, parsed.
struct Options: Equatable {
    var prompt = "> "
    var placeholder: String?
    var isMultiline = false
    var initialText = ""
    var loops = false
    var historyPath: String?
    /// How many history entries are kept; nil for the library's default.
    var historySize: Int?
    var sharesHistory = false
    var usesColor = true
    var defaultText: String?
    var completions: [String] = []
    var isSecret = false
    /// The mask's character, empty for none; nil for the locale's default.
    var mask: String?
    var keywords: [String] = []
    /// Milliseconds between the `tick N` lines printed above the prompt; nil for none.
    var tickerInterval: Int?
    /// A FIFO or growing file whose lines are printed above the prompt; nil for none.
    var printFromPath: String?
    var showsHelp = false

    static let usage = """
        usage: ghostline [--prompt STR] [--placeholder STR] [--multiline] [--initial STR]
                         [--loop] [--history FILE] [--history-size N|unlimited]
                         [--share-history] [--no-color] [--default STR]
                         [--completions "WORD WORD …"] [--secret] [--mask CHAR]
                         [--keywords "WORD WORD …"] [--ticker MS]
                         [--print-from FILE]
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
            case "--history-size": options.historySize = try historySize(try value())
            case "--share-history": options.sharesHistory = true
            case "--no-color": options.usesColor = false
            case "--default": options.defaultText = try value()
            case "--completions": options.completions = try value().split(separator: " ").map(String.init)
            case "--secret": options.isSecret = true
            case "--mask":
                let mask = try value()
                guard mask.count <= 1 else { throw Failure(message: "option --mask takes one character or none") }
                options.mask = mask
            case "--keywords": options.keywords = try value().split(separator: " ").map(String.init)
            case "--ticker":
                let text = try value()
                guard let interval = Int(text), interval > 0 else {
                    throw Failure(message: "option --ticker needs a positive number of milliseconds, not \(text)")
                }
                options.tickerInterval = interval
            case "--print-from": options.printFromPath = try value()
            case "--help", "-h": options.showsHelp = true
            default: throw Failure(message: "unknown option \(argument)")
            }
        }
        return options
    }

    /// A history size: a whole number of entries, at least 1, or `unlimited`.
    private static func historySize(_ text: String) throws(Failure) -> Int {
        if text == "unlimited" { return History.unlimited }
        guard let size = Int(text), size > 0 else {
            throw Failure(message: "--history-size needs a number of entries (1 or more) or unlimited, not \(text)")
        }
        return size
    }
}
