/// The text of the last value written under each name (a region's patch, a panel's content), for
/// what many pages send alike: the pages in one state that a change alters the same way write the
/// value once, and the others compare theirs with it.
@MainActor
struct LastWritten<Value: Equatable> {
    private var last: [String?: (value: Value, text: String)] = [:]

    /// `value` as text: the last one written under `name` when equal to it, else `write(value)`,
    /// kept for the next.
    ///
    /// - Complexity: O(v) in the value's size: a comparison with the last one, or the writing.
    mutating func text(of value: Value, named name: String?, writing write: (Value) -> String) -> String {
        if let last = last[name], last.value == value { return last.text }
        let text = write(value)
        last[name] = (value, text)
        return text
    }
}
