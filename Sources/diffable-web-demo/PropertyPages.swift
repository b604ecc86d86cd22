#if Web
    import Diffable
    import DiffableTesting
    import DiffableWeb
    import Foundation

    /// Pages for the browser's property test: each step applies a random change (seeded by the
    /// page's `seed` parameter) and answers with the rows the page must now show and the number
    /// of operations of the update.
    @MainActor
    final class PropertyPages {
        final class Page {
            var random: SeededRandom
            let dataSource: CollectionViewDiffableDataSource<Int, Int>
            var versions: [Int: Int] = [:]
            var nextItem = 1000
            var nextSection = 10
            weak var page: WebPage?

            init(seed: UInt64, dataSource: CollectionViewDiffableDataSource<Int, Int>, page: WebPage) {
                random = SeededRandom(seed: seed)
                self.dataSource = dataSource
                self.page = page
            }
        }

        private var pages: [String: Page] = [:]

        func make(_ page: WebPage) {
            var list = CollectionLayoutListConfiguration(appearance: .plain)
            list.headerMode = .supplementary
            page.collectionView.collectionViewLayout = WebLayout { _ in .list(using: list, rowHeight: 24) }
            let registration = WebCollectionView.CellRegistration<WebListCell, Int> {
                [weak self] cell, _, item in
                var content = cell.defaultContentConfiguration()
                content.text = "Item \(item)"
                content.secondaryText = "v\(self?.pages[page.sessionID]?.versions[item] ?? 0)"
                cell.contentConfiguration = content
            }
            let header = WebCollectionView.SupplementaryRegistration(
                elementKind: WebCollectionView.elementKindSectionHeader, content: .header()
            ) { _ in "Section" }
            let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: page.collectionView) {
                view, indexPath, item in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
            }
            dataSource.supplementaryViewProvider = { view, _, indexPath in
                (view as? WebCollectionView)?.dequeueConfiguredReusableSupplementary(
                    using: header, for: indexPath)
            }
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([1, 2, 3])
            for section in 1...3 {
                snapshot.appendItems((0..<8).map { section * 100 + $0 }, toSection: section)
            }
            dataSource.apply(snapshot, animatingDifferences: false)
            let seed = page.parameters["seed"].flatMap { UInt64($0) } ?? 1
            pages[page.sessionID] = Page(seed: seed, dataSource: dataSource, page: page)
            page.keep(dataSource)
        }

        /// `/_test/step?session=ID`: one random apply; answers `{"n": operations, "animated":
        /// bool, "sections": [[rows…]…]}`.
        func step(_ parameters: [String: String]) -> String {
            guard let id = parameters["session"], let page = pages[id] else {
                return "{\"error\":\"no such page\"}"
            }
            let old = page.dataSource.snapshot()
            let new = mutate(old, page)
            let update = BatchUpdate(from: old, to: new)
            let animated = Bool.random(using: &page.random)
            page.dataSource.apply(new, animatingDifferences: animated)
            let sections = new.sectionIdentifiers.map { section in
                "[" + new.itemIdentifiers(inSection: section).map { "\"Item \($0)\"" }.joined(separator: ",")
                    + "]"
            }
            let sequence = page.page?.messagesSent ?? 0
            return
                "{\"n\":\(update.operationCount),\"seq\":\(sequence),\"animated\":\(animated),"
                + "\"sections\":[\(sections.joined(separator: ","))]}"
        }

        /// A random change: deletes, inserts, moves within and across sections, section inserts,
        /// deletes and moves, reconfigures and reloads.
        private func mutate(_ old: DiffableDataSourceSnapshot<Int, Int>, _ page: Page)
            -> DiffableDataSourceSnapshot<Int, Int>
        {
            var snapshot = old
            func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &page.random) < percent }
            func anyItem() -> Int? { snapshot.itemIdentifiers.randomElement(using: &page.random) }
            if chance(15), snapshot.numberOfSections < 5 {
                let section = page.nextSection
                page.nextSection += 1
                if let anchor = snapshot.sectionIdentifiers.randomElement(using: &page.random) {
                    snapshot.insertSections([section], beforeSection: anchor)
                } else {
                    snapshot.appendSections([section])
                }
                snapshot.appendItems(
                    (0..<Int.random(in: 0...4, using: &page.random)).map { _ in
                        page.nextItem += 1
                        return page.nextItem
                    }, toSection: section)
            }
            if chance(10), snapshot.numberOfSections > 1,
                let section = snapshot.sectionIdentifiers.randomElement(using: &page.random)
            {
                snapshot.deleteSections([section])
            }
            if chance(15), snapshot.numberOfSections > 1 {
                let sections = snapshot.sectionIdentifiers.shuffled(using: &page.random)
                snapshot.moveSection(sections[0], afterSection: sections[1])
            }
            for _ in 0..<Int.random(in: 0...3, using: &page.random) {
                if let item = anyItem() { snapshot.deleteItems([item]) }
            }
            for _ in 0..<Int.random(in: 0...3, using: &page.random) where snapshot.numberOfItems < 40 {
                page.nextItem += 1
                if let anchor = anyItem(), chance(80) {
                    snapshot.insertItems([page.nextItem], beforeItem: anchor)
                } else if let section = snapshot.sectionIdentifiers.randomElement(using: &page.random) {
                    snapshot.appendItems([page.nextItem], toSection: section)
                }
            }
            for _ in 0..<Int.random(in: 0...3, using: &page.random) {
                guard let item = anyItem(), let anchor = anyItem(), item != anchor else { continue }
                if chance(50) {
                    snapshot.moveItem(item, beforeItem: anchor)
                } else {
                    snapshot.moveItem(item, afterItem: anchor)
                }
            }
            let survivors = Set(old.itemIdentifiers).intersection(snapshot.itemIdentifiers)
            var marked: Set<Int> = []
            for _ in 0..<Int.random(in: 0...2, using: &page.random) {
                guard let item = survivors.randomElement(using: &page.random), marked.insert(item).inserted
                else {
                    continue
                }
                page.versions[item, default: 0] += 1
                if chance(70) { snapshot.reconfigureItems([item]) } else { snapshot.reloadItems([item]) }
            }
            return snapshot
        }
    }
#endif
