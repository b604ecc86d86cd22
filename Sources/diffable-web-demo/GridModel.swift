#if Web
    import Diffable
    import DiffableWeb
    import Foundation

    /// A grid of foods and a strip of favorites, shared by every page that shows it: a tap on a
    /// tile favorites it in every open page, and the Order row's pop-up menu orders the grid on
    /// every page.
    @MainActor
    final class GridModel {
        enum Section: Hashable, Sendable { case favorites, foods, about }
        enum Item: Hashable, Sendable {
            case favorite(Int)
            case food(Int)
            case note(Int)
        }

        static let foods: [(String, String)] = [
            ("🍎", "Apple"), ("🍐", "Pear"), ("🍊", "Orange"), ("🍋", "Lemon"), ("🍌", "Banana"),
            ("🍉", "Watermelon"), ("🍇", "Grapes"), ("🍓", "Strawberry"), ("🫐", "Blueberries"),
            ("🍒", "Cherries"),
            ("🍑", "Peach"), ("🥭", "Mango"), ("🍍", "Pineapple"), ("🥥", "Coconut"), ("🥝", "Kiwi"),
            ("🍅", "Tomato"), ("🍆", "Aubergine"), ("🥑", "Avocado"), ("🥦", "Broccoli"), ("🥬", "Greens"),
            ("🥒", "Cucumber"), ("🌶️", "Chili"), ("🫑", "Pepper"), ("🌽", "Corn"), ("🥕", "Carrot"),
            ("🧄", "Garlic"), ("🧅", "Onion"), ("🥔", "Potato"), ("🍠", "Sweet potato"), ("🥐", "Croissant"),
            ("🥯", "Bagel"), ("🍞", "Bread"), ("🥖", "Baguette"), ("🧀", "Cheese"), ("🥚", "Egg"),
            ("🍳", "Fried egg"), ("🥞", "Pancakes"), ("🧇", "Waffle"), ("🥓", "Bacon"), ("🍗", "Drumstick"),
            ("🍔", "Burger"), ("🍟", "Fries"), ("🍕", "Pizza"), ("🌮", "Taco"), ("🌯", "Burrito"),
            ("🥗", "Salad"), ("🍝", "Spaghetti"), ("🍜", "Ramen"), ("🍲", "Stew"), ("🍛", "Curry"),
            ("🍣", "Sushi"), ("🍤", "Tempura"), ("🥟", "Dumpling"), ("🍦", "Ice cream"), ("🍩", "Doughnut"),
            ("🍪", "Cookie"), ("🎂", "Cake"), ("🍫", "Chocolate"), ("🍯", "Honey"),
            ("🧁", "<img src=x onerror=alert(1)>"),
        ]

        private(set) var favorites: [Int] = [0, 15, 42]
        /// How the grid is ordered: as listed, or by name.
        enum Order: String, CaseIterable {
            case listed = "As listed"
            case byName = "A to Z"
        }
        private(set) var order = Order.listed
        /// Whether the Keyboard row lists every key (its detail accessory turns it on and off).
        private(set) var showsEveryKey = false
        private var sources: [WeakSource] = []

        struct WeakSource {
            weak var value: CollectionViewDiffableDataSource<Section, Item>?
        }

        func snapshot(reconfiguring changed: Int? = nil) -> DiffableDataSourceSnapshot<Section, Item> {
            var snapshot = DiffableDataSourceSnapshot<Section, Item>()
            snapshot.appendSections([.favorites, .foods, .about])
            snapshot.appendItems(favorites.map(Item.favorite), toSection: .favorites)
            let foods = Self.foods.indices.sorted {
                order == .listed ? $0 < $1 : Self.foods[$0].1.lowercased() < Self.foods[$1].1.lowercased()
            }
            snapshot.appendItems(foods.map(Item.food), toSection: .foods)
            snapshot.appendItems([.note(0), .note(1), .note(2)], toSection: .about)
            if let changed { snapshot.reconfigureItems([.food(changed)]) }
            return snapshot
        }

        /// Shows or hides the Keyboard row's list of every key, in every open page.
        func toggleEveryKey() {
            showsEveryKey.toggle()
            sources.removeAll { $0.value == nil }
            for source in sources {
                var snapshot = snapshot()
                snapshot.reconfigureItems([.note(1)])
                source.value?.apply(snapshot)
            }
        }

        /// Orders the grid, in every open page (each page's Order row shows the new choice).
        func setOrder(_ order: Order) {
            guard order != self.order else { return }
            self.order = order
            sources.removeAll { $0.value == nil }
            for source in sources {
                var snapshot = snapshot()
                snapshot.reconfigureItems([.note(2)])
                source.value?.apply(snapshot)
            }
        }

        /// Favorites a food, or unfavorites it, in every open page.
        func toggle(_ food: Int) {
            if let index = favorites.firstIndex(of: food) {
                favorites.remove(at: index)
            } else {
                favorites.insert(food, at: 0)
            }
            sources.removeAll { $0.value == nil }
            for source in sources { source.value?.apply(snapshot(reconfiguring: food)) }
        }

        func make(_ page: WebPage) {
            page.collectionView.collectionViewLayout = WebLayout { section in
                switch section {
                case 0: .horizontal(itemWidth: 132, itemHeight: 120)
                case 1: .grid(minimumItemWidth: 150, itemHeight: 140)
                default:
                    {
                        var list = CollectionLayoutListConfiguration(appearance: .insetGrouped)
                        list.headerMode = .supplementary
                        list.footerMode = .supplementary
                        // The lines between the rows start under the text, past the glyphs, as iOS's do.
                        list.itemSeparatorHandler = { _, separators in
                            var inset = separators
                            inset.bottomSeparatorInsets.leading = 52
                            return inset
                        }
                        return .list(using: list, rowHeight: 56)
                    }()
                }
            }
            let tile = WebCollectionView.CellRegistration<WebGridCell, Item> { [unowned self] cell, _, item in
                switch item {
                case .favorite(let food), .food(let food):
                    cell.image = Self.foods[food].0
                    cell.text = Self.foods[food].1
                    cell.accessories = favorites.contains(food) ? [.label(text: "♥")] : []
                case .note: break
                }
            }
            let row = WebCollectionView.CellRegistration<WebListCell, Item> { [unowned self] cell, _, item in
                var content = ListContentConfiguration.subtitleCell()
                cell.accessories = [.disclosureIndicator()]
                if case .note(2) = item {
                    content.text = "Order"
                    content.secondaryText = "How the grid is sorted, on every page"
                    content.image = "🔤"
                    let choices = Order.allCases.map { choice in
                        Action(title: choice.rawValue, state: choice == order ? .on : .off) {
                            [unowned self] _ in
                            setOrder(choice)
                        }
                    }
                    cell.accessories = [
                        .popUpMenu(Menu(title: "Order", options: .singleSelection, children: choices))
                    ]
                } else if case .note(0) = item {
                    content.text = "Tap a tile to favorite it"
                    content.secondaryText = "Every page open here sees the change"
                    content.image = "👆"
                } else {
                    content.text = "Keyboard"
                    content.secondaryText =
                        showsEveryKey
                        ? "Arrows move, Enter favorites, / searches, i details, Shift-F10 menus"
                        : "Arrows move, Enter favorites, / searches"
                    content.image = "⌨️"
                    cell.accessories = [.detail { [unowned self] in toggleEveryKey() }]
                }
                cell.contentConfiguration = content
            }
            let header = WebCollectionView.SupplementaryRegistration(
                elementKind: WebCollectionView.elementKindSectionHeader, content: .header()
            ) { ["Favorites", "All foods", "About"][$0.section] }
            let footer = WebCollectionView.SupplementaryRegistration(
                elementKind: WebCollectionView.elementKindSectionFooter, content: .footer()
            ) { _ in "\(Self.foods.count) foods, in a grid whose columns follow the width" }
            let dataSource = CollectionViewDiffableDataSource<Section, Item>(
                collectionView: page.collectionView
            ) {
                view, indexPath, item in
                if case .note = item {
                    return view.dequeueConfiguredReusableCell(using: row, for: indexPath, item: item)
                }
                return view.dequeueConfiguredReusableCell(using: tile, for: indexPath, item: item)
            }
            dataSource.supplementaryViewProvider = { view, kind, indexPath in
                guard let view = view as? WebCollectionView else { return nil }
                return kind == WebCollectionView.elementKindSectionFooter
                    ? view.dequeueConfiguredReusableSupplementary(using: footer, for: indexPath)
                    : view.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
            }
            page.collectionView.delegate = self
            dataSource.apply(snapshot(), animatingDifferences: false)
            sources.append(WeakSource(value: dataSource))
            page.keep(dataSource)
        }
    }

    /// A click on a food, or Enter on it, makes it a favourite or not, on every page.
    extension GridModel: CollectionViewDelegate {
        func collectionView(
            _ collectionView: any DiffableCollectionView, didSelectItemAt indexPath: IndexPath
        ) {
            let dataSource = (collectionView as? WebCollectionView)?.dataSource
            switch (dataSource as? CollectionViewDiffableDataSource<Section, Item>)?.itemIdentifier(
                for: indexPath)
            {
            case .food(let food)?, .favorite(let food)?: toggle(food)
            default: break
            }
        }
    }
#endif
