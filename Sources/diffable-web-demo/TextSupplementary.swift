#if Web
    import Diffable
    import DiffableWeb
    import Foundation

    extension SupplementaryRegistration where Supplementary == WebListCell {
        /// A header or footer of one line of text: `content` (a header's or a footer's style)
        /// with the text `text` gives for the index path.
        init(
            elementKind: String, content: ListContentConfiguration,
            text: @escaping @MainActor (IndexPath) -> String
        ) {
            self.init(elementKind: elementKind) { cell, _, indexPath in
                var content = content
                content.text = text(indexPath)
                cell.contentConfiguration = content
            }
        }
    }
#endif
