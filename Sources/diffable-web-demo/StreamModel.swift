#if Web
    import Diffable
    import DiffableWeb
    import Foundation

    /// Rows shared by every page that shows them and changed many times a second: the first row
    /// counts the ticks (with the time each was made), and each tick moves one row, and inserts or
    /// deletes another. For the load test: many pages receiving a stream of applies.
    @MainActor
    final class StreamModel {
        let interval: Double
        private(set) var tick = 0
        private var rows = Array(1...40)
        private var nextRow = 41
        private var random = SystemRandomNumberGenerator()
        private var sources: [WeakSource] = []
        private var task: Task<Void, Never>?

        struct WeakSource {
            weak var value: CollectionViewDiffableDataSource<Int, Int>?
        }

        init(interval: Double) {
            self.interval = interval
        }

        func snapshot(reconfiguring: Bool) -> DiffableDataSourceSnapshot<Int, Int> {
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems([0] + rows)
            if reconfiguring { snapshot.reconfigureItems([0]) }
            return snapshot
        }

        func step() {
            tick += 1
            let from = Int.random(in: 0..<rows.count, using: &random)
            let row = rows.remove(at: from)
            rows.insert(row, at: Int.random(in: 0...rows.count, using: &random))
            if rows.count > 30 && Bool.random(using: &random) {
                rows.remove(at: Int.random(in: 0..<rows.count, using: &random))
            } else {
                rows.insert(nextRow, at: Int.random(in: 0...rows.count, using: &random))
                nextRow += 1
            }
            sources.removeAll { $0.value == nil }
            let snapshot = snapshot(reconfiguring: true)
            for source in sources { source.value?.apply(snapshot, animatingDifferences: false) }
        }

        /// `/_test/stream?ticks=N` starts N ticks; with no argument, reports the tick.
        func control(_ parameters: [String: String]) -> String {
            if let ticks = parameters["ticks"].flatMap(Int.init), task == nil {
                let interval = interval
                task = Task { @MainActor [weak self] in
                    for _ in 0..<ticks {
                        try? await Task.sleep(for: .seconds(interval))
                        self?.step()
                    }
                    self?.task = nil
                }
            }
            let milliseconds = Int(Date().timeIntervalSince1970 * 1000)
            return
                "{\"tick\":\(tick),\"running\":\(task != nil),\"pages\":\(sources.count),\"now\":\(milliseconds)}"
        }

        /// `/stream?pad=N` pads the first row with N bytes, so that a page that stops reading
        /// fills its socket's buffers within a few ticks (the load test's stalled client).
        func make(_ page: WebPage) {
            let padding = String(
                repeating: "x", count: min(page.parameters["pad"].flatMap(Int.init) ?? 0, 1 << 20))
            let registration = WebCollectionView.CellRegistration<WebListCell, Int> {
                [unowned self] cell, _, row in
                var content = cell.defaultContentConfiguration()
                if row == 0 {
                    content.text = "tick \(tick) @ \(Int(Date().timeIntervalSince1970 * 1000))"
                    content.image = "⏱️"
                    if !padding.isEmpty { content.secondaryText = padding }
                } else {
                    content.text = "Row \(row)"
                }
                cell.contentConfiguration = content
            }
            let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: page.collectionView) {
                view, indexPath, row in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: row)
            }
            dataSource.apply(snapshot(reconfiguring: false), animatingDifferences: false)
            sources.append(WeakSource(value: dataSource))
            page.keep(dataSource)
        }
    }
#endif
