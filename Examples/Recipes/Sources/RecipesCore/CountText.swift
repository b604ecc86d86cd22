/// A count as the sidebar and the list's title show it ("1,234"), in the locale's grouping.
///
/// Every page of a server shows the same few counts, redrawn after each change: formatting one
/// through `formatted()` costs microseconds a call, a thousand pages times several calls a
/// change. The text of each count is kept once made.
@MainActor
enum CountText {
    private static var texts: [Int: String] = [:]
    /// Counts kept at most; past it the cache starts again (counts move, a few are shown).
    private static let limit = 256

    /// The text of `count`.
    ///
    /// - Complexity: O(1) once made.
    static func text(_ count: Int) -> String {
        if let text = texts[count] { return text }
        if texts.count >= limit { texts.removeAll(keepingCapacity: true) }
        let text = count.formatted()
        texts[count] = text
        return text
    }
}
