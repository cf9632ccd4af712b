/// One timed run: how long it took, where the time went, and how many bytes its frames wrote.
struct Sample {
    var nanoseconds: Int
    var bytes: Int
    var stages: StageTimes
}

/// One row of the report: a scenario and its figures; a figure that does not apply is nil.
///
/// Each scenario runs several times. The median run gives the figures; the best run, the one
/// least disturbed by other work on a shared machine (which only ever adds time), is shown beside
/// it, and the targets' ratios between rows are taken from the best runs: on this machine medians
/// of the same code swing by half from one `make bench` to the next, minima by a few per cent.
struct Measurement {
    var scenario: String
    var runs: Int
    /// How many keys the timed part handled, for the per-key figures.
    var keys: Int?
    var median: Sample
    var best: Sample
    /// Bytes of pasted text, for the throughput figure.
    var pastedBytes: Int?
    var peakResidentKibibytes: Int?

    /// Runs `run` `count` times and keeps its median and best runs.
    init(scenario: String, runs count: Int, keys: Int?, pastedBytes: Int?, _ run: () -> Sample) {
        var samples: [Sample] = []
        for _ in 0..<max(1, count) {
            samples.append(run())
        }
        self.init(scenario: scenario, keys: keys, pastedBytes: pastedBytes, samples: samples)
    }

    /// Keeps the median and best of runs made elsewhere (at least one).
    init(scenario: String, keys: Int?, pastedBytes: Int?, samples unsorted: [Sample]) {
        let samples = unsorted.sorted { $0.nanoseconds < $1.nanoseconds }
        self.scenario = scenario
        self.runs = samples.count
        self.keys = keys
        self.pastedBytes = pastedBytes
        median = samples[samples.count / 2]
        best = samples[0]
    }

    var nanosecondsPerKey: Double? {
        keys.map { Double(median.nanoseconds) / Double(max(1, $0)) }
    }

    var bestNanosecondsPerKey: Double? {
        keys.map { Double(best.nanoseconds) / Double(max(1, $0)) }
    }

    var bytesPerKey: Double? {
        keys.map { Double(median.bytes) / Double(max(1, $0)) }
    }

    /// Pasted text per second in the median run, in megabytes (10⁶ bytes).
    var megabytesPerSecond: Double? {
        pastedBytes.map { Double($0) / 1e6 / (Double(max(1, median.nanoseconds)) / 1e9) }
    }
}
