import Diffable
import Foundation

/// What a person's tap (a click, Enter, Space) on an item changes in the selection, under UIKit's
/// rules, decided by asking the delegate first and reported to it after the view has changed its
/// state: every view decides a tap here, so all of them follow the same rules.
///
/// ```swift
/// guard let tap = SelectionTap(collectionView: self, delegate: delegate, at: path, selected: selected,
///     allowsMultipleSelection: allowsMultipleSelection) else { return }
/// selected.subtract(tap.deselected)
/// if let path = tap.selected { selected.insert(path) }
/// tap.report(to: delegate, in: self)
/// ```
package struct SelectionTap: Equatable {
    /// The items the tap deselects.
    package var deselected: [IndexPath] = []
    /// The item the tap selects, if any (it may be selected already: it is selected again).
    package var selected: IndexPath?
    /// The item tapped, whose primary action the tap performs after the selection changes; `nil`
    /// while the view is editing.
    package var primaryAction: IndexPath?

    /// A tap on an item of a collection view: nothing if the delegate refuses the highlight, else
    /// the delegate is told of the highlight and its end; with multiple selection, a selected item is deselected if the delegate allows; else the item
    /// is selected if the delegate allows, and where only one may be, the others deselected.
    ///
    /// - Returns: `nil` when the tap changes nothing.
    @MainActor
    package init?(
        collectionView: any DiffableCollectionView, delegate: (any CollectionViewDelegate)?,
        at path: IndexPath,
        selected: Set<IndexPath>, allowsMultipleSelection: Bool, isEditing: Bool = false
    ) {
        guard delegate?.collectionView(collectionView, shouldHighlightItemAt: path) ?? true else {
            return nil
        }
        // A whole tap: the highlight comes and goes before the selection changes, as in UIKit.
        delegate?.collectionView(collectionView, didHighlightItemAt: path)
        delegate?.collectionView(collectionView, didUnhighlightItemAt: path)
        if !isEditing { primaryAction = path }
        if allowsMultipleSelection, selected.contains(path) {
            guard delegate?.collectionView(collectionView, shouldDeselectItemAt: path) ?? true else {
                return nil
            }
            deselected = [path]
            return
        }
        guard delegate?.collectionView(collectionView, shouldSelectItemAt: path) ?? true else { return nil }
        self.selected = path
        if !allowsMultipleSelection { deselected = selected.subtracting([path]).sorted() }
    }

    /// A tap on a row of a table view: nothing if the delegate refuses the highlight, else the
    /// delegate is told of the highlight and its end; with multiple selection, a selected row is deselected (`willDeselectRowAt` may keep it or name
    /// another); else the row `willSelectRowAt` names is selected and, where only one may be,
    /// the others deselected that `willDeselectRowAt` lets go.
    ///
    /// - Returns: `nil` when the tap changes nothing.
    @MainActor
    package init?(
        tableView: any DiffableTableView, delegate: (any TableViewDelegate)?, at path: IndexPath,
        selected: Set<IndexPath>, allowsMultipleSelection: Bool, isEditing: Bool = false
    ) {
        func willDeselect(_ path: IndexPath) -> IndexPath? {
            guard let delegate else { return path }
            return delegate.tableView(tableView, willDeselectRowAt: path)
        }
        guard delegate?.tableView(tableView, shouldHighlightRowAt: path) ?? true else { return nil }
        delegate?.tableView(tableView, didHighlightRowAt: path)
        delegate?.tableView(tableView, didUnhighlightRowAt: path)
        if !isEditing { primaryAction = path }
        if allowsMultipleSelection, selected.contains(path) {
            guard let target = willDeselect(path) else { return nil }
            deselected = [target]
            return
        }
        var target: IndexPath? = path
        if let delegate { target = delegate.tableView(tableView, willSelectRowAt: path) }
        guard let target else { return nil }
        self.selected = target
        if !allowsMultipleSelection {
            deselected = selected.subtracting([target]).sorted().compactMap(willDeselect)
        }
    }

    /// Tells a collection view's delegate what the tap did, once the view shows it, then
    /// performs the item's primary action if the delegate allows.
    @MainActor
    package func report(
        to delegate: (any CollectionViewDelegate)?, in collectionView: any DiffableCollectionView
    ) {
        for path in deselected { delegate?.collectionView(collectionView, didDeselectItemAt: path) }
        if let selected { delegate?.collectionView(collectionView, didSelectItemAt: selected) }
        if let primaryAction, let delegate,
            delegate.collectionView(collectionView, canPerformPrimaryActionForItemAt: primaryAction)
        {
            delegate.collectionView(collectionView, performPrimaryActionForItemAt: primaryAction)
        }
    }

    /// Tells a table view's delegate what the tap did, once the view shows it, then performs the
    /// row's primary action if the delegate allows.
    @MainActor
    package func report(to delegate: (any TableViewDelegate)?, in tableView: any DiffableTableView) {
        for path in deselected { delegate?.tableView(tableView, didDeselectRowAt: path) }
        if let selected { delegate?.tableView(tableView, didSelectRowAt: selected) }
        if let primaryAction, let delegate,
            delegate.tableView(tableView, canPerformPrimaryActionForRowAt: primaryAction)
        {
            delegate.tableView(tableView, performPrimaryActionForRowAt: primaryAction)
        }
    }
}
