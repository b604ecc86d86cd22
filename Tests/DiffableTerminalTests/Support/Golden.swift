import Foundation
import Testing

/// The folder holding the golden files: `Tests/DiffableTerminalTests/Golden`, found from this
/// file's own path so it does not depend on the working directory.
let goldenDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // DiffableTerminalTests
    .appendingPathComponent("Golden", isDirectory: true)

/// Whether this run re-records golden files instead of comparing with them:
/// `DIFFABLE_RECORD_GOLDEN=1 swift test …`.
var isRecordingGoldenFiles: Bool {
    ProcessInfo.processInfo.environment["DIFFABLE_RECORD_GOLDEN"] == "1"
}

/// Checks that `text` equals the golden file `Golden/<name>.txt`, failing with a line diff
/// (expected against actual, with line numbers) when it does not.
///
/// With `DIFFABLE_RECORD_GOLDEN=1` in the environment it writes `text` to the file instead
/// (recording a warning, not a failure); review the change with `git diff`. A missing golden
/// file is a failure that says how to record it. The file holds `text` plus a final newline.
///
/// ```swift
/// assertGolden(terminal.screen.text, named: "inbox-80x24")
/// ```
///
/// - Parameters:
///   - text: The actual output, typically `ScreenBuffer.text` or `.styledText`.
///   - name: The file's name without `.txt`; letters, digits, `-` and `_`.
func assertGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = goldenDirectory.appendingPathComponent("\(name).txt")
    if isRecordingGoldenFiles {
        do {
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: file)
            Issue.record(
                "Recorded golden file \(file.path)", severity: .warning, sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "Could not record golden file \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
        Issue.record(
            """
            Missing golden file Golden/\(name).txt; record it with DIFFABLE_RECORD_GOLDEN=1. Actual:
            \(text)
            """, sourceLocation: sourceLocation)
        return
    }
    var expected = String(decoding: data, as: UTF8.self)
    if expected.hasSuffix("\n") { expected.removeLast() }
    guard expected != text else { return }
    Issue.record(
        """
        Golden/\(name).txt does not match (- expected, + actual; re-record with \
        DIFFABLE_RECORD_GOLDEN=1):
        \(lineDiff(expected: expected, actual: text))
        """, sourceLocation: sourceLocation)
}

/// A line diff of two texts for failure messages: changed lines marked `-` (expected) and `+`
/// (actual), with two lines of context and the line numbers in both texts.
///
/// ```
///    3    3 │ Inbox
/// -  4      │ > Meeting notes
/// +       4 │ > Meeting minutes
///    5    5 │   Yesterday
/// ```
///
/// Lines that differ only in invisible characters are followed by their escaped form.
func lineDiff(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let operations = diffOperations(old, new)
    let changed = operations.indices.filter { operations[$0].kind != .same }
    let numberWidth = max(String(old.count).count, String(new.count).count)
    func number(_ index: Int?) -> String {
        let text = index.map { String($0 + 1) } ?? ""
        return String(repeating: " ", count: numberWidth - text.count) + text
    }
    var lines: [String] = []
    var lastShown = -1
    for (position, operation) in operations.enumerated() {
        let isNearChange = changed.contains { abs($0 - position) <= context }
        guard isNearChange else { continue }
        if lastShown >= 0 && position > lastShown + 1 { lines.append("   ⋮") }
        lastShown = position
        switch operation.kind {
        case .same:
            lines.append("  \(number(operation.old)) \(number(operation.new)) │ \(old[operation.old!])")
        case .removed:
            let line = old[operation.old!]
            lines.append("- \(number(operation.old)) \(number(nil)) │ \(line)\(invisibles(line))")
        case .added:
            let line = new[operation.new!]
            lines.append("+ \(number(nil)) \(number(operation.new)) │ \(line)\(invisibles(line))")
        }
    }
    return lines.joined(separator: "\n")
}

/// `line`'s escaped form, when it has characters a reader would not see (trailing spaces, tabs,
/// control characters); otherwise empty.
private func invisibles(_ line: String) -> String {
    let hasInvisibles =
        line.hasSuffix(" ")
        || line.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x1B }
    return hasInvisibles ? "   ⟵ \(line.debugDescription)" : ""
}

/// One line of a line diff: in both texts, only in the old one, or only in the new one.
private struct DiffOperation {
    enum Kind { case same, removed, added }
    var kind: Kind
    var old: Int?
    var new: Int?
}

/// The shortest edit script from `old` to `new`, by longest common subsequence.
///
/// - Complexity: O(*n* × *m*) time and space; golden files are small.
private func diffOperations(_ old: [String], _ new: [String]) -> [DiffOperation] {
    let n = old.count
    let m = new.count
    // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
    var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            common[i][j] =
                old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var operations: [DiffOperation] = []
    var i = 0
    var j = 0
    while i < n || j < m {
        if i < n && j < m && old[i] == new[j] {
            operations.append(DiffOperation(kind: .same, old: i, new: j))
            i += 1
            j += 1
        } else if i < n && (j == m || common[i + 1][j] >= common[i][j + 1]) {
            operations.append(DiffOperation(kind: .removed, old: i, new: nil))
            i += 1
        } else {
            operations.append(DiffOperation(kind: .added, old: nil, new: j))
            j += 1
        }
    }
    return operations
}
