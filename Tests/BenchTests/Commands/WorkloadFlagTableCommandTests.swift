import BenchHarness
import Foundation
import TestSupport
import Testing

/// The workload option table (`WorkloadFlags.table`) walked through the built executable: every
/// option is in `run --help`, and a value it does not take exits 64 with one line naming it.
@Suite("run: every option of the workload table")
struct WorkloadFlagTableCommandTests {
    /// `run --help`.
    static let help = Result { try CLIHarness.bench(["run", "--help"]) }

    @Test(arguments: WorkloadFlags.table.map(\.name))
    func everyOptionIsInTheHelp(name: String) throws {
        let help = try Self.help.get()
        #expect(help.status == 0)
        let flag = try #require(WorkloadFlags.table.first { $0.name == name })
        let usage = "--\(name)" + (flag.placeholder.map { " " + $0 } ?? "")
        #expect(help.stdout.contains(usage), "\(usage) missing from run --help")
        if let alias = flag.alias { #expect(help.stdout.contains("--\(alias)"), "--\(alias) missing") }
    }

    @Test(arguments: WorkloadFlags.table.map(\.name))
    func aBadValueExits64NamingTheOption(name: String) throws {
        let flag = try #require(WorkloadFlags.table.first { $0.name == name })
        let arguments = flag.placeholder == nil ? ["--\(name)=1"] : ["--\(name)", "@bad@"]
        for spelling in [name] + (flag.alias.map { [$0] } ?? []) {
            let output = try CLIHarness.bench(
                ["run"] + arguments.map { $0.replacingOccurrences(of: name, with: spelling) }
            )
            #expect(output.status == 64, "\(output.stderr)")
            #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
            #expect(output.message.hasPrefix("--\(name)"), "\(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
    }
}
