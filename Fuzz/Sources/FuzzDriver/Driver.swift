import Foundation
import LibFuzzer

/// Runs libFuzzer with the process's arguments on `test`, a target's `LLVMFuzzerTestOneInput`,
/// and exits with its status.
public func runLibFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
