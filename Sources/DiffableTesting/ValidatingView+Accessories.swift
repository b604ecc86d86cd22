import Diffable
import DiffableCells
import Foundation

/// Taps on cell accessories, as a person makes them.
extension ValidatingView {
    /// The first accessory of `kind` that the item's cell shows in its state (displayed in the
    /// view's editing mode, not hidden), or `nil`. An index path the view does not have is a
    /// failure.
    func shownAccessory(_ kind: CellAccessory.Kind, at indexPath: IndexPath) -> CellAccessory? {
        guard let slot = slot(at: indexPath) else { return nil }
        let state = configurationState(of: slot, at: indexPath)
        return slot.cell.accessories.first { $0.kind == kind && $0.isShown(in: state) }
    }
}

extension ValidatingCollectionView {
    /// Taps the item's accessory of `kind`, as a person does: its action handler runs; without
    /// one, an outline disclosure expands or collapses the item and a multiselect accessory taps
    /// the item (a delete accessory's reveals the swipe actions, which
    /// ``swipeItem(at:leading:performing:fullSwipe:)`` then performs).
    ///
    /// - Returns: Whether the cell shows such an accessory (a `.whenEditing` one only while
    ///   ``isEditing``).
    @discardableResult
    public func tapAccessory(_ kind: CellAccessory.Kind, forItemAt indexPath: IndexPath) -> Bool {
        guard let accessory = shownAccessory(kind, at: indexPath) else { return false }
        if let handler = accessory.clickHandler {
            handler()
        } else if kind == .outlineDisclosure {
            tapDisclosure(at: indexPath)
        } else if kind == .multiselect {
            tapItem(at: indexPath)
        }
        return true
    }
}

extension ValidatingTableView {
    /// Taps the row's accessory of `kind`, as a person does: its action handler runs; without
    /// one, a detail accessory tells the delegate (`accessoryButtonTappedForRowWith`), an insert
    /// accessory commits an insert, a multiselect accessory taps the row (a delete accessory's
    /// reveals the swipe actions, which ``swipeRow(at:leading:performing:fullSwipe:)`` then
    /// performs).
    ///
    /// - Returns: Whether the cell shows such an accessory (a `.whenEditing` one only while
    ///   ``isEditing``).
    @discardableResult
    public func tapAccessory(_ kind: CellAccessory.Kind, forRowAt indexPath: IndexPath) -> Bool {
        guard let accessory = shownAccessory(kind, at: indexPath) else { return false }
        if let handler = accessory.clickHandler {
            handler()
        } else if kind == .detail {
            delegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
        } else if kind == .insert {
            dataSource?.tableView(self, commit: .insert, forRowAt: indexPath)
        } else if kind == .multiselect {
            tapRow(at: indexPath)
        }
        return true
    }
}
