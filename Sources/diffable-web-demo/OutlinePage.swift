#if Web
    import Diffable
    import DiffableWeb
    import Foundation

    /// An outline: folders that expand and collapse (section snapshots), under headers.
    @MainActor
    enum OutlinePage {
        /// A node of the outline: a name and its children.
        struct Node {
            var name: String
            var children: [Node] = []
        }

        static let library: [Node] = [
            Node(
                name: "Recipes",
                children: [
                    Node(
                        name: "Breakfast",
                        children: [Node(name: "Pancakes"), Node(name: "Shakshuka"), Node(name: "Granola")]),
                    Node(
                        name: "Dinner",
                        children: [
                            Node(name: "Ramen"), Node(name: "Risotto"),
                            Node(name: "Curries", children: [Node(name: "Dal"), Node(name: "Massaman")]),
                        ]),
                ]),
            Node(
                name: "Notes",
                children: [
                    Node(name: "Shopping"), Node(name: "<img src=x onerror=alert(1)>"), Node(name: "Ideas"),
                ]),
            Node(name: "Archive", children: (1...40).map { Node(name: "Old note \($0)") }),
        ]

        static func make(_ page: WebPage) {
            var configuration = CollectionLayoutListConfiguration(appearance: .sidebar)
            configuration.headerMode = .supplementary
            page.collectionView.collectionViewLayout = .list(using: configuration)
            let registration = WebCollectionView.CellRegistration<WebListCell, String> { cell, _, path in
                var content = cell.defaultContentConfiguration()
                let name = path.split(separator: "/").last.map(String.init) ?? path
                content.text = name
                content.image = path.hasPrefix("★") ? "⭐️" : (name.first?.isUppercase == true ? "📁" : "📄")
                cell.contentConfiguration = content
                cell.accessories = [.outlineDisclosure(options: .init(style: .header))]
            }
            let header = WebCollectionView.SupplementaryRegistration(
                elementKind: WebCollectionView.elementKindSectionHeader, content: .cell()
            ) { $0.section == 0 ? "Favorites" : "Library" }
            let dataSource = CollectionViewDiffableDataSource<Int, String>(
                collectionView: page.collectionView
            ) {
                view, indexPath, path in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: path)
            }
            dataSource.supplementaryViewProvider = { view, _, indexPath in
                (view as? WebCollectionView)?.dequeueConfiguredReusableSupplementary(
                    using: header, for: indexPath)
            }
            var favorites = DiffableDataSourceSectionSnapshot<String>()
            favorites.append(["★/Pancakes", "★/Ramen", "★/Ideas"])
            var outline = DiffableDataSourceSectionSnapshot<String>()
            func add(_ nodes: [Node], under parent: String?) {
                let paths = nodes.map { (parent.map { $0 + "/" } ?? "") + $0.name }
                outline.append(paths, to: parent)
                for (node, path) in zip(nodes, paths) where !node.children.isEmpty {
                    add(node.children, under: path)
                }
            }
            add(library, under: nil)
            outline.expand(["Recipes"])
            dataSource.apply(favorites, to: 0, animatingDifferences: false)
            dataSource.apply(outline, to: 1, animatingDifferences: false)
            page.keep(dataSource)
        }
    }
#endif
