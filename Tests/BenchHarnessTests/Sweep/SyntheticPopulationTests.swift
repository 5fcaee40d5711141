import AuthZCore
import AuthZSimulation
import BenchHarness
import Testing

/// The sweep's synthetic sequence replays the cache traffic of a `run` with the same flags only if
/// both give each device the same requestor and MVPD.
@Suite("Sweep and run agree on the population")
struct SyntheticPopulationTests {
    /// The population `run` builds for `scenario` (HS256 keys, so it is quick).
    static func population(_ scenario: Scenario, directory: WorkloadDirectory) throws -> [SimulatedDevice] {
        let keys = try DeploymentKeys(generating: .hs256, bindingSecret: [UInt8](repeating: 7, count: 32))
        let authenticator = Authenticator(keys: keys, directory: directory, ttlMillis: scenario.authNTTLMillis)
        return try Population.build(scenario: scenario, authenticator: authenticator).slices.flatMap { $0 }
    }

    @Test(arguments: [UInt64(1), 11, 0xFFFF_FFFF_FFFF_FFFF])
    func theSequenceAndThePopulationGiveEachDeviceTheSameRequestorAndMVPD(seed: UInt64) throws {
        var scenario = Scenario()
        scenario.devices = 64
        scenario.requestors = 7
        scenario.mvpds = 6
        scenario.threads = 2
        scenario.seed = seed
        let directory = WorkloadDirectory(
            requestors: scenario.requestors,
            mvpds: scenario.mvpds,
            resources: scenario.resources
        )
        let devices = try Self.population(scenario, directory: directory)
        #expect(devices.count == scenario.devices)
        let byIndex = Dictionary(uniqueKeysWithValues: devices.map { (Int($0.globalIndex), $0) })

        let workload = AccessSequence.Workload(scenario, requests: 20_000)
        let sequence = AccessSequence.synthetic(workload)
        var looked: Set<Int> = []
        for parts in sequence.keyParts {
            // The GUID is `dG-gN`: device G of the population, generation N.
            let index = try #require(Int(parts.guid.dropFirst().prefix { $0 != "-" }))
            let device = try #require(byIndex[index])
            #expect(parts.requestor == directory.requestorIDs[Int(device.requestor)], "device \(index)")
            looked.insert(index)
        }
        #expect(looked.count == scenario.devices)  // every device's requestor was compared
        for device in devices {
            let assigned = workload.directory.assignment(seed: seed, device: Int(device.globalIndex))
            #expect(
                assigned.requestor == Int(device.requestor) && assigned.mvpd == Int(device.mvpd),
                "device \(device.globalIndex)"
            )
        }
    }

    @Test func theRuleIsTheOneSeededRunsWereMadeWith() {
        // Seed 1, 20 requestors, 10 MVPDs (the defaults): the assignments runs have always had.
        let directory = WorkloadDirectory(requestors: 20, mvpds: 10, resources: 1)
        let assigned = (0..<8).map { directory.assignment(seed: 1, device: $0) }
        #expect(
            assigned.map { [$0.requestor, $0.mvpd] } == [
                [17, 6], [7, 0], [9, 4], [8, 7], [19, 5], [6, 7], [13, 5], [5, 4],
            ]
        )
    }
}
