/// A text's style spans as layout reads them: in order, without overlaps, split at line breaks,
/// with offsets counted from the start of each line.
///
/// Made once per change of the text from what a ``Highlighter`` gave, so that a frame finds a
/// line's spans at once, whatever the text's length.
package struct TextHighlights: Hashable, Sendable {
    /// The spans of each line, by line index; lines after the last listed have none.
    private var lines: [[StyleSpan]]

    /// No spans at all: the text drawn plain. Made where it is asked for, from the empty array,
    /// rather than kept as a constant: a constant is set up at its first use, through a one-time
    /// initialization that the first key typed paid for.
    package static var none: TextHighlights { TextHighlights(lines: []) }

    private init(lines: [[StyleSpan]]) {
        self.lines = lines
    }

    /// Makes `spans`, given for `text`, ready for layout: where spans overlap the later one in
    /// the array wins, parts outside the text are dropped, and so are plain runs.
    package init(_ spans: [StyleSpan], in text: String) {
        let byteCount = text.utf8.count
        let clipped = spans.compactMap { span -> StyleSpan? in
            let range = span.range.clamped(to: 0..<byteCount)
            return range.isEmpty ? nil : StyleSpan(range, style: span.style)
        }
        let runs = Self.merged(Self.flattened(clipped))
        guard !runs.isEmpty else {
            self.init(lines: [])
            return
        }
        var lines: [[StyleSpan]] = [[]]
        var lineStart = 0
        text.withUTF8Bytes { bytes in
            var position = 0
            for run in runs {
                var start = run.range.lowerBound
                while start < run.range.upperBound {
                    // Move to the line holding `start`.
                    while position < start {
                        if bytes[position] == 0x0A {
                            lines.append([])
                            lineStart = position + 1
                        }
                        position += 1
                    }
                    var end = start
                    while end < run.range.upperBound && bytes[end] != 0x0A { end += 1 }
                    if end > start {
                        lines[lines.count - 1].append(StyleSpan((start - lineStart)..<(end - lineStart), style: run.style))
                    }
                    // Past the line break, if the run goes on after it.
                    start = end + 1
                }
            }
        }
        self.init(lines: lines)
    }

    /// The spans of line `index`, offsets from the line's start.
    package func spans(ofLine index: Int) -> [StyleSpan] {
        index < lines.count ? lines[index] : []
    }

    /// These highlights with `style` drawn over the given ranges of lines (offsets from each
    /// line's start) in place of what was there: a selection over the text's own colours.
    package func overlaid(with style: Style, on spans: [(line: Int, range: Range<Int>)]) -> TextHighlights {
        var lines = lines
        for (line, range) in spans where !range.isEmpty {
            while lines.count <= line { lines.append([]) }
            lines[line] = Self.merged(Self.flattened(lines[line] + [StyleSpan(range, style: style)]))
        }
        return TextHighlights(lines: lines)
    }

    /// The spans in order and without overlaps, the later one in `spans` winning where they
    /// overlapped.
    private static func flattened(_ spans: [StyleSpan]) -> [StyleSpan] {
        // What highlighters give nearly always: spans in order, none overlapping.
        if zip(spans, spans.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) { return spans }
        var boundaries = Array(Set(spans.flatMap { [$0.range.lowerBound, $0.range.upperBound] }))
        boundaries.sort()
        let byStart = spans.indices.sorted { spans[$0].range.lowerBound < spans[$1].range.lowerBound }
        var next = 0
        var active: [Int] = []
        var pieces: [StyleSpan] = []
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            while next < byStart.count && spans[byStart[next]].range.lowerBound <= start {
                active.append(byStart[next])
                next += 1
            }
            active.removeAll { spans[$0].range.upperBound <= start }
            if let winner = active.max() { pieces.append(StyleSpan(start..<end, style: spans[winner].style)) }
        }
        return pieces
    }

    /// Ordered, non-overlapping spans with touching runs of one style joined and plain runs dropped.
    private static func merged(_ spans: [StyleSpan]) -> [StyleSpan] {
        var runs: [StyleSpan] = []
        for span in spans where span.style != .plain {
            if let last = runs.last, last.style == span.style, last.range.upperBound == span.range.lowerBound {
                runs[runs.count - 1].range = last.range.lowerBound..<span.range.upperBound
            } else {
                runs.append(span)
            }
        }
        return runs
    }
}

extension TextHighlights {
    /// The first offset of a line at which `old` and `new`, spans of that line as layout reads
    /// them, may style a byte differently; no earlier byte changes style. Past both when they
    /// are the same.
    static func firstDifference(between old: [StyleSpan], and new: [StyleSpan]) -> Int {
        var index = 0
        while index < old.count && index < new.count && old[index] == new[index] { index += 1 }
        switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
        case let (before?, after?):
            // One run grown or shrunk at its end (typing at the end of a word) changes only there.
            if before.range.lowerBound == after.range.lowerBound && before.style == after.style {
                return min(before.range.upperBound, after.range.upperBound)
            }
            return min(before.range.lowerBound, after.range.lowerBound)
        case let (before?, nil): return before.range.lowerBound
        case let (nil, after?): return after.range.lowerBound
        case (nil, nil): return .max
        }
    }

    /// Whether `old` and `new` style every byte alike but those from `start` to the end of line
    /// `lastLine`, where text was appended since `old` was drawn: the same spans on every other
    /// line, and none differing on `start`'s line before `start`.
    ///
    /// Lines after `lastLine` have the same indices in both: text appended after the last line
    /// adds lines only after it, and text appended to another line adds none.
    static func styleAlike(_ old: TextHighlights, _ new: TextHighlights, outside start: TextPosition,
                           through lastLine: Int) -> Bool {
        // Each line's spans are compared rather than tracked per edit: the highlighter read the
        // whole text for this version, so this costs no more than it did. Lines after the last
        // either lists have no spans in both: without a highlighter nothing is compared, however
        // many lines the text has.
        let listed = max(old.lines.count, new.lines.count)
        for line in 0..<min(start.line, listed) where old.spans(ofLine: line) != new.spans(ofLine: line) { return false }
        guard firstDifference(between: old.spans(ofLine: start.line), and: new.spans(ofLine: start.line)) >= start.offset
        else { return false }
        for line in (lastLine + 1)..<max(lastLine + 1, old.lines.count, new.lines.count)
        where old.spans(ofLine: line) != new.spans(ofLine: line) {
            return false
        }
        return true
    }
}
