/// A region of a page that shows content the server describes (``WebPanelContent``): a detail
/// pane, a form, a confirmation dialog, a bar of buttons over the collection. Setting
/// ``content`` sends it to the page, when it changed; the buttons the person presses come back
/// to ``actionHandler`` with the values of the panel's fields.
///
/// Make one with ``WebPage/addPanel(named:placement:width:)``.
@MainActor
public final class WebPanel {
    /// The panel's name on its page.
    public let name: String
    /// Where the page shows the panel.
    public let placement: WebRegionPlacement
    /// What the panel shows; `nil` hides it (closes a dialog, empties a column).
    public var content: WebPanelContent? {
        didSet {
            if content != oldValue { outbound?(messageText) }
        }
    }
    /// Called when the person presses a button of the panel (or Enter or Escape, for the
    /// content's submit and cancel actions): the button's action, and the value of every field
    /// of the panel, by field name.
    public var actionHandler: (@MainActor (_ action: String, _ values: [String: String]) -> Void)?

    /// Where the panel's messages go, as text: the connected page's session; `nil` while no page
    /// is connected (a page that connects gets the content with its reset).
    var outbound: (@MainActor (String) -> Void)?

    init(name: String, placement: WebRegionPlacement) {
        self.name = name
        self.placement = placement
    }

    /// The message that shows the content, or hides the panel.
    var message: ServerMessage { .panel(name: name, content: content) }

    /// The last content each panel name of the process sent, and its message as text: the panels
    /// of many pages that show the same content (a detail every page shows) write it once.
    private static var lastSent = LastWritten<WebPanelContent?>()

    /// ``message`` as text.
    ///
    /// - Complexity: O(n) in the content's size: a comparison with the last sent, or the writing.
    var messageText: String {
        Self.lastSent.text(of: content, named: name) { _ in message.json.text }
    }

    /// Hands a press to the handler, if the action is one the content offers: a page can only
    /// press what it was shown.
    func press(_ action: String, values: [String: String]) {
        guard let content, content.offers(action) else { return }
        actionHandler?(action, values)
    }
}

extension WebPanelContent {
    /// Whether `action` is one of the content's buttons, or its submit or cancel action.
    func offers(_ action: String) -> Bool {
        if action == submitAction || action == cancelAction { return true }
        return blocks.contains { block in
            if case .buttons(let buttons) = block { return buttons.contains { $0.action == action } }
            return false
        }
    }
}
