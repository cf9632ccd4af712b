import GhostlineCore

/// What the first bytes of an input choose: the terminal's size, the prompts and ghost texts, the
/// editor's features and how the keys are read. Prompts, placeholder, history entries and
/// completions all hold controls (ESC, CSI as C1, BEL), which must reach the screen only in
/// caret notation.
struct FuzzSetting {
    /// How many bytes the setting takes from the start of an input.
    static let byteCount = 5

    let width: Int
    let height: Int
    let prompt: String
    let continuationPrompt: String
    let placeholder: String?
    let isMultiline: Bool
    let hasHistory: Bool
    /// Whether the history's entries are sorted by their bytes before the keys, as a session
    /// sorts them while it waits, so that lookups go through the sorted order.
    let sortsHistory: Bool
    let hasCompletion: Bool
    /// Whether Tab offers several candidates in a menu rather than listing them, and how many
    /// rows it shows at most.
    let usesMenu: Bool
    let menuRows: Int
    /// Whether a frame is drawn after each batch of events read together (as the session draws)
    /// rather than after every event.
    let drawsPerBatch: Bool
    /// Whether the input goes quiet between some chunks, so that the decoder is flushed there
    /// (a lone ESC times out).
    let pausesBetweenChunks: Bool
    /// Seeds the chunk lengths and pauses.
    let chunkingSeed: UInt64
    /// The right prompt, toolbar and transient prompt, with wide characters and controls.
    let chrome: ChromeSettings
    /// Whether a validator refuses some entries with a message of several rows.
    let validates: Bool
    /// Whether the prompts carry the marks of shell integration (OSC 133).
    let marksPrompts: Bool
    /// Whether the terminal draws clusters unlike the tables (``drawnWidths``, ambiguous
    /// characters wide), and the entry lays them out as measured.
    let drawsOwnWidths: Bool
    /// Whether the keys are vi mode's (with an init file's bindings in its keymaps when
    /// ``bindsViKeys``) rather than emacs mode's.
    let isVi: Bool
    let bindsViKeys: Bool

    /// An init file's bindings in vi's keymaps: vi functions, emacs functions, a macro and an
    /// unknown name in command mode, sequences and leaving insert mode in insert mode.
    static let viBindings = """
        set keymap vi-command
        "Q": vi-prev-word
        "K": end-of-line
        "H": "0dw\\e"
        "x": no-such-function
        "\\C-xa": vi-append-eol
        "\\C-k": vi-fWord
        set keymap vi-insert
        "\\C-o": vi-movement-mode
        "\\C-xq": "ab"
        """

    /// Home directories for `~` (Alt-&, vi's `&`): wide characters and a control.
    static func homeDirectory(of user: String) -> String? {
        user.isEmpty ? "/home/中文" : user == "root" ? "/r\u{1B}oot" : nil
    }

    /// The widths a terminal that draws clusters its own way was measured to draw them in.
    static let drawnWidths: [Character: Int] = ["👨‍👩‍👧": 6, "❤️": 1, "🇫🇷": 4, "👍🏽": 3, "1️⃣": 1]

    /// The widths the entry lays clusters out in when ``drawsOwnWidths``.
    static var measuredWidths: TerminalWidths {
        var widths = TerminalWidths(ambiguousWidth: .wide)
        for (cluster, width) in drawnWidths { widths.record(width, for: cluster) }
        return widths
    }

    private static let prompts = ["> ", "", "请输入: ", "\u{1B}[31m>\u{9B}2J\u{07} ", "a prompt longer than a narrow terminal > "]
    private static let placeholders = ["Type a message…", "请输入消息 😀", "\u{9B}31mred\u{1B}]0;title\u{07}",
                                       "👨‍👩‍👧 ❤️ 🇫🇷 ±α"]

