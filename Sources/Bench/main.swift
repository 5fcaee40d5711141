// authz-bench: thin entry point; each command lives in Commands/.
#if canImport(Glibc)
import Glibc
#endif

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
