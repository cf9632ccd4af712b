import Glibc

extension FileDescriptor {
    /// Takes an exclusive advisory lock on the whole file, waiting at most
    /// `timeoutMilliseconds` for another holder to release it.
    ///
    /// The lock belongs to the open file (this descriptor's open file description), not to the
    /// process: two descriptors opened separately exclude each other even within one process,
    /// and closing the descriptor releases the lock.
    ///
    /// A plain `flock` would wait forever, and any process that can open the file could keep it
    /// locked: so the lock is tried without waiting, and tried again after pauses that grow from
    /// 1 to 16 milliseconds (a lock held for a moment is taken soon after it is released) until
    /// the time is up.
    ///
    /// - Returns: False when another holder still had the lock when the time ran out.
    ///
    /// The corresponding C function is `flock`, with `LOCK_EX | LOCK_NB`.
    package func lockExclusively(timeoutMilliseconds: Int) throws(Errno) -> Bool {
        let deadline = monotonicMilliseconds() + Int64(timeoutMilliseconds)
        var pause: Int64 = 1
        while true {
            switch nothingOrErrno({ flock(rawValue, LOCK_EX | LOCK_NB) }) {
            case .success:
                return true
            case .failure(.wouldBlock):
                let remaining = deadline - monotonicMilliseconds()
                guard remaining > 0 else { return false }
                var interval = timespec(tv_sec: 0, tv_nsec: Int(min(pause, remaining)) * 1_000_000)
                // An interrupted pause only makes the next try come sooner.
                nanosleep(&interval, nil)
                pause = min(pause * 2, 16)
            case .failure(let error):
                throw error
            }
        }
    }
}
