import BenchHarness

// authz-bench: thin entry point; each command lives in Commands/.
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
// `micro` reports libcrypto's allocations per row: the counting hooks must be in place before
// libcrypto's first allocation, so before the command starts. Other commands run libcrypto's own.
if arguments.first == "micro" { LibcryptoAllocations.install() }
exit(CommandLineTool.main(arguments))
