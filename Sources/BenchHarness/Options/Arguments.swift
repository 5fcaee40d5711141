/// A small command-line option parser: `--name value`, `--name=value`, boolean `--flag`, positionals.
///
/// Every error is a `BenchError.invalidSetting` naming the option and what was expected, so the
/// command reports it as a usage error in one line.
package struct Arguments {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    /// The arguments that are not options, in order.
    package private(set) var positionals: [String] = []

    /// Parses `arguments` given the option names that take a value and the boolean flags. An
    /// option given by an older name in `aliases` (old name: current name) reads as its current
    /// name, when the command takes it; messages name the current one.
    package init(
        _ arguments: [String],
        options: Set<String>,
        flags allowedFlags: Set<String>,
        aliases: [String: String] = WorkloadFlags.aliases
    ) throws(BenchError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if let current = aliases[name], options.contains(current) { name = current }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw .invalidSetting("--\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if values[name] != nil { throw .invalidSetting("--\(name) given twice") }
                if let inlineValue {
                    values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw .invalidSetting("--\(name) needs a value") }
                    values[name] = arguments[index]
                    index += 1
                }
            } else {
                let aliased = aliases.filter { options.contains($0.value) }.keys
                let known = options.union(allowedFlags).union(aliased).sorted().map { "--\($0)" }.joined(
                    separator: ", "
                )
                throw .invalidSetting("unknown option --\(name); expected one of: \(known)")
            }
        }
    }

    /// The value of option `name`, if given.
    package func value(_ name: String) -> String? { values[name] }

    /// Whether boolean flag `name` was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of option `name`, or a usage error saying it is required.
    package func required(_ name: String, _ expected: String) throws(BenchError) -> String {
        guard let value = values[name], !value.isEmpty else {
            throw .invalidSetting("--\(name) is required (\(expected))")
        }
        return value
    }

    /// The value of option `name` parsed as an integer in `range`, or `defaultValue` when absent.
    package func integer(
        _ name: String,
        default defaultValue: Int,
        in range: ClosedRange<Int>
    ) throws(BenchError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidSetting(
                "--\(name) expects an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'"
            )
        }
        return number
    }

    /// The value of option `name` parsed as a duration (see `DurationText`), in milliseconds.
    package func durationMillis(_ name: String, default defaultValue: Int64) throws(BenchError) -> Int64 {
        guard let text = values[name] else { return defaultValue }
        guard let millis = DurationText.millis(text) else {
            throw .invalidSetting("--\(name) expects \(DurationText.expectation), got '\(text)'")
        }
        return millis
    }
}
