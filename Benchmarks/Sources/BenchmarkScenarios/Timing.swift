import Foundation

extension Duration {
    /// The duration in milliseconds.
    public var milliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
    }
}

/// The median wall-clock time of `runs` calls of `body`, in milliseconds.
public func median(runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        samples.append((ContinuousClock.now - start).milliseconds)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Keeps a result alive, so that the optimizer cannot drop the work that made it.
@inline(never) public func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// This process's CPU time so far, in milliseconds.
public func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}
