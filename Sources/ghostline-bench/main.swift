import Glibc

// `make bench`: times the decoder → editor → layout → renderer chain on scripted input, and a
// printer's messages through a real session, and prints the figures as markdown. Exits with 1
// when an entry does not hold what was typed.

// `ghostline-bench budget NAME` runs one scenario of the instruction budget, for callgrind to
// count (`make budget`).
if CommandLine.arguments.dropFirst().first == "budget" {
    exit(Budget.run(CommandLine.arguments.dropFirst(2).first ?? "") ? 0 : 1)
}

// `ghostline-bench history` runs only the history scenarios.
let onlyHistory = CommandLine.arguments.dropFirst().first == "history"
let started = ThreadClock.now()
var bench = Bench()
if !onlyHistory { bench.run() }
var printerBench = PrinterBench()
if !onlyHistory { printerBench.run() }
var initFileBench = InitFileBench()
if !onlyHistory { initFileBench.run() }
var historyBench = HistoryBench()
historyBench.run()
let elapsed = ThreadClock.now() - started
let measurements = bench.measurements + printerBench.measurements + initFileBench.measurements + historyBench.measurements
let failures = bench.failures + printerBench.failures + initFileBench.failures + historyBench.failures

print("## ghostline-bench")
print("")
print("Release build, \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) processors online, width \(Pipeline.width), height \(Pipeline.height); whole run \(Format.duration(nanoseconds: elapsed)).")
print("")
print(Report.measurements(measurements))
print("")
print("Where the time went (median run):")
print("")
// The printer's row goes through a real session, whose stages the pipeline does not time.
print(Report.stages(bench.measurements + historyBench.measurements))
print("")
print(Report.targets(bench.targets + printerBench.targets + initFileBench.targets + historyBench.targets))
print("")
for failure in failures {
    print("entry check failed: \(failure)")
}
print("bench: \(measurements.count) scenarios")
exit(failures.isEmpty ? 0 : 1)
