import Diffable
import Foundation

/// What the table's rows view pulls from: the table's data source, asked as a table's, and the
/// headers and footers made from its titles. The rows view holds it weakly; the table owns it.
@MainActor
final class TableRowsSource: CollectionViewDataSource {
    /// The table whose data source this answers for.
    weak var table: TerminalTableView?
    /// The reuse pool of the header and footer cells made from titles.
    let titleCells = TitleCellToken()

    final class TitleCellToken: Sendable {}

    private var source: (table: TerminalTableView, dataSource: any TableViewDataSource)? {
        guard let table, let dataSource = table.dataSource else { return nil }
        return (table, dataSource)
    }

    func numberOfSections(in collectionView: any DiffableCollectionView) -> Int {
        guard let (table, dataSource) = source else { return 0 }
        return dataSource.numberOfSections(in: table)
    }

    func collectionView(_ collectionView: any DiffableCollectionView, numberOfItemsInSection section: Int)
        -> Int
    {
        guard let (table, dataSource) = source else { return 0 }
        return dataSource.tableView(table, numberOfRowsInSection: section)
    }

    func collectionView(_ collectionView: any DiffableCollectionView, cellForItemAt indexPath: IndexPath)
        -> AnyObject
    {
        guard let (table, dataSource) = source else { fatalError("TerminalTableView: no data source") }
        return dataSource.tableView(table, cellForRowAt: indexPath)
    }

    /// The table's section index titles: the rows view draws them as its index.
    func indexTitles(for collectionView: any DiffableCollectionView) -> [String]? {
        guard let (table, dataSource) = source else { return nil }
        return dataSource.sectionIndexTitles(for: table)
    }

    /// The first row of the section the data source gives for an index title.
    func collectionView(
        _ collectionView: any DiffableCollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
        guard let (table, dataSource) = source else { return IndexPath(item: 0, section: 0) }
        return IndexPath(
            item: 0, section: dataSource.tableView(table, sectionForSectionIndexTitle: title, at: index))
    }

    /// The delegate's header or footer view for the section, else a cell showing the section's
    /// title, in the table's style.
    func collectionView(
        _ collectionView: any DiffableCollectionView, viewForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> AnyObject {
        guard let table else { fatalError("TerminalTableView: the table is gone") }
        let isHeader = kind == TerminalCollectionView.elementKindSectionHeader
        if let view = table.headerFooterView(isHeader: isHeader, section: indexPath.section) { return view }
        let cell = table.rows.dequeueReusableView(
            ofType: TerminalListCell.self, reuseKey: ObjectIdentifier(titleCells), elementKind: kind,
            for: indexPath)
        showTitle(in: cell, kind: kind, section: indexPath.section)
        return cell
    }

    /// Shows the section's header or footer title, as the data source gives it now, in `cell`.
    func showTitle(in cell: TerminalListCell, kind: String, section: Int) {
        guard let table else { return }
        let isHeader = kind == TerminalCollectionView.elementKindSectionHeader
        var content: ListContentConfiguration
        var text = table.title(isHeader: isHeader, section: section) ?? ""
        switch (isHeader, table.style) {
        case (false, _):
            content = .footer()
        case (true, .plain):
            content = .plainHeader()
        case (true, .grouped), (true, .insetGrouped):
            content = .groupedHeader()
            text = text.uppercased()
        }
        content.text = text
        cell.contentConfiguration = content
    }

    /// Rows move only in editing mode, and only those the data source lets move.
    func collectionView(_ collectionView: any DiffableCollectionView, canMoveItemAt indexPath: IndexPath)
        -> Bool
    {
        guard let (table, dataSource) = source, table.isEditing else { return false }
        return dataSource.tableView(table, canMoveRowAt: indexPath)
    }

    func collectionView(
        _ collectionView: any DiffableCollectionView, moveItemAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {
        guard let (table, dataSource) = source else { return }
        dataSource.tableView(table, moveRowAt: sourceIndexPath, to: destinationIndexPath)
        table.refreshTitles()
    }

    func collectionView(_ collectionView: any DiffableCollectionView, identifierOfItemAt indexPath: IndexPath)
        -> AnyHashable?
    {
        guard let (table, dataSource) = source else { return nil }
        return dataSource.tableView(table, identifierOfRowAt: indexPath)
    }

    var hasPendingUpdates: Bool { table?.dataSource?.hasPendingUpdates ?? false }
}

/// The rows view's prefetching goes to the table's prefetching data source, as a table's.
extension TableRowsSource: CollectionViewDataSourcePrefetching {
    func collectionView(_ collectionView: any DiffableCollectionView, prefetchItemsAt indexPaths: [IndexPath])
    {
        guard let table else { return }
        table.prefetchDataSource?.tableView(table, prefetchRowsAt: indexPaths)
    }

    func collectionView(
        _ collectionView: any DiffableCollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
        guard let table else { return }
        table.prefetchDataSource?.tableView(table, cancelPrefetchingForRowsAt: indexPaths)
    }
}

extension TerminalTableView {
    /// A section's header or footer title, as the data source gives it.
    func title(isHeader: Bool, section: Int) -> String? {
        guard let dataSource else { return nil }
        return isHeader
            ? dataSource.tableView(self, titleForHeaderInSection: section)
            : dataSource.tableView(self, titleForFooterInSection: section)
    }

    /// The delegate's view for a section's header or footer, if it gives a ``TerminalCell``.
    func headerFooterView(isHeader: Bool, section: Int) -> TerminalCell? {
        let view =
            isHeader
            ? delegate?.tableView(self, viewForHeaderInSection: section)
            : delegate?.tableView(self, viewForFooterInSection: section)
        return view as? TerminalCell
    }

    /// Whether a section has a header (or a footer): a view from the delegate or a title.
    func hasHeaderFooter(isHeader: Bool, section: Int) -> Bool {
        title(isHeader: isHeader, section: section) != nil
            || headerFooterView(isHeader: isHeader, section: section) != nil
    }

    /// A section's layout: a list in the table's style, with a header and a footer where the
    /// delegate has views or the data source titles for them.
    func layoutSection(_ section: Int) -> TerminalLayoutSection {
        var configuration = CollectionLayoutListConfiguration(appearance: style.appearance)
        configuration.headerMode = hasHeaderFooter(isHeader: true, section: section) ? .supplementary : .none
        configuration.footerMode = hasHeaderFooter(isHeader: false, section: section) ? .supplementary : .none
        configuration.showsSeparators = separatorStyle == .singleLine
        if delegate != nil {
            configuration.leadingSwipeActionsConfigurationProvider = { [weak self] indexPath in
                guard let self else { return nil }
                return delegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
            }
            configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
                guard let self else { return nil }
                return delegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath)
            }
        }
        return .list(using: configuration, rowHeight: rowHeight)
    }

}

extension TerminalTableView.Style {
    /// The list appearance that draws the style.
    var appearance: CollectionLayoutListConfiguration.Appearance {
        switch self {
        case .plain: .plain
        case .grouped: .grouped
        case .insetGrouped: .insetGrouped
        }
    }
}
