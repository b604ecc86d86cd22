import Foundation

#if canImport(UIKit)
    public import UIKit
#elseif canImport(AppKit)
    public import AppKit
#else
    // Foundation on Linux, Windows and Android has `IndexPath` but not the `item`/`section`
    // accessors UIKit and AppKit add to it; code that ports from UIKit uses them everywhere.
    extension IndexPath {
        /// Creates an index path for an item in a section, as UIKit's `IndexPath(item:section:)`.
        @inlinable public init(item: Int, section: Int) {
            self.init(indexes: [section, item])
        }

        /// Creates an index path for a row in a section, as UIKit's `IndexPath(row:section:)`.
        @inlinable public init(row: Int, section: Int) {
            self.init(indexes: [section, row])
        }

        /// The section of an index path with two elements.
        @inlinable public var section: Int {
            get { self[0] }
            set { self[0] = newValue }
        }

        /// The item of an index path with two elements.
        @inlinable public var item: Int {
            get { self[1] }
            set { self[1] = newValue }
        }

        /// The row of an index path with two elements (the same as ``item``).
        @inlinable public var row: Int {
            get { self[1] }
            set { self[1] = newValue }
        }
    }
#endif
