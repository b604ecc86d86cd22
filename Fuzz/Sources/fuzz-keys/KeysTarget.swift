// Fuzz target 5: the terminal's key and mouse parser on arbitrary bytes, split into reads at
// arbitrary points. It never traps or hangs, consumes every byte once flushed, and decodes the
// same keys however the bytes are split.

import DiffableTerminal
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(data, count)
    // The first byte chooses four read sizes, used in turn; the rest is what the terminal sends.
    let seed = Int(input.byte())
    let sizes = (0..<4).map { [1, 2, 3, 7][(seed >> ($0 * 2)) & 3] }
    let bytes = Array(input.remaining)

    let whole = decode([bytes[...]])
    var reads: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + sizes[reads.count % sizes.count])
        reads.append(bytes[start..<end])
        start = end
    }
    let split = decode(reads)
    let single = decode(bytes.indices.map { bytes[$0...$0] })
    fuzzCheck(
        split == whole,
        "reads of \(reads.map(\.count)) give \(split), one read gives \(whole), for \(bytes)")
    fuzzCheck(single == whole, "byte by byte gives \(single), one read gives \(whole), for \(bytes)")
    return 0
}

/// The keys `reads` decode to, with text spelled out scalar by scalar and runs of unknown keys
/// merged: the parser groups text into characters within one read only (a character split
/// between reads is two keys), and reports a sequence too long to decode in one piece per read.
private func decode(_ reads: [ArraySlice<UInt8>]) -> [Key] {
    var parser = KeyParser()
    var keys: [Key] = []
    for read in reads { keys += parser.feed(read) }
    keys += parser.flush()
    fuzzCheck(!parser.hasPendingInput, "bytes are left after a flush")
    var normalized: [Key] = []
    for key in keys {
        switch key {
        case .character(let character):
            normalized += character.unicodeScalars.map { .character(Character($0)) }
        case .unknown(let bytes):
            if case .unknown(let previous) = normalized.last {
                normalized[normalized.count - 1] = .unknown(previous + bytes)
            } else {
                normalized.append(key)
            }
        default:
            normalized.append(key)
        }
    }
    return normalized
}
