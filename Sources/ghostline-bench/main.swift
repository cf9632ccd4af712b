import Glibc

// `make bench`: times the decoder → editor → layout → renderer chain on scripted input and
// prints the figures as markdown. Exits with 1 when an entry does not hold what was typed.

let started = ThreadClock.now()
var bench = Bench()
bench.run()
let elapsed = ThreadClock.now() - started

print("## ghostline-bench")
print("")
print("Release build, \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) processors online, width \(Pipeline.width), height \(Pipeline.height); whole run \(Format.duration(nanoseconds: elapsed)).")
print("")
print(Report.measurements(bench.measurements))
print("")
print("Where the time went (median run):")
print("")
print(Report.stages(bench.measurements))
print("")
print(Report.targets(bench.targets))
print("")
for failure in bench.failures {
    print("entry check failed: \(failure)")
}
print("bench: \(bench.measurements.count) scenarios")
exit(bench.failures.isEmpty ? 0 : 1)
