import AuthZCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A request to end a run early (SIGINT, SIGTERM): the workers stop sending at their next request,
/// wait for their parked requests as at a normal end, and the run reports what it measured,
/// marked interrupted and invalid.
///
/// Set from a signal handler: it only stores into atomics and reads the monotonic clock
/// (`clock_gettime` is async-signal-safe), never allocates or locks.
package final class StopRequest: Sendable {
    private let signalNumber = Atomic<Int32>(0)
    private let atNanos = Atomic<UInt64>(0)

    /// A request not made yet.
    package init() {}

    /// The process's request, set by the handlers ``installSignalHandlers()`` installs.
    package static let process = StopRequest()

    /// Asks the run to stop because of `signal` (the first request wins), at monotonic time `nanos`.
    package func request(signal: Int32, atNanos nanos: UInt64) {
        if signalNumber.compareExchange(expected: 0, desired: signal, ordering: .relaxed).exchanged {
            atNanos.store(nanos, ordering: .releasing)
        }
    }

    /// Whether a stop was requested: one relaxed load, cheap enough to read before every send.
    @inline(__always)
    package var isRequested: Bool { signalNumber.load(ordering: .relaxed) != 0 }

    /// The signal that asked for the stop (nil: none yet).
    package var signal: Int32? {
        let value = signalNumber.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// The monotonic time of the request, nanoseconds (nil: none yet).
    package var requestedAtNanos: UInt64? {
        signal == nil ? nil : atNanos.load(ordering: .acquiring)
    }

    /// The signal's name: `SIGINT`, `SIGTERM`, else `signal N`.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    /// The validity reason of a run a signal ended early (it reports what it measured until then).
    package static func interruptedReason(signal: String, measuredSeconds: Double) -> String {
        "interrupted by \(signal) after \(String(format: "%.1f", measuredSeconds)) s of the measured phase: "
            + "the figures cover part of the planned run"
    }

    /// Installs handlers for SIGINT and SIGTERM that request ``process`` to stop; a second signal
    /// ends the process at once, as if no handler were installed (an impatient Ctrl-C still works).
    /// A signal the process inherited as ignored (`nohup`, a shell's background job) stays ignored;
    /// one it inherited as blocked (a parent's thread mask passes through `posix_spawn`) is
    /// unblocked on this thread, the threads started later inherit that.
    package static func installSignalHandlers() {
        _ = process.isRequested  // initialised here, never first in a handler
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in [SIGINT, SIGTERM] {
            var previous = sigaction()
            sigaction(number, nil, &previous)
            if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1 { continue }  // SIG_IGN
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if StopRequest.process.isRequested {
                    Glibc.signal(number, SIG_DFL)
                    raise(number)
                    return
                }
                StopRequest.process.request(signal: number, atNanos: MonotonicClock.nanoseconds())
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
            sigaddset(&unblock, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }
}
