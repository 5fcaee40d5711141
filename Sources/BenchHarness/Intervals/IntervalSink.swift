/// Where the run's completed intervals go as they complete (the streamed `.hlog`): called on one
/// serial queue, in interval order, never on a worker's request path.
///
/// A sink records its own I/O failures and reports them from ``close()``: the load is not
/// stopped for them, the result says so at the end.
package protocol IntervalSink: AnyObject, Sendable {
    /// Called once, after the start is confirmed and before the load: creates the output (a run
    /// that missed its start writes nothing).
    func open() throws(BenchError)
    /// Called once, when the load's start is fixed: `startEpochMillis` is the measured phase's
    /// wall-clock start (the log's StartTime).
    func begin(startEpochMillis: Int64)
    /// One completed interval, merged over workers; written and flushed before returning.
    func write(_ interval: IntervalReport)
    /// Called when the run ended normally, after the last interval: `intervals` and `requests` in all.
    func end(intervals: Int, requests: Int)
    /// Closes the output; throws the first failure met while writing.
    func close() throws(BenchError)
}
