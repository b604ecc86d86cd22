/// Where ``pad(_:toWidth:alignment:)`` puts a string that is narrower than the width.
public enum TextAlignment: Hashable, Sendable {
    /// Text first, spaces after.
    case leading
    /// Spaces split on both sides; the odd one goes after.
    case center
    /// Spaces first, text after.
    case trailing
}

/// Returns `string` shortened to at most `width` terminal columns, ending with `ellipsis` when
/// it had to be cut.
///
/// Widths are display widths (see `displayWidth(of:)`), so a CJK character or an emoji counts
/// as two columns, and no grapheme is ever split: when a wide character would straddle the
/// limit it is dropped, and the result is one column narrower than `width`. A string that fits
/// is returned unchanged. When even `ellipsis` is wider than `width`, the result is as much of
/// the ellipsis as fits.
///
/// ```swift
/// truncate("Hello, world", toWidth: 8)        // "Hello, …"
/// truncate("東京タワー", toWidth: 6)           // "東京…" (5 columns)
/// truncate("Hello, world", toWidth: 8, ellipsis: "")  // "Hello, w"
/// ```
///
/// - Parameters:
///   - string: The text to shorten.
///   - width: The most columns the result may take; negative counts as zero.
///   - ellipsis: What marks a cut; `"…"` (one column) by default.
/// - Returns: `string` itself if it fits, else its longest prefix that fits together with
///   `ellipsis`, followed by `ellipsis`.
/// - Complexity: O(*n*), *n* the length of `string`.
public func truncate(_ string: some StringProtocol, toWidth width: Int, ellipsis: String = "…") -> String {
    let width = max(width, 0)
    if displayWidth(of: string) <= width {
        return String(string)
    }
    let ellipsisWidth = displayWidth(of: ellipsis)
    guard ellipsisWidth <= width else {
        return prefix(of: ellipsis, fittingIn: width).text
    }
    return prefix(of: string, fittingIn: width - ellipsisWidth).text + ellipsis
}

/// Returns `string` fitted to exactly `width` terminal columns: padded with spaces when it is
/// narrower, cut (with no ellipsis) when it is wider.
///
/// Widths are display widths (see `displayWidth(of:)`) and no grapheme is ever split: a wide
/// character that would straddle the limit is replaced by a space, so the result is always
/// exactly `width` columns wide. A string that is too wide keeps its beginning, whatever the
/// alignment. Use ``truncate(_:toWidth:ellipsis:)`` first to cut with an ellipsis.
///
/// ```swift
/// pad("42", toWidth: 5, alignment: .trailing)  // "   42"
/// pad("東京", toWidth: 3)                      // "東 "
/// ```
///
/// - Parameters:
///   - string: The text to fit.
///   - width: The number of columns of the result; negative counts as zero.
///   - alignment: Where the text goes when it is narrower than `width`.
/// - Complexity: O(*n* + `width`), *n* the length of `string`.
public func pad(_ string: some StringProtocol, toWidth width: Int, alignment: TextAlignment = .leading)
    -> String
{
    let width = max(width, 0)
    let (text, textWidth) = prefix(of: string, fittingIn: width)
    let space = width - textWidth
    let before: Int
    switch alignment {
    case .leading: before = 0
    case .center: before = space / 2
    case .trailing: before = space
    }
    return String(repeating: " ", count: before) + text + String(repeating: " ", count: space - before)
}

/// The longest prefix of `string`, in whole characters, at most `width` columns wide, and its
/// width.
///
/// - Complexity: O(*n*), *n* the length of the prefix.
private func prefix(of string: some StringProtocol, fittingIn width: Int) -> (text: String, width: Int) {
    var used = 0
    var end = string.startIndex
    for index in string.indices {
        let characterWidth = displayWidth(of: string[index])
        if used + characterWidth > width { break }
        used += characterWidth
        end = string.index(after: index)
    }
    return (String(string[..<end]), used)
}
