import Glibc

/// Keeps a secret out of core files while it is read: the process is made not dumpable and its
/// core file size limit 0, and both are put back exactly as they were when this is released.
///
/// - Not dumpable (`prctl(PR_SET_DUMPABLE, 0)`): no core file is written, whatever the limit or
///   a `core_pattern` that pipes cores to a program; and no process of the same user can read
///   the process's memory through `ptrace` or `/proc/PID/mem` (its `/proc/PID` files belong to
///   root meanwhile). A process that was not dumpable stays so; one the kernel made dumpable only
///   for root (`suid_dumpable` 2, after a change of credentials) is left alone, since `prctl`
///   cannot set that value back.
/// - The soft core size limit 0 (`setrlimit(RLIMIT_CORE)`), the hard limit kept, so that the
///   limit can be put back; it is left alone when it is 0 already.
///
/// A signal that ends the process while a secret is read ends it with both still in force, so
/// that no core of it is written: the editor does not release this before `reraise(_:)`.
///
/// `prctl` takes variable arguments, which Swift does not import, so it is called through its
/// address (`dlsym`) with the five integer arguments it reads on Linux.
package final class CoreDumpSuppression {
    private let previousCoreLimit: rlimit?
    private let wasDumpable: Bool

    /// Makes the process not dumpable and its core size limit 0.
    package init() {
        var limit = rlimit()
        if getrlimit(Self.coreResource, &limit) == 0, limit.rlim_cur != 0 {
            var none = limit
            none.rlim_cur = 0
            previousCoreLimit = setrlimit(Self.coreResource, &none) == 0 ? limit : nil
        } else {
            previousCoreLimit = nil
        }
        wasDumpable = Self.dumpability == 1 && Self.setDumpability(0)
    }

    deinit {
        if wasDumpable { _ = Self.setDumpability(1) }
        if var limit = previousCoreLimit { setrlimit(Self.coreResource, &limit) }
    }

    /// The process's dumpability as `prctl(PR_GET_DUMPABLE)` reports it: 0, 1 or 2; nil when it
    /// cannot be asked.
    package static var dumpability: Int32? {
        guard let processControl else { return nil }
        let value = processControl(getDumpable, 0, 0, 0, 0)
        return value < 0 ? nil : value
    }

    private static func setDumpability(_ value: UInt) -> Bool {
        processControl?(setDumpable, value, 0, 0, 0) == 0
    }

    private static let getDumpable: Int32 = 3
    private static let setDumpable: Int32 = 4
    private static let coreResource = __rlimit_resource_t(RLIMIT_CORE.rawValue)

    private typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32

    /// `prctl`, found once.
    private static let processControl: ProcessControl? = {
        guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, "prctl") else { return nil }
        return unsafeBitCast(address, to: ProcessControl.self)
    }()
}
