// Fuzz target 1: a snapshot and a section snapshot decoded from arbitrary JSON either throw a
// `DecodingError` or are values whose invariants hold and that encode back to themselves.

import Foundation
import FuzzSupport

@testable import Diffable

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let json = data.map { Data(bytes: $0, count: count) } ?? Data()
    checkRoundTrip(DiffableDataSourceSnapshot<String, Int>.self, json) { snapshot in
        snapshot._checkInvariants()
    } equal: { a, b in
        a == b && a.reloadedSectionIdentifiers == b.reloadedSectionIdentifiers
            && a.reloadedItemIdentifiers == b.reloadedItemIdentifiers
            && a.reconfiguredItemIdentifiers == b.reconfiguredItemIdentifiers
    }
    checkRoundTrip(DiffableDataSourceSectionSnapshot<Int>.self, json) { outline in
        outline._checkInvariants()
    } equal: { a, b in
        a == b && a.items == b.items && a.visibleItems == b.visibleItems && a.expandedItems == b.expandedItems
    }
    return 0
}

/// Decodes `json` as `Value`: a decoding error is a fine answer; a value must pass `check` and
/// survive encoding and decoding again unchanged.
private func checkRoundTrip<Value: Codable>(
    _: Value.Type, _ json: Data, check: (Value) -> Void, equal: (Value, Value) -> Bool
) {
    let value: Value
    do {
        value = try JSONDecoder().decode(Value.self, from: json)
    } catch is DecodingError {
        return
    } catch {
        fuzzFailure("decoding \(Value.self) threw \(type(of: error)), not a DecodingError: \(error)")
    }
    check(value)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded: Data
    do {
        encoded = try encoder.encode(value)
    } catch {
        fuzzFailure("a decoded \(Value.self) does not encode: \(error)")
    }
    let decoded: Value
    do {
        decoded = try JSONDecoder().decode(Value.self, from: encoded)
    } catch {
        fuzzFailure(
            "an encoded \(Value.self) does not decode: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
    check(decoded)
    fuzzCheck(
        equal(value, decoded),
        "\(Value.self) changes through encoding:\n\(value)\n\(decoded)")
    fuzzCheck(
        (try? encoder.encode(decoded)) == encoded,
        "\(Value.self) encodes differently the second time")
}
