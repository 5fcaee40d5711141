import BenchHarness

// authz-bench: thin entry point; each command lives in Commands/.
#if canImport(Glibc)
import Glibc
#endif

// A closed standard output (`| head -1`) must cost the console text only, never the files a
// command writes after it: writes to it fail with EPIPE instead of ending the process.
signal(SIGPIPE, SIG_IGN)
let arguments = Array(CommandLine.arguments.dropFirst())
// `micro` reports libcrypto's allocations per row: the counting hooks must be in place before
// libcrypto's first allocation, so before the command starts. Other commands run libcrypto's own.
if arguments.first == "micro" { LibcryptoAllocations.install() }
exit(CommandLineTool.main(arguments))
