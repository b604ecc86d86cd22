public import Diffable
public import RecipeStore

/// The sidebar's sections: the library lists, then the collections.
public enum SidebarSection: Int, Hashable, Sendable {
    case library
    case collections
}

/// A row of the sidebar. As in the sample, the sidebar is the one place that stores values
/// rather than identifiers: a small struct that says what the row is and what it is called.
public struct SidebarItem: Hashable, Sendable {
    /// What the row is.
    public enum Kind: Hashable, Sendable {
        case all, favorites, recents
        /// The expandable "Collections" row.
        case collectionsHeader
        case collection
    }

    /// What the row is.
    public var kind: Kind
    /// Its title: for a collection, the collection's name.
    public var title: String

    /// A row.
    public init(kind: Kind, title: String) {
        self.kind = kind
        self.title = title
    }

    public static let all = SidebarItem(kind: .all, title: "All Recipes")
    public static let favorites = SidebarItem(kind: .favorites, title: "Favorites")
    public static let recents = SidebarItem(kind: .recents, title: "Recents")
    public static let collectionsHeader = SidebarItem(kind: .collectionsHeader, title: "Collections")

    /// A collection's row.
    public static func collection(_ name: String) -> SidebarItem {
        SidebarItem(kind: .collection, title: name)
    }

    /// The list the row shows; `nil` for the header.
    public var list: RecipeList? {
        switch kind {
        case .all: .all
        case .favorites: .favorites
        case .recents: .recents
        case .collectionsHeader: nil
        case .collection: .collection(title)
        }
    }

    /// The row that shows a list, if the sidebar has one.
    public init?(list: RecipeList) {
        switch list {
        case .all: self = .all
        case .favorites: self = .favorites
        case .recents: self = .recents
        case .collection(let name): self = .collection(name)
        case .search: return nil
        }
    }

    /// The glyph before the title.
    public var symbol: String {
        switch kind {
        case .all: "📚"
        case .favorites: "♥"
        case .recents: "🕘"
        case .collectionsHeader: ""
        case .collection: "▪"
        }
    }

    /// The count the row shows.
    public func count(in counts: RecipeCounts) -> Int? {
        switch kind {
        case .all: counts.all
        case .favorites: counts.favorites
        case .recents: counts.recents
        case .collectionsHeader: nil
        case .collection: counts.count(ofCollection: title)
        }
    }

    /// The library section: the three fixed lists.
    public static func librarySnapshot() -> DiffableDataSourceSectionSnapshot<SidebarItem> {
        var snapshot = DiffableDataSourceSectionSnapshot<SidebarItem>()
        snapshot.append([.all, .favorites, .recents])
        return snapshot
    }

    /// The collections section: the header, and under it a row per collection in the data.
    public static func collectionsSnapshot(_ names: [String], expanded: Bool)
        -> DiffableDataSourceSectionSnapshot<
            SidebarItem
        >
    {
        var snapshot = DiffableDataSourceSectionSnapshot<SidebarItem>()
        snapshot.append([.collectionsHeader])
        snapshot.append(names.map(SidebarItem.collection), to: .collectionsHeader)
        if expanded { snapshot.expand([.collectionsHeader]) }
        return snapshot
    }
}
