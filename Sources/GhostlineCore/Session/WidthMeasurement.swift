/// What a runner reads a terminal's answers with while it waits for them: the ``CapabilityProbe``
/// and the ``WidthMeasurement``. Bytes read meanwhile go through ``receive(_:)``, which takes the
/// answers out and gives back the rest (keys typed meanwhile), in order.
package protocol AwaitedAnswers {
    /// Whether every answer awaited has come.
    var isAnswered: Bool { get }
    /// Takes bytes read while the answers are awaited; returns the bytes that are not answers,
    /// in the order they came.
    mutating func receive(_ bytes: some Sequence<UInt8>) -> [UInt8]
    /// The wait is over: the bytes held as a possible answer's start that are keys after all.
    mutating func finishWaiting() -> [UInt8]
}

/// Asks the terminal how wide it draws clusters: each is written at the start of the cursor's
/// row and followed by a cursor position request (`CSI 6 n`), whose answer (`CSI row ; column R`)
/// tells the column the cluster ended in; the cursor is saved before and put back after them all
/// (DECSC, DECRC). What was written there is the entry's to draw again.
///
/// The query opens a synchronized update, which the frame drawn after the answers closes, so the
/// terminal never shows the clusters written. Answers are taken in order, one per cluster;
/// anything else read meanwhile (keys, including sequences such as arrows) comes back in order.
package struct WidthMeasurement: AwaitedAnswers, Sendable {
    /// How long a terminal that does not answer delays the frame, in milliseconds: longer than
    /// the probe's, since a terminal that answered the probe answers this too, if over a slower
    /// connection.
    package static let longestWait: Int64 = 250
    /// The widest a cluster is taken to be drawn, in columns: a ZWJ sequence of seven emoji that
    /// a terminal draws one by one.
    static let widest = 14

    /// The clusters measured, in the order they are written.
    package let clusters: [Character]
    /// The columns each cluster took, in order; nil where no answer came or it made no sense.
    package private(set) var widths: [Int?]
    /// How many answers came.
    package private(set) var answerCount = 0
    /// The bytes of what may be an answer, cut by the end of a read.
    private var held: [UInt8] = []

    /// Longer than any answer.
    private static let longestAnswer = 24

    /// A measurement of `clusters`, none of them a control character.
    package init(clusters: [Character]) {
        self.clusters = clusters
        widths = Array(repeating: nil, count: clusters.count)
    }

    /// The bytes that ask for the measurements.
    package var query: [UInt8] {
        var bytes = Array("\u{1B}[?2026h\u{1B}7".utf8)
        for cluster in clusters { bytes += Array("\r\(cluster)\u{1B}[6n".utf8) }
        return bytes + Array("\u{1B}8".utf8)
    }

    /// Whether an answer came for every cluster.
    package var isAnswered: Bool { answerCount == clusters.count }

    package mutating func receive(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var typed: [UInt8] = []
        for byte in bytes { consume(byte, into: &typed) }
        return typed
    }

    package mutating func finishWaiting() -> [UInt8] {
        defer { held = [] }
        return held
    }

    private mutating func consume(_ byte: UInt8, into typed: inout [UInt8]) {
        guard !isAnswered else { return typed.append(byte) }
        switch held.count {
        case 0:
            if byte == 0x1B { held.append(byte) } else { typed.append(byte) }
        case 1:
            guard byte == UInt8(ascii: "[") else { return giveBack(byte, into: &typed) }
            held.append(byte)
        default:
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: ";") where held.count < Self.longestAnswer:
                held.append(byte)
            case UInt8(ascii: "R"):
                guard let column = Self.column(ofAnswer: held[2...]) else { return giveBack(byte, into: &typed) }
                // Written at the row's start, the cluster ends before the column answered.
                let width = column - 1
                if (0...Self.widest).contains(width) { widths[answerCount] = width }
                answerCount += 1
                held = []
            default:
                giveBack(byte, into: &typed)
            }
        }
    }

    /// The held bytes were a key's: they go back with `byte` after them, which may start an
    /// answer of its own.
    private mutating func giveBack(_ byte: UInt8, into typed: inout [UInt8]) {
        typed += held
        held = []
        if byte == 0x1B { held.append(byte) } else { typed.append(byte) }
    }

    /// The column of a cursor position report's parameters, `row;column`.
    private static func column(ofAnswer parameters: ArraySlice<UInt8>) -> Int? {
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count == 2, let row = number(fields[0]), row > 0, let column = number(fields[1]) else { return nil }
        return column
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
