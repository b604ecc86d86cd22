import Benchmark
import BenchmarkScenarios
import Diffable

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(2)
    Benchmark.defaultConfiguration.metrics = [.wallClock, .mallocCountTotal, .peakMemoryResident]

    for name in ["flat-10pct", "sectioned-10pct", "no-change", "one-insert", "replace-all"] {
        let scenario = Scenario.named(name)
        let (oldSections, newSections) = scenario.identifiers(Int.self)
        let old = Scenario.snapshot(oldSections)
        let new = Scenario.snapshot(newSections)
        Benchmark("diff \(name) Int") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(BatchUpdate(from: old, to: new)) }
        }
        Benchmark("build \(name) Int") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(Scenario.snapshot(newSections)) }
        }
    }
}
