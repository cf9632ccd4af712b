/// One timed run: how long it took and how many bytes its frames wrote.
struct Sample {
    var nanoseconds: Int
    var bytes: Int

    /// The run with the median time among `count` runs of `run`; a median, not a mean, because
    /// other work on a shared machine only ever makes a run slower.
    static func median(of count: Int, _ run: () -> Sample) -> Sample {
        var samples: [Sample] = []
        for _ in 0..<max(1, count) {
            samples.append(run())
        }
        samples.sort { $0.nanoseconds < $1.nanoseconds }
        return samples[samples.count / 2]
    }
}

/// One row of the report: a scenario and its figures; a figure that does not apply is nil.
struct Measurement {
    var scenario: String
    var runs: Int
    /// How many keys (or pasted bytes) the timed part handled, for the per-key figures.
    var keys: Int?
    var sample: Sample
    /// Bytes of pasted text, for the throughput figure.
    var pastedBytes: Int?
    var peakResidentKibibytes: Int?

    var nanosecondsPerKey: Double? {
        keys.map { Double(sample.nanoseconds) / Double(max(1, $0)) }
    }

    var bytesPerKey: Double? {
        keys.map { Double(sample.bytes) / Double(max(1, $0)) }
    }

    /// Pasted text per second, in megabytes (10⁶ bytes).
    var megabytesPerSecond: Double? {
        pastedBytes.map { Double($0) / 1e6 / (Double(max(1, sample.nanoseconds)) / 1e9) }
    }
}
