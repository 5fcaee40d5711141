import BenchHarness
import Testing

/// The recommendation of a sweep: hit ratios decide, not the time per lookup of one run, and a
/// reference strategy kept for comparison is never recommended over one that does as well.
@Suite("Sweep recommendation")
struct SweepRecommendationTests {
    @Test func aTieWithTheReferenceRecommendsTheStrategyItIsAReferenceFor() {
        // tinylfu-fixed is faster per lookup in this run, with the same hits at every capacity.
        var rows = [
            SweepReplayTests.row("tinylfu", capacity: 10, hits: 60, latency: 300),
            SweepReplayTests.row("tinylfu-fixed", capacity: 10, hits: 60, latency: 100),
            SweepReplayTests.row("tinylfu", capacity: 20, hits: 80, latency: 300),
            SweepReplayTests.row("tinylfu-fixed", capacity: 20, hits: 80, latency: 100),
        ]
        Sweep.markBest(&rows)
        let sentence = Sweep.recommendation(rows)
        #expect(
            sentence.hasPrefix("Use tinylfu: it has the highest hit ratio at 2 of 2 capacities (as do tinylfu-fixed)")
        )
        // The order given does not change it.
        rows.reverse()
        #expect(Sweep.recommendation(rows).hasPrefix("Use tinylfu:"))
    }

    @Test func moreHitsWinWhateverTheTimes() {
        let rows = [
            SweepReplayTests.row("lru", capacity: 10, hits: 50, latency: 100),
            SweepReplayTests.row("tinylfu-fixed", capacity: 10, hits: 70, latency: 900),
        ]
        #expect(Sweep.recommendation(rows).hasPrefix("Use tinylfu-fixed: it has the highest hit ratio at 1 of 1"))
    }
}
