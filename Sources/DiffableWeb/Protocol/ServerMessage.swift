/// What the server tells a page: one text message on its WebSocket, as JSON. The members of each
/// are written here, or, for an update, by ``WebPatch``; `Documentation/WireProtocol.md` describes
/// them all, both ways.
///
/// Written by hand rather than by `JSONEncoder`: an update is sent to every page that shows its
/// rows, and its cells' texts are appended as they are when they need no escaping.
enum ServerMessage {
    /// A collection view's update, or (``WebPatch/isReset``) everything it shows.
    case update(WebPatch)
    /// A panel's content (`nil`: the panel is hidden).
    case panel(name: String, content: WebPanelContent?)
    /// The text of the page's search field, set by the app.
    case searchText(String)
    /// The regions a split view shows (`""`: the main collection), whether it is collapsed, and
    /// the title of the column its back control returns to.
    case split(shown: [String], isCollapsed: Bool, back: String?)

    /// The version of the protocol, which a page's `hello` names.
    static let version = 2

    var json: JSONValue {
        switch self {
        case .update(let patch): patch.json
        case .panel(let name, let content):
            .object([("t", .string("panel")), ("region", .string(name)), ("c", content?.json ?? .null)])
        case .searchText(let text): .object([("t", .string("page")), ("q", .string(text))])
        case .split(let shown, let isCollapsed, let back):
            .object(
                [
                    ("t", .string("split")), ("show", .array(shown.map(JSONValue.string))),
                    ("collapsed", .bool(isCollapsed)),
                ]
                    + (back.map { [("back", JSONValue.string($0))] } ?? []))
        }
    }

    /// Messages already written as text, as one: the message itself when there is one, else a
    /// `batch`, which the page applies in order (a resync, or messages that waited).
    ///
    /// - Complexity: O(n) in their total length.
    static func batch(texts: [String]) -> String {
        texts.count == 1 ? texts[0] : #"{"t":"batch","messages":["# + texts.joined(separator: ",") + "]}"
    }
}
