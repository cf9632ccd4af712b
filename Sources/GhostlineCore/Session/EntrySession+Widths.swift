/// Widths asked of the terminal. Where the terminal lays grapheme clusters out whole (mode 2027)
/// the tables' widths are its own; elsewhere a frame that meets a cluster the tables cannot
/// vouch for, or the first ambiguous-width character, is not drawn: the runner measures them
/// (``WidthMeasurement``), and the answers draw it in the widths the terminal uses. Each cluster
/// is measured once for the editor's life.
extension EntrySession {
    /// Sets how widths are learnt for an entry, from what the terminal answered to the probe:
    /// ambiguous-width characters as the app wants them (`ambiguousWidth`), or else as the
    /// terminal drew one measured before, or else measured on a terminal that `answers` queries
    /// at all; clusters measured there unless it `laysOutClustersWhole`. Widths measured stay.
    package mutating func setUpWidths(ambiguousWidth: TerminalWidths.AmbiguousWidth?, answers: Bool,
                                      laysOutClustersWhole: Bool) {
        var widths = terminalWidths
        if let ambiguousWidth {
            widths.ambiguousWidth = ambiguousWidth
        } else if answers {
            widths.learnAmbiguousWidth()
        } else {
            widths.ambiguousWidth = .narrow
        }
        widths.measuresClusters = answers && !laysOutClustersWhole
        if widths != terminalWidths { terminalWidths = widths }
    }

    /// The measurement the frame not drawn awaits (see ``awaitsMeasurement``).
    package var pendingMeasurement: WidthMeasurement {
        WidthMeasurement(clusters: display.clustersToMeasure)
    }

    /// The terminal answered `measurement` (or the wait for it is over): the widths it gave are
    /// kept, the tables' where it gave none, and the entry is drawn again in them. When it
    /// answered nothing at all, nothing is measured again. The bytes erase what the measurement
    /// wrote and the entry's area, draw the frame that waited and end the synchronized update
    /// the measurement began.
    package mutating func finishMeasuring(_ measurement: WidthMeasurement) -> [UInt8] {
        awaitsMeasurement = false
        var widths = terminalWidths
        if measurement.answerCount == 0 {
            widths.stopMeasuring()
        } else {
            for (cluster, width) in zip(measurement.clusters, measurement.widths) {
                widths.record(width ?? cluster.displayWidth, for: cluster)
            }
        }
        terminalWidths = widths
        var bytes = display.eraseArea(rowsAbove: display.rowsAbove(afterResizeTo: width))
        bytes += measuredFrameIsFinal ? finalFrame() : frame()
        return bytes + Self.synchronizedOutputOff
    }
}
