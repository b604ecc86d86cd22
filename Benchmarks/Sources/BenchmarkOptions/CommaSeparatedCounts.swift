import ArgumentParser

/// Positive whole numbers separated by commas, as `--sizes 10000,100000` takes; anything else is
/// an error that names the option.
public struct CommaSeparatedCounts: ExpressibleByArgument, Sendable {
    /// The numbers, in the order given.
    public var values: [Int]

    /// The numbers given.
    public init(_ values: [Int]) {
        self.values = values
    }

    public init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { Int($0) }
        guard !values.isEmpty, values.count == parts.count, values.allSatisfy({ $0 > 0 }) else { return nil }
        self.values = values
    }

    public var defaultValueDescription: String {
        values.map(String.init).joined(separator: ",")
    }
}
