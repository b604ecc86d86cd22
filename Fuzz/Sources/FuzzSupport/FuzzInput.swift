/// The fuzzer's bytes, read as the small decisions a target makes: which call, which identifier,
/// how many. Past the end every read returns zero, so any input, even an empty one, is a complete
/// program; the fuzzer learns which bytes steer which decision from coverage.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// The input over `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The input over the `count` bytes at `data`, as libFuzzer hands them to a target.
    public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The bytes not read yet.
    public var remaining: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<bound` (`bound` at most 256), from one byte.
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0 && bound <= 256, "FuzzInput.int(below:): bound \(bound) out of 1...256")
        return Int(byte()) % bound
    }

    /// A number in `range` (at most 256 values), from one byte.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.count)
    }

    /// A yes or no, from one byte.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `maximum` values made by `element`, the count read first.
    public mutating func array<Element>(upTo maximum: Int, _ element: (inout FuzzInput) -> Element)
        -> [Element]
    {
        let count = int(in: 0...maximum)
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(element(&self)) }
        return result
    }
}

/// Stops the fuzzer with a message: a property of the library does not hold for this input.
/// libFuzzer records the input as a crash, and the message says which property failed.
public func fuzzFailure(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line)
    -> Never
{
    fatalError("fuzz property failed: \(message())", file: file, line: line)
}

/// Checks a property of the library, stopping the fuzzer with `message` when it does not hold.
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
) {
    if !condition() { fuzzFailure(message(), file: file, line: line) }
}
