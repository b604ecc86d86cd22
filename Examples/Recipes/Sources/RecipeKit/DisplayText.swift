/// `text` as it can be shown on a terminal: every control character (C0, DEL, C1) is replaced by
/// a visible stand-in — `␛` for ESC, the control pictures `␀`…`␟` for the others of C0, `␡` for
/// DEL, `�` for C1 — and the bidirectional overrides and isolates, which would reorder what
/// follows them, by `�` too. So an escape sequence in a title shows as `␛[31m`, never reaches the
/// terminal, and a title cannot pretend to be something else.
///
/// (The terminal view also drops control characters; this makes them visible.)
///
/// - Complexity: O(n) for n Unicode scalars.
public func displaySafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: result.append("\u{2421}")
        case _ where needsReplacing(scalar): result.append("\u{FFFD}")
        default: result.append(scalar)
        }
    }
    return String(result)
}

/// Whether `displaySafe(_:)` replaces a scalar.
private func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0: true
    // Bidirectional embeddings, overrides and isolates, and the line and paragraph separators.
    case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
    default: false
    }
}
