import AuthZCore

/// How `MicroRunner` times each row.
package struct MicroSettings: Sendable {
    /// Measured batches per loop (subject and reference interleaved, A B A B ...).
    package var batches: Int
    /// Target wall time of one batch, in nanoseconds (the iteration count is calibrated to it).
    package var batchNanoseconds: UInt64
    /// Batches run and discarded before measuring.
    package var warmupBatches: Int
    /// When set, no calibration and no statistics: each loop runs exactly this many iterations once
    /// (for instruction and allocation counting under valgrind).
    package var fixedIterations: Int?
    /// Skip the reference loops (allocation and instruction counts of the code under test alone).
    package var subjectOnly: Bool
    /// Creates a value from its stored properties.
    package init(
        batches: Int = 21,
        batchNanoseconds: UInt64 = 4_000_000,
        warmupBatches: Int = 3,
        fixedIterations: Int? = nil,
        subjectOnly: Bool = false
    ) {
        self.batches = batches
        self.batchNanoseconds = batchNanoseconds
        self.warmupBatches = warmupBatches
        self.fixedIterations = fixedIterations
        self.subjectOnly = subjectOnly
    }
}

/// The measured figures of one `micro` row.
package struct MicroResult: Codable, Sendable {
    /// The stable dotted row name.
    package var name: String
    /// Threads that ran the loop at once.
    package var threads: Int
    /// Median over batches of the per-thread time per operation, in nanoseconds.
    package var nsPerOp: Double
    /// 99th percentile (nearest rank) over batches of the per-thread time per operation.
    package var p99: Double
    /// Aggregate operations per second over all threads (median batch).
    package var opsPerSec: Double
    /// Median ns/op of the reference loop, measured interleaved with the subject.
    package var reference: Double?
    /// What the reference loop does.
    package var referenceLabel: String?
    /// `nsPerOp / reference`: 1.0 means no overhead over the floor.
    package var ratio: Double?
    /// Median ns/op of the floor loop, when the row has one (measured interleaved as the reference).
    package var floor: Double? = nil
    /// What the floor loop does.
    package var floorLabel: String? = nil
    /// `nsPerOp / floor`.
    package var floorRatio: Double? = nil
    /// libcrypto heap allocations per operation (single-threaded count after warm-up).
    package var libcryptoAllocsPerOp: Double?
    /// Memory rows: heap bytes per entry (malloc's in-use growth / entries).
    package var bytesPerEntry: Double?
    /// Memory rows: resident-set growth / entries.
    package var rssBytesPerEntry: Double?
    /// Iterations per thread in one batch.
    package var iterationsPerBatch: Int
    /// Batches measured.
    package var batches: Int

    /// Creates a value from its stored properties.
    package init(
        name: String,
        threads: Int,
        nsPerOp: Double,
        p99: Double,
        opsPerSec: Double,
        reference: Double? = nil,
        referenceLabel: String? = nil,
        ratio: Double? = nil,
        libcryptoAllocsPerOp: Double? = nil,
        bytesPerEntry: Double? = nil,
        rssBytesPerEntry: Double? = nil,
        iterationsPerBatch: Int,
        batches: Int
    ) {
        self.name = name
        self.threads = threads
        self.nsPerOp = nsPerOp
        self.p99 = p99
        self.opsPerSec = opsPerSec
        self.reference = reference
        self.referenceLabel = referenceLabel
        self.ratio = ratio
        self.libcryptoAllocsPerOp = libcryptoAllocsPerOp
        self.bytesPerEntry = bytesPerEntry
        self.rssBytesPerEntry = rssBytesPerEntry
        self.iterationsPerBatch = iterationsPerBatch
        self.batches = batches
    }
}