    /// The fifth byte's first bit chooses vi mode, its second the bindings; zero is the emacs
    /// mode the first four bytes alone chose before vi mode was fuzzed.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        isVi = bytes[4] & 0x01 != 0
        bindsViKeys = bytes[4] & 0x02 != 0
        width = 1 + Int(bytes[0] % 48)
        height = 1 + Int(bytes[1] % 16)
        let flags = bytes[2]
        prompt = Self.prompts[Int(flags & 0x07) % Self.prompts.count]
        continuationPrompt = flags & 0x08 == 0 ? "… " : "\u{1B}> "
        placeholder = flags & 0x10 == 0 ? nil : Self.placeholders[Int(bytes[3] >> 6) % Self.placeholders.count]
        drawsOwnWidths = bytes[3] & 0x04 != 0
        isMultiline = flags & 0x20 != 0
        hasHistory = flags & 0x40 != 0
        // The height takes the low four bits of its byte.
        sortsHistory = bytes[1] & 0x80 != 0
        hasCompletion = flags & 0x80 != 0
        usesMenu = bytes[1] & 0x10 != 0
        menuRows = bytes[1] & 0x20 != 0 ? 3 : 8
        marksPrompts = bytes[1] & 0x40 != 0
        drawsPerBatch = bytes[3] & 0x01 != 0
        pausesBetweenChunks = bytes[3] & 0x02 != 0
        chunkingSeed = UInt64(bytes[3] >> 3)
        // The width takes the byte modulo 48; what is left of it chooses the chrome.
        let chromeKind = bytes[0] / 48
        var chrome = ChromeSettings()
        if chromeKind & 1 != 0 { chrome.rightPrompt = chromeKind & 4 == 0 ? "[main]" : "分支 \u{1B}[2J\u{9B}H" }
        if chromeKind & 2 != 0 { chrome.toolbar = "F1 帮助 · \u{1B}]0;title\u{07}\nsecond row" }
        if chromeKind == 3 || chromeKind == 5 { chrome.transientPrompt = "$ \u{9B}1m" }
        self.chrome = chrome
        validates = chromeKind >= 3
    }

    /// Refuses an entry whose length is a multiple of three, with a message of one to three
    /// rows, some with controls.
    static func validation(of text: String) -> Validation {
        let count = text.utf8.count
        guard count % 3 == 0 else { return .accepted }
        return .refused(message: "refused \u{1B}[31m\n" + String(repeating: "中", count: count % 7) + "\n\u{07}end",
                        cursor: count % 2 == 0 ? .start : nil)
    }

    /// The history, when the setting has one: entries with wide characters, combining marks,
    /// line breaks and controls, so suggestions and search show them, and after them 320 more
    /// (the prefix index reads up to 256 one by one) sharing their beginnings, so that it has
    /// buckets.
    var history: History {
        guard hasHistory else { return History() }
        let entries = ["git status", "🇫🇷 e\u{301}", "foo bar\nbaz", "echo \u{1B}[2J\u{9B}H\u{7F}", "请输入 wide"]
        let variants = (0..<320).map { index in
            entries[index % entries.count] + (index % 3 == 0 ? "\u{301}" : " ") + String(index % 97)
        }
        var history = History(entries: variants + entries)
        if sortsHistory { history.finishIndexing() }
        return history
    }

    /// Completions for the word before the cursor: none, one, or several (a listing or a menu
    /// below the entry), some with controls, wide characters and descriptions, some replacing
    /// from the line's start, and for a long word more than a menu shows.
    static func completions(for context: CompletionContext) -> [CompletionCandidate] {
        let word = context.word
        switch word.utf8.count % 4 {
        case 0: return []
        case 1: return [CompletionCandidate(word + "🇫🇷")]
        case 2:
            return [CompletionCandidate(word + "x"), CompletionCandidate(word + "\u{1B}[1mbold", description: "\u{9B}2J 粗体"),
                    CompletionCandidate(word + "中文", display: "中文 \u{07}", description: "wide"),
                    CompletionCandidate("whole line", replacementStart: context.textBeforeCursor.startIndex)]
        default:
            return (0..<(word.utf8.count * 7 % 40)).map { index in
                CompletionCandidate(word + String(index), description: index % 3 == 0 ? nil : String(repeating: "描述", count: index % 5))
            }
        }
    }
}
