#ifndef AUTHZ_BENCH_CMALLOC_SHIM_H
#define AUTHZ_BENCH_CMALLOC_SHIM_H
// glibc's malloc introspection (mallinfo2, malloc_trim), for memory rows of `authz-bench micro`.
#include <malloc.h>
#endif
