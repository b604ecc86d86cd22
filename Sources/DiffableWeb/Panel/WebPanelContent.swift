/// What a ``WebPanel`` shows: a column of blocks — titles, texts, lists, tags, buttons, form
/// fields — described by the server as values and built by the page's script.
///
/// The page never receives markup: every text is sent as text and put into the page as text, so
/// nothing a person typed (a recipe's title, a field's value) becomes part of the page's
/// structure.
///
/// ```swift
/// panel.content = WebPanelContent([
///     .title("Banana Bread", image: "🍌"),
///     .facts([("Prep", "15 min"), ("Cook", "1 h")]),
///     .heading("Ingredients"),
///     .list(["3 ripe bananas", "250 g flour"]),
///     .buttons([.init(action: "edit", title: "Edit")]),
/// ])
/// ```
public struct WebPanelContent: Hashable, Sendable {
    /// One block of a panel, top to bottom.
    public enum Block: Hashable, Sendable {
        /// The panel's title, with a glyph (such as an emoji) before it.
        case title(String, image: String? = nil)
        /// A small heading over the blocks that follow.
        case heading(String)
        /// A paragraph.
        case text(String, role: TextRole = .body)
        /// Label and value pairs, shown side by side (`Prep 15 min`).
        case facts([Fact])
        /// A list of entries; numbered for steps.
        case list([String], numbered: Bool = false)
        /// Short labels, shown as chips.
        case tags([String])
        /// A row of buttons.
        case buttons([Button])
        /// A form field.
        case field(Field)
    }

    /// What a paragraph is, for how it is drawn.
    public enum TextRole: String, Hashable, Sendable {
        /// Ordinary text.
        case body
        /// Less important: dimmed.
        case secondary
        /// A problem the person must fix: in red.
        case error
    }

    /// A label and its value.
    public struct Fact: Hashable, Sendable {
        /// What the value is (`Prep`).
        public var label: String
        /// The value (`15 min`).
        public var value: String

        /// A label and its value.
        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    /// A button: pressing it sends its `action`, with the values of the panel's fields, to the
    /// panel's ``WebPanel/actionHandler``.
    public struct Button: Hashable, Sendable {
        /// How the button is drawn.
        public enum Style: String, Hashable, Sendable {
            /// An ordinary button.
            case normal
            /// The panel's main action.
            case primary
            /// An action that destroys something: in red.
            case destructive
        }

        /// The name the handler receives.
        public var action: String
        /// The button's text.
        public var title: String
        /// How the button is drawn.
        public var style: Style
        /// For a toggle (a favorite, a list or grid choice): whether it is on; `nil` for a plain
        /// button.
        public var isOn: Bool?

        /// A button that sends `action`.
        public init(action: String, title: String, style: Style = .normal, isOn: Bool? = nil) {
            self.action = action
            self.title = title
            self.style = style
            self.isOn = isOn
        }
    }

    /// A field of a form: its value travels back with every button press.
    public struct Field: Hashable, Sendable {
        /// What the field holds, for the control the page shows.
        public enum Kind: String, Hashable, Sendable {
            /// One line of text.
            case text
            /// A whole number.
            case number
            /// Several lines.
            case multiline
        }

        /// The name its value is sent under.
        public var name: String
        /// The text over the field.
        public var label: String
        /// The field's text as the page shows it first (what the person typed, when the form
        /// comes back with errors).
        public var value: String
        /// What the field holds.
        public var kind: Kind
        /// What is wrong with the value, shown under the field; the first field with an error
        /// gets the focus.
        public var error: String?
        /// A hint shown under the field.
        public var hint: String?

        /// A field named `name`.
        public init(
            name: String, label: String, value: String, kind: Kind = .text, error: String? = nil,
            hint: String? = nil
        ) {
            self.name = name
            self.label = label
            self.value = value
            self.kind = kind
            self.error = error
            self.hint = hint
        }
    }

    /// The blocks, top to bottom.
    public var blocks: [Block]
    /// The action Enter in a one-line field sends (a form's Save); `nil` for none.
    public var submitAction: String?
    /// The action Escape sends (a dialog's Cancel); `nil` for none.
    public var cancelAction: String?

    /// Content made of blocks.
    public init(_ blocks: [Block], submitAction: String? = nil, cancelAction: String? = nil) {
        self.blocks = blocks
        self.submitAction = submitAction
        self.cancelAction = cancelAction
    }

    /// The content as the page's JSON: one object per block, its kind in `k`.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("b", .array(blocks.map(\.json)))]
        if let submitAction { members.append(("submit", .string(submitAction))) }
        if let cancelAction { members.append(("cancel", .string(cancelAction))) }
        return .object(members)
    }
}

extension WebPanelContent.Block {
    var json: JSONValue {
        switch self {
        case .title(let text, let image):
            var members: [(String, JSONValue)] = [("k", .string("title")), ("t", .string(text))]
            if let image { members.append(("i", .string(image))) }
            return .object(members)
        case .heading(let text): return .object([("k", .string("heading")), ("t", .string(text))])
        case .text(let text, let role):
            return .object([("k", .string("text")), ("t", .string(text)), ("r", .string(role.rawValue))])
        case .facts(let facts):
            return .object([
                ("k", .string("facts")),
                ("f", .array(facts.map { .array([.string($0.label), .string($0.value)]) })),
            ])
        case .list(let entries, let numbered):
            return .object([
                ("k", .string("list")), ("e", .array(entries.map { .string($0) })), ("n", .bool(numbered)),
            ])
        case .tags(let tags):
            return .object([("k", .string("tags")), ("e", .array(tags.map { .string($0) }))])
        case .buttons(let buttons):
            return .object([
                ("k", .string("buttons")),
                (
                    "e",
                    .array(
                        buttons.map { button in
                            var members: [(String, JSONValue)] = [
                                ("a", .string(button.action)), ("t", .string(button.title)),
                                ("s", .string(button.style.rawValue)),
                            ]
                            if let isOn = button.isOn { members.append(("on", .bool(isOn))) }
                            return .object(members)
                        })
                ),
            ])
        case .field(let field):
            var members: [(String, JSONValue)] = [
                ("k", .string("field")), ("n", .string(field.name)), ("l", .string(field.label)),
                ("v", .string(field.value)), ("f", .string(field.kind.rawValue)),
            ]
            if let error = field.error { members.append(("err", .string(error))) }
            if let hint = field.hint { members.append(("h", .string(hint))) }
            return .object(members)
        }
    }
}
