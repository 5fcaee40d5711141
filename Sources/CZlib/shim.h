#ifndef AUTHZ_BENCH_CZLIB_SHIM_H
#define AUTHZ_BENCH_CZLIB_SHIM_H
// zlib, for HdrHistogram's V2 compressed encoding (the `HISTF...` payloads of .hlog and result JSON).
#include <zlib.h>
#endif
