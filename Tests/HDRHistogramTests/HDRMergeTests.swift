import HDRHistogram
import Testing

@Suite("HDR merge")
struct HDRMergeTests {
    @Test(arguments: [1, 2, 4, 7])
    func perWorkerHistogramsAddUpToOne(workers: Int) {
        let samples = SampleDistribution.logNormal.samples(count: 50_000, seed: 7)
        var single = HDRHistogram()
        var perWorker = Array(repeating: HDRHistogram(), count: workers)
        for (index, sample) in samples.enumerated() {
            single.record(sample)
            perWorker[index % workers].record(sample)
        }
        var merged = HDRHistogram()
        for worker in perWorker { merged.add(worker) }
        #expect(merged == single)
        #expect(merged.counts == single.counts)
        #expect(merged.value(atPercentile: 99.9) == single.value(atPercentile: 99.9))
    }

    @Test func differentLayoutsMergeByValue() {
        let samples = SampleDistribution.bimodal.samples(count: 20_000, seed: 9)
        var fine = HDRHistogram(significantDigits: 4)
        var coarse = HDRHistogram(significantDigits: 2)
        var expected = HDRHistogram(significantDigits: 2)
        for sample in samples {
            fine.record(sample)
            expected.record(sample)
        }
        coarse.add(fine)
        // Every fine slot lies inside one coarse slot, so re-recording by value loses nothing.
        #expect(coarse.counts == expected.counts)
        #expect(coarse.totalCount == UInt64(samples.count))
    }

    @Test func mergeKeepsOverflowCounts() {
        var small = HDRHistogram(highest: 1000)
        small.record(5000)
        var other = HDRHistogram(highest: 1000)
        other.record(10)
        other.add(small)
        #expect(other.overflowCount == 1 && other.totalCount == 2)
        var wide = HDRHistogram()
        wide.record(1_000_000)
        other.add(wide)  // different layout: 1_000_000 is clamped into 0...1000
        #expect(other.overflowCount == 2 && other.totalCount == 3)
    }
}
