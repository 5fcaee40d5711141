#ifndef AUTHZ_BENCH_CSCHED_SHIM_H
#define AUTHZ_BENCH_CSCHED_SHIM_H
// CPU affinity for the 2-thread rows of `authz-bench micro`. glibc declares these only under
// _GNU_SOURCE, which the Swift Glibc module is not built with; the prototypes are the glibc ones.
#include <sched.h>
#include <sys/types.h>

int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *mask);
int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *mask);

#endif
