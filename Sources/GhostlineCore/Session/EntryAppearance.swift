/// How an entry looks, as the app sets it: the prompts, the placeholder, the right prompt, the
/// toolbar, their styles and whether colors are used.
package struct EntryAppearance: Sendable {
    /// Drawn before the entry.
    package var prompt: String
    /// How the prompts are drawn.
    package var promptStyle: Style
    /// Drawn before lines 2…; nil for `… ` right-aligned under the prompt.
    package var continuationPrompt: String?
    /// Ghost text shown while the entry is empty.
    package var placeholder: String?
    /// How the placeholder and suggestions are drawn.
    package var placeholderStyle: Style
    /// Whether colors are used; without, the styles keep their other attributes.
    package var usesColor: Bool
    /// The editing mode's text, drawn before the prompt; nil for none.
    package var modeStrings: ModeStrings?
    /// The right prompt, the toolbar and the transient prompt.
    package var chrome: ChromeSettings

    /// Creates an appearance; by default the prompt `> ` and no placeholder.
    package init(prompt: String = "> ", promptStyle: Style = .plain, continuationPrompt: String? = nil,
                 placeholder: String? = nil, placeholderStyle: Style = .placeholder, usesColor: Bool = true,
                 modeStrings: ModeStrings? = nil, chrome: ChromeSettings = ChromeSettings()) {
        self.modeStrings = modeStrings
        self.chrome = chrome
        self.prompt = prompt
        self.promptStyle = promptStyle
        self.continuationPrompt = continuationPrompt
        self.placeholder = placeholder
        self.placeholderStyle = placeholderStyle
        self.usesColor = usesColor
    }

    /// The prompt as drawn in `mode`: its mode string first.
    func prompt(in mode: PromptMode?) -> String {
        guard let mode, let modeStrings else { return prompt }
        return modeStrings.text(for: mode) + prompt
    }

    /// The continuation prompt in use: the one set, or `… ` right-aligned under the prompt
    /// (drawn in `mode`).
    package func effectiveContinuationPrompt(in mode: PromptMode? = nil) -> String {
        if let continuationPrompt { return continuationPrompt }
        let width = Layout.columns(ofPrompt: prompt(in: mode), width: .max / 2)
        return String(repeating: " ", count: max(0, width - 2)) + "… "
    }
}

/// The styled prompts and placeholder of an appearance, and the geometry they give on a terminal
/// of one size: made again only when the appearance or the size changes. An object, which every
/// frame reads in place; as a value it would be copied out of the session, its prompts and all,
/// on every key.
final class EntryDecorations {
    let width: Int
    let height: Int
    /// Whether a continuation prompt can show: in multi-line mode, or once the text has a second
    /// line. Otherwise it is left empty, unmade and unmeasured: the default `… ` is the only
    /// non-ASCII text on the way to the prompt, and laying it out would bring the standard
    /// library's grapheme breaking into an idle prompt's memory (Docs/Performance.md, "What
    /// embedding costs").
    let showsContinuation: Bool
    /// The mode whose mode string the prompt shows; nil when it shows none.
    let mode: PromptMode?
    let styledPrompt: StyledText
    let styledContinuationPrompt: StyledText
    let styledPlaceholder: StyledText?
    /// The right prompt and the toolbar; empty without them.
    let chrome: Chrome
    /// The prompt left on the screen once the entry is over; nil keeps the prompt.
    let styledTransientPrompt: StyledText?
    /// How the validator's message is drawn.
    let messageStyle: Style
    let geometry: TextGeometry

    /// The decorations of `appearance` for a terminal of `width` columns and `height` rows that
    /// draws clusters in `widths`, in `mode` (for the mode string), with the prompts marked for
    /// shell integration or not.
    init(of appearance: EntryAppearance, width: Int, height: Int, widths: TerminalWidths, showsContinuation: Bool,
         mode: PromptMode?, marksPrompts: Bool) {
        var promptStyle = appearance.promptStyle
        var ghostStyle = appearance.placeholderStyle
        let settings = appearance.chrome
        var rightPromptStyle = settings.rightPromptStyle
        var toolbarStyle = settings.toolbarStyle
        var messageStyle = settings.validationMessageStyle
        if !appearance.usesColor {
            messageStyle = messageStyle.withoutColor
            promptStyle = promptStyle.withoutColor
            ghostStyle = ghostStyle.withoutColor
            rightPromptStyle = rightPromptStyle.withoutColor
            toolbarStyle = toolbarStyle.withoutColor
        }
        let prompt = appearance.prompt(in: mode)
        let continuation = showsContinuation ? appearance.effectiveContinuationPrompt(in: mode) : ""
        self.mode = mode
        self.width = width
        self.height = height
        self.showsContinuation = showsContinuation
        styledPrompt = StyledText(prompt, style: promptStyle)
        styledContinuationPrompt = StyledText(continuation, style: promptStyle)
        styledPlaceholder = appearance.placeholder.map { StyledText($0, style: ghostStyle) }
        self.messageStyle = messageStyle
        styledTransientPrompt = settings.transientPrompt.map { StyledText($0, style: promptStyle) }
        chrome = Chrome(rightPrompt: settings.rightPrompt.flatMap { $0.isEmpty ? nil : StyledText($0, style: rightPromptStyle) },
                        rightPromptMargin: settings.rightPromptMargin,
                        regions: settings.toolbar.map { [Region(.areaBottom, text: $0, style: toolbarStyle)] } ?? [],
                        marksPrompts: marksPrompts)
        geometry = TextGeometry(width: width, firstLineStart: Layout.columns(ofPrompt: prompt, width: width, widths: widths),
                                otherLinesStart: Layout.columns(ofPrompt: continuation, width: width, widths: widths),
                                height: height, reservedRows: chrome.regions.reduce(0) { $0 + $1.rows.count },
                                widths: widths)
    }

    /// Whether these are the decorations for a terminal of this size, with or without the
    /// continuation prompt, in this mode.
    func fit(width: Int, height: Int, showsContinuation: Bool, mode: PromptMode?) -> Bool {
        width == self.width && height == self.height && showsContinuation == self.showsContinuation && mode == self.mode
    }
}

/// What an app draws around the entry besides the prompt: the right prompt, the toolbar, the
/// prompt the entry is left with once it is over, and the style of a validator's message.
package struct ChromeSettings: Sendable {
    /// Drawn at the right of the first row while the text leaves room; nil for none.
    package var rightPrompt: String?
    /// How the right prompt is drawn.
    package var rightPromptStyle = Style.plain
    /// The columns between the right prompt and the right edge.
    package var rightPromptMargin = 1
    /// Rows drawn at the bottom of the area while an entry is edited, a row for each of its
    /// lines; nil for none.
    package var toolbar: String?
    /// How the toolbar is drawn.
    package var toolbarStyle = Style(isInverse: true)
    /// The prompt the entry is left with on the screen once it is over, without the right
    /// prompt; nil keeps the prompt.
    package var transientPrompt: String?
    /// How a validator's message is drawn.
    package var validationMessageStyle = Style(foreground: .basic(1))

    /// Creates settings that draw nothing around the entry.
    package init() {}
}