/// Times `MicroCase`s: calibrates a batch size, warms up, then measures subject and reference in
/// interleaved batches so that machine noise hits both alike.
package struct MicroRunner {
    /// The timing settings.
    package var settings: MicroSettings

    /// Creates a value from its stored properties.
    package init(settings: MicroSettings) {
        self.settings = settings
    }

    /// Measures one case.
    package func measure(_ microCase: MicroCase) throws -> MicroResult {
        if let probe = microCase.memoryProbe {
            let figures = try probe()
            let perEntry = Double(figures.nanoseconds) / Double(max(figures.entries, 1))
            return MicroResult(
                name: microCase.name,
                threads: 1,
                nsPerOp: perEntry,
                p99: perEntry,
                opsPerSec: 1e9 / perEntry,
                reference: nil,
                referenceLabel: nil,
                ratio: nil,
                libcryptoAllocsPerOp: nil,
                bytesPerEntry: Double(figures.heapDelta) / Double(max(figures.entries, 1)),
                rssBytesPerEntry: Double(figures.rssDelta) / Double(max(figures.entries, 1)),
                iterationsPerBatch: figures.entries,
                batches: 1
            )
        }
        let threads = microCase.threads
        let team = threads > 1 ? ThreadTeam(count: threads) : nil
        defer { team?.stop() }
        let subject = try (0..<threads).map { _ in try microCase.makeSubject() }
        let reference =
            settings.subjectOnly
            ? nil : try microCase.makeReference.map { make in try (0..<threads).map { _ in try make() } }
        let floor =
            settings.subjectOnly
            ? nil : try microCase.makeFloor.map { make in try (0..<threads).map { _ in try make() } }

        func batch(_ loops: [MicroLoop], _ iterations: Int) -> UInt64 {
            if let team { return team.runBatch(loops, iterations: iterations) }
            let begin = MonotonicClock.nanoseconds()
            loops[0](iterations)
            return MonotonicClock.nanoseconds() - begin
        }

        if let fixed = settings.fixedIterations {
            let subjectTime = batch(subject, fixed)
            let referenceTime = reference.map { batch($0, fixed) }
            let floorTime = floor.map { batch($0, fixed) }
            let perOp = Double(subjectTime) / Double(fixed)
            var result = MicroResult(
                name: microCase.name,
                threads: threads,
                nsPerOp: perOp,
                p99: perOp,
                opsPerSec: Double(threads) * 1e9 / perOp,
                reference: referenceTime.map { Double($0) / Double(fixed) },
                referenceLabel: microCase.referenceLabel,
                ratio: nil,
                libcryptoAllocsPerOp: nil,
                iterationsPerBatch: fixed,
                batches: 1
            )
            result.floor = floorTime.map { Double($0) / Double(fixed) }
            result.floorLabel = floorTime == nil ? nil : microCase.floorLabel
            return result
        }

        let subjectIterations = calibrate { batch(subject, $0) }
        let referenceIterations = reference.map { loops in calibrate { batch(loops, $0) } }
        let floorIterations = floor.map { loops in calibrate { batch(loops, $0) } }
        for _ in 0..<settings.warmupBatches {
            _ = batch(subject, subjectIterations)
            if let reference, let referenceIterations { _ = batch(reference, referenceIterations) }
            if let floor, let floorIterations { _ = batch(floor, floorIterations) }
        }
        var subjectSamples: [Double] = []
        var referenceSamples: [Double] = []
        var floorSamples: [Double] = []
        for _ in 0..<settings.batches {
            subjectSamples.append(Double(batch(subject, subjectIterations)) / Double(subjectIterations))
            if let reference, let referenceIterations {
                referenceSamples.append(Double(batch(reference, referenceIterations)) / Double(referenceIterations))
            }
            if let floor, let floorIterations {
                floorSamples.append(Double(batch(floor, floorIterations)) / Double(floorIterations))
            }
        }
        let median = Self.percentile(subjectSamples, 50)
        let referenceMedian = referenceSamples.isEmpty ? nil : Self.percentile(referenceSamples, 50)
        let floorMedian = floorSamples.isEmpty ? nil : Self.percentile(floorSamples, 50)

        var allocations: Double?
        if threads == 1, LibcryptoAllocations.isInstalled {
            let n = min(subjectIterations, 1_000)
            let counted = LibcryptoAllocations.count { subject[0](n) }
            allocations = Double(counted) / Double(n)
        }
        var result = MicroResult(
            name: microCase.name,
            threads: threads,
            nsPerOp: median,
            p99: Self.percentile(subjectSamples, 99),
            opsPerSec: Double(threads) * 1e9 / median,
            reference: referenceMedian,
            referenceLabel: microCase.referenceLabel,
            ratio: referenceMedian.map { median / $0 },
            libcryptoAllocsPerOp: allocations,
            iterationsPerBatch: subjectIterations,
            batches: settings.batches
        )
        result.floor = floorMedian
        result.floorLabel = floorMedian == nil ? nil : microCase.floorLabel
        result.floorRatio = floorMedian.map { median / $0 }
        return result
    }

    /// The iteration count whose batch takes about `settings.batchNanoseconds`.
    private func calibrate(_ run: (Int) -> UInt64) -> Int {
        var iterations = 1
        while true {
            let elapsed = run(iterations)
            if elapsed >= settings.batchNanoseconds / 8 || iterations >= 1 << 30 {
                let scaled = Double(iterations) * Double(settings.batchNanoseconds) / Double(max(elapsed, 1))
                return max(1, Int(scaled.rounded()))
            }
            iterations *= 2
        }
    }

    /// The nearest-rank percentile of `samples`.
    package static func percentile(_ samples: [Double], _ percentile: Double) -> Double {
        precondition(!samples.isEmpty)
        let sorted = samples.sorted()
        let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
