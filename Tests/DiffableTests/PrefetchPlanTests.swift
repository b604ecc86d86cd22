import DiffableTesting
import Foundation
import Testing

@testable import DiffableCells

private func at(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@Suite("Prefetching: what a view asks for ahead of scrolling")
struct PrefetchPlanTests {
    @Test func itAsksAheadInTheDirectionOfScrollingAcrossSections() {
        var plan = PrefetchPlan(lookahead: 3)
        let counts = [5, 2, 4]
        #expect(plan.step(shown: [at(0), at(1)], counts: counts) == ([], []), "no direction yet")
        var step = plan.step(shown: [at(2), at(3)], counts: counts)
        #expect(step.prefetch == [at(4), at(0, 1), at(1, 1)] && step.cancel.isEmpty)
        step = plan.step(shown: [at(3), at(4)], counts: counts)
        #expect(step.prefetch == [at(0, 2)], "only what is new ahead")
        #expect(step.cancel.isEmpty, "item 4 came on screen: not cancelled")
        // The person turns back: what was ahead and not reached is cancelled.
        step = plan.step(shown: [at(1), at(2)], counts: counts)
        #expect(step.prefetch == [at(0)])
        #expect(Set(step.cancel) == [at(0, 1), at(1, 1), at(0, 2)])
    }

    @Test func itStopsAtTheEnds() {
        var plan = PrefetchPlan(lookahead: 10)
        _ = plan.step(shown: [at(0, 1)], counts: [3, 2])
        #expect(plan.step(shown: [at(1, 1)], counts: [3, 2]).prefetch.isEmpty)
        #expect(plan.step(shown: [at(2)], counts: [3, 2]).prefetch == [at(1), at(0)])
    }

    @Test @MainActor func theValidatingViewPrefetchesAsAScrollWould() {
        let (view, dataSource) = makeDataSource()
        let log = PrefetchingLog()
        view.prefetchDataSource = log
        dataSource.apply(snapshotOf(["A": Array(0..<100)]))
        view.scroll(showing: (0..<10).map { at($0) })
        view.scroll(showing: (5..<15).map { at($0) })
        #expect(log.prefetched == (15..<25).map { at($0) })
        view.scroll(showing: (0..<10).map { at($0) })
        #expect(log.cancelled == (15..<25).map { at($0) })
    }
}
