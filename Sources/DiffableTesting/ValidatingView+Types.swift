import Diffable
import DiffableCells
import Foundation

/// The cells of a validating view and the records it keeps of them.
extension ValidatingView {
    /// A cell with no drawing: it remembers what it was configured with.
    public final class Cell: PooledCell, UpdatingConfiguration {
        /// A number unique to this cell object, to tell cells apart in assertions.
        public let serial: Int
        /// Free-form content a registration handler sets, such as a title.
        public var text: String?
        /// Secondary content a registration handler may set.
        public var secondaryText: String?
        /// How many times a handler configured this cell since it was created.
        public var configurationCount = 0
        /// How many times the cell was prepared for reuse.
        public private(set) var reuseCount = 0
        /// The pool the cell returns to when it leaves the screen.
        package var reuseKey: ObjectIdentifier?
        /// What the cell shows, as a UIKit cell's `contentConfiguration`.
        public var contentConfiguration: (any ContentConfiguration)?
        /// A plain list cell's content, to fill and set as ``contentConfiguration``:
        /// `UICollectionViewListCell.defaultContentConfiguration()`.
        public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }
        /// How the cell's background looks.
        public var backgroundConfiguration: BackgroundConfiguration?
        /// The cell's accessories, as a list cell's `accessories`
        /// (see ``ValidatingCollectionView/tapAccessory(_:forItemAt:)``).
        public var accessories: [CellAccessory] = []
        /// Styles the cell for its state: called once the cell is configured for an item, and
        /// whenever its state changes (selected, editing, disabled), as
        /// `UICollectionViewCell.configurationUpdateHandler` is.
        public var configurationUpdateHandler: (@MainActor (Cell, CellConfigurationState) -> Void)?
        /// The state the cell was last updated for: `configurationState`.
        public var configurationState: CellConfigurationState { configurationUpdates.state }
        package var configurationUpdates = ConfigurationUpdates()

        private static var nextSerial = 0

        /// Creates a cell.
        public init() {
            Self.nextSerial += 1
            serial = Self.nextSerial
        }

        /// Clears the content, as a reused cell should be.
        public func prepareForReuse() {
            reuseCount += 1
            text = nil
            secondaryText = nil
            contentConfiguration = nil
            backgroundConfiguration = nil
            accessories = []
        }

        /// Asks for the configuration to be updated at the view's next change:
        /// `setNeedsUpdateConfiguration()`.
        public func setNeedsUpdateConfiguration() { configurationUpdates.isNeeded = true }

        /// Updates the cell for a state: calls the ``configurationUpdateHandler``.
        public func updateConfiguration(using state: CellConfigurationState) {
            configurationUpdateHandler?(self, state)
        }
    }

    /// When the completion of an animated batch update runs.
    public enum AnimationMode: Sendable {
        /// At once, before `performBatchUpdates` returns.
        case immediate
        /// On a later turn of the main actor, as a real animation would.
        case deferred
        /// When the test calls ``finishAnimations()``.
        case manual
    }

    /// How a cell came to show an item.
    public enum ConfigurationKind: Hashable, Sendable {
        /// A cell the data source returned for an item newly shown (insert, reload, reloadData).
        case new
        /// An existing cell handed back to the cell provider in place (reconfigure).
        case reconfigured
    }

    /// One cell configuration: where, how, and for which item.
    public struct CellConfiguration: Hashable, Sendable {
        /// The index path the cell was configured for.
        public var indexPath: IndexPath
        /// Whether the cell was new or reconfigured in place.
        public var kind: ConfigurationKind
        /// The serial number of the cell object.
        public var cellSerial: Int
    }
}

extension SwipeActionsConfiguration {
    /// Performs the action at `index`, or with `fullSwipe` the first action when a full swipe
    /// performs it, as a person's swipe does.
    ///
    /// - Returns: What the handler passed to its completion; `nil` when there is no such action or
    ///   the handler has not called it yet.
    @MainActor
    func perform(
        _ index: Int, fullSwipe: Bool, from sourceView: AnyObject, ended: @escaping @MainActor () -> Void = {}
    ) -> Bool? {
        let index = fullSwipe ? 0 : index
        guard actions.indices.contains(index), !fullSwipe || performsFirstActionWithFullSwipe else {
            ended()
            return nil
        }
        let outcome = SwipeOutcome()
        actions[index].perform(from: sourceView) { performed in
            outcome.performed = performed
            ended()
        }
        return outcome.performed
    }
}

/// What a swipe action's handler reported, when it reported it.
@MainActor
private final class SwipeOutcome {
    var performed: Bool?
}
