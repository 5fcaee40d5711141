// authz-bench: thin entry point; each command lives in Commands/.
#if canImport(Glibc)
import Glibc
#endif

// Before anything can make libcrypto allocate: count its allocations for `micro`.
LibcryptoAllocations.install()
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
