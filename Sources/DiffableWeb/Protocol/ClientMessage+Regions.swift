/// The messages of pages with several regions (``WebPage/addCollectionView(named:placement:width:layout:)``,
/// ``WebPage/addPanel(named:placement:width:)``).
extension ClientMessage {
    /// The most fields a panel's press may carry.
    static let maximumPanelFields = 64

    /// Decodes a `region` message (`{t, region, top, height, width}`) or a `panel` message
    /// (`{t, region, a, f: {name: value}}`); the caller refuses members left over.
    static func decodeRegionMessage(_ type: String, _ fields: inout Fields) throws(ClientMessageError)
        -> ClientMessage
    {
        let name = try fields.string("region", maximumLength: 32)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isNameScalar) else {
            throw ClientMessageError("'region' is not a region name")
        }
        if type == "region" { return .region(name: name, viewport: try fields.viewport()) }
        let action = try fields.string("a", maximumLength: 64)
        var values: [String: String] = [:]
        if let field = fields.take("f"), field != .null {
            guard case .object(let members) = field else { throw ClientMessageError("'f' is not an object") }
            guard members.count <= maximumPanelFields else { throw ClientMessageError("too many fields") }
            for (key, value) in members {
                guard key.count <= 64, case .string(let text) = value else {
                    throw ClientMessageError("a field is not a name and a string")
                }
                values[key] = text
            }
        }
        return .panel(name: name, action: action, values: values)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }
}
