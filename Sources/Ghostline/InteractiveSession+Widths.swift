import GhostlineCore

/// Widths asked of the terminal (`EntrySession+Widths.swift`): a frame that met clusters to
/// measure waits for the terminal's answers, read with a bounded wait like the probe's, and is
/// drawn in the widths they gave.
extension InteractiveSession {
    /// The most measurements one frame waits for: the clusters a frame meets are measured
    /// together, and each is measured once, so a second is rare and a third is not expected.
    private static let mostMeasurementsAFrame = 3

    /// Measures the clusters the last frame met, when it was not drawn for them, and draws it.
    func measureWidthsIfAwaited() throws {
        var measurements = 0
        while editor.entrySession.awaitsMeasurement {
            var measurement = editor.entrySession.pendingMeasurement
            measurements += 1
            if measurements <= Self.mostMeasurementsAFrame {
                try write(measurement.query)
                try awaitAnswers(&measurement, forMilliseconds: WidthMeasurement.longestWait)
            }
            try write(editor.entrySession.finishMeasuring(measurement))
        }
    }
}
