import AuthZCore
import Foundation

/// The option table: the workload options of `run`, `capacity` and `sweep`, one ``WorkloadFlag``
/// each, whence the options each command takes, aliases, `--help`, usage errors, validation, the
/// scenario's JSON and the named scenarios. Options are read and checked in the table's order.
package enum WorkloadFlags {
    /// Every option, in the order `--help` lists them, they are read and they are checked.
    package static let table: [WorkloadFlag] = population + engine + schedule + upstream + calibration
    /// The options by name.
    static let named = Dictionary(uniqueKeysWithValues: table.map { ($0.name, $0) })
    /// The scenario's JSON fields, in the table's order.
    static let fields = table.flatMap(\.fields)
    /// Older names still accepted (old name: current name); the result keys did not change.
    package static let aliases = Dictionary(
        uniqueKeysWithValues: table.compactMap { flag in
            flag.alias.map { ($0, flag.name) }
        }
    )
    /// The options of the simulated population, which every command generating it takes.
    package static let populationOptions = table.filter { $0.scope == .population }.map(\.name)
    /// Every workload option that takes a value.
    package static let valueOptions = Set(table.filter { $0.placeholder != nil }.map(\.name))
    /// The workload's boolean flags.
    package static let flagOptions = Set(table.filter { $0.placeholder == nil }.map(\.name))

    /// The scenario `args` describe (unvalidated), with `defaultThreads` unless `--threads` says.
    package static func scenario(
        from args: Arguments,
        defaultThreads: Int,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BenchError) -> Scenario {
        var scenario = Scenario()
        scenario.threads = defaultThreads
        try read(args, environment: environment, into: &scenario)
        return scenario
    }

    /// Reads every option `args` gives into `scenario`, in the table's order.
    static func read(_ args: Arguments, environment: [String: String], into scenario: inout Scenario) throws(BenchError)
    {
        let reading = WorkloadFlag.Reading(args: args, environment: environment)
        for flag in table {
            let text = flag.placeholder == nil ? (args.flag(flag.name) ? "" : nil) : args.value(flag.name)
            if let text { try flag.read(text, into: &scenario, reading) }
        }
    }

    /// The usage error `--NAME expects ..., got 'TEXT'` of option `name`.
    package static func expects(_ name: String, got text: String) -> BenchError {
        WorkloadFlag.table(name).expects(got: text)
    }
}

extension Scenario {
    /// Checks every range and consistency rule of the inputs, each option's in the table's order
    /// (``WorkloadFlags``); throws a usage error naming the option at the first bad value, quoting
    /// its `text` as typed (`Arguments.value`). Only with a `population` (`run`, not `sweep`) must
    /// requestors and MVPDs fit a device's 16-bit indexes.
    package func validate(
        quoting text: @escaping (String) -> String? = { _ in nil },
        population: Bool = true
    ) throws(BenchError) {
        let checking = WorkloadFlag.Checking(text: text, population: population)
        for flag in WorkloadFlags.table { try flag.check(self, checking) }
    }
}

extension WorkloadFlags {
    /// The synopsis of the options of `scopes`, bracketed as their layouts say.
    package static func synopsis(_ scopes: Set<WorkloadFlag.Scope>) -> [String] {
        var items: [String] = []
        for flag in table where scopes.contains(flag.scope) {
            let usage = "--" + flag.name + (flag.placeholder.map { " " + $0 } ?? "")
            guard flag.layout != .alone, var last = items.popLast() else {
                items.append("[" + usage + "]")
                continue
            }
            last.removeLast()
            switch flag.layout {
            case .alone: break
            case .orPrevious: last += " | " + usage + "]"
            case .insidePrevious: last += " [" + usage + "]]"
            case .withPrevious: last += " " + usage + "]"
            }
            items.append(last)
        }
        return items
    }

    /// One help entry per option of `scopes`: usage, help, alias, default.
    package static func help(_ scopes: Set<WorkloadFlag.Scope>) -> String {
        let indent = String(repeating: " ", count: 27)
        var lines: [String] = []
        for flag in table where scopes.contains(flag.scope) {
            var text = flag.help
            if let alias = flag.alias { text += " (alias: --\(alias))" }
            if let shown = flag.shownDefault(Scenario()) { text += " (default \(shown))" }
            var body = text.split(separator: "\n").map { indent + $0 }
            let head = "  --" + flag.name + (flag.placeholder.map { " " + $0 } ?? "")
            if head.count + 2 <= indent.count {
                body[0] =
                    head.padding(toLength: indent.count, withPad: " ", startingAt: 0) + body[0].dropFirst(indent.count)
            } else {
                body.insert(head, at: 0)
            }
            lines += body
        }
        return lines.joined(separator: "\n")
    }

    /// `items` on lines of at most `width` columns after `first`, the others indented as deep.
    package static func lines(_ items: [String], after first: String, width: Int = 118) -> String {
        let indent = String(repeating: " ", count: first.count)
        var lines = [first]
        for item in items {
            let line = lines[lines.count - 1]
            if line.count + 1 + item.count > width, line != first, line != indent {
                lines.append(indent + item)
            } else {
                lines[lines.count - 1] += (line == first || line == indent ? "" : " ") + item
            }
        }
        return lines.joined(separator: "\n")
    }
}
