// libFuzzer's public driver entry point (compiler-rt, LLVM 13 and later), linked in by
// `-sanitize=fuzzer`. The fuzz targets call it from their own entry point: SwiftPM renames an
// executable's `main` to `<Module>_main` on Linux, so libFuzzer's `main` is not the one that runs.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
