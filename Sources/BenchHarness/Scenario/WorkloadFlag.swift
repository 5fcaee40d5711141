import AuthZCore

/// One workload option, declared once in ``WorkloadFlags/table``: its name and usage, then a
/// modifier per concern: its help, the value it reads (parser, place in the ``Scenario``, JSON
/// member, default shown), the words of its usage error, what it excludes, its checks.
package struct WorkloadFlag: Sendable {
    /// Which commands take an option (`sweep` only the population's); `--help` lists calibration apart.
    package enum Scope: Sendable {
        /// The population and its traffic; how `run` drives the engine; gate calibration.
        case population, load, calibration
    }

    /// How an option's usage follows the previous one's: alone, as an alternative (`[--rate R |
    /// --total-rate R]`), inside it (`--closed [--concurrency N]`) or with it (`--shards N`).
    package enum Layout: Sendable {
        /// The four placings.
        case alone, orPrevious, insidePrevious, withPrevious
    }

    /// What an option reads its text with.
    package struct Reading: Sendable {
        /// The command line.
        package let args: Arguments
        /// The process environment.
        package let environment: [String: String]

        /// Whether option or flag `name` was given.
        package func given(_ name: String) -> Bool { args.value(name) != nil || args.flag(name) }
    }

    /// What an option's checks know.
    package struct Checking {
        /// The text each option was typed as, quoted rather than the value read from it.
        package let text: (String) -> String?
        /// Whether workers drive a built population (`run`, not `sweep`): 16-bit indexes.
        package let population: Bool
    }

    /// A check of the values an option sets (read from flags or from a file).
    typealias Check = @Sendable (Scenario, Checking) throws -> Void

    /// The name, without `--`.
    package let name: String
    /// What the value looks like in the usage (`N`, `D`, `es256|rs256|...`); nil for a boolean flag.
    package let placeholder: String?
    /// An older name still accepted (`--help` shows it; messages name the current one).
    package let alias: String?
    /// Which commands take it.
    package let scope: Scope
    /// How its usage follows the previous option's.
    package let layout: Layout
    /// What the option does (`--help`), `\n` where a line must break.
    package private(set) var help = ""
    /// What its value must be (`--devices expects` this `, got '0'`), read or in range alike.
    package private(set) var expectation = "a valid value"
    /// The scenario's JSON members its values are written as.
    package private(set) var fields: [ScenarioField] = []
    /// The default a scenario holds, as typed (`--help`); nil: none shown.
    private(set) var shownDefault: @Sendable (Scenario) -> String? = { _ in nil }
    /// The options it cannot be given with, and the message.
    private var exclusions: [(flag: String, message: String)] = []
    /// Reads the given text (a flag's is empty) into a scenario.
    private var parse: @Sendable (String, inout Scenario, Reading) throws(BenchError) -> Void = { _, _, _ in }
    /// Its checks, in order.
    private var checks: [Check] = []

    /// An option taking a value written as `placeholder` (nil: a boolean flag).
    init(_ name: String, _ placeholder: String?, alias: String? = nil, scope: Scope = .load, layout: Layout = .alone) {
        self.name = name
        self.placeholder = placeholder
        self.alias = alias
        self.scope = scope
        self.layout = layout
    }

    /// Reads `text` into `scenario`, after refusing the options it excludes.
    func read(_ text: String, into scenario: inout Scenario, _ reading: Reading) throws(BenchError) {
        if let exclusion = exclusions.first(where: { reading.given($0.flag) }) {
            throw .invalidSetting(exclusion.message)
        }
        try parse(text, &scenario, reading)
    }

    /// Runs the option's checks on `scenario`.
    func check(_ scenario: Scenario, _ checking: Checking) throws(BenchError) {
        do {
            for check in checks { try check(scenario, checking) }
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failure("--\(name): \(error)")
        }
    }

    /// The usage error `--NAME expects ..., got 'TEXT'`.
    package func expects(got text: String) -> BenchError {
        .invalidSetting("--\(name) expects \(expectation), got '\(text)'")
    }

    /// The usage error of a value out of range, quoting the typed text, else `value`.
    func expects(_ checking: Checking, _ value: String) -> BenchError {
        expects(got: checking.text(name) ?? value)
    }
}

extension WorkloadFlag {
    /// With `line` added to the help.
    func help(_ line: String) -> Self { with { $0.help += ($0.help.isEmpty ? "" : "\n") + line } }
    /// With the words of its usage error.
    func expects(_ text: String) -> Self { with { $0.expectation = text } }
    /// Refusing option `flag` beside it, with `message`.
    func excludes(_ flag: String, _ message: String) -> Self { with { $0.exclusions.append((flag, message)) } }
    /// With `check` after its others.
    func rule(_ check: @escaping Check) -> Self { with { $0.checks.append(check) } }
    /// With the JSON member `field`.
    func field(_ field: ScenarioField) -> Self { with { $0.fields.append(field) } }
    /// Showing `shown` as its default.
    func shows(_ shown: @escaping @Sendable (Scenario) -> String?) -> Self { with { $0.shownDefault = shown } }
    /// Reading its text with `parse`.
    func reads(_ parse: @escaping @Sendable (String, inout Scenario, Reading) throws(BenchError) -> Void) -> Self {
        with { $0.parse = parse }
    }

    /// A value of `kind` at `path`, written under `key`; a value `valid` refuses is a usage error.
    func value<Value: Codable & Sendable>(
        _ path: WritableKeyPath<Scenario, Value> & Sendable,
        _ kind: ValueKind<Value>,
        key: String,
        _ coding: ScenarioField.Coding = .required,
        valid: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) -> Self {
        let name = self.name
        var flag = kind.expectation.map(expects) ?? self
        flag.fields.append(ScenarioField(key, path, coding))
        flag.shownDefault = { kind.show($0[keyPath: path]) }
        flag.parse = { text, scenario, _ throws(BenchError) in
            scenario[keyPath: path] = try Self.parse(text, name, kind.read)
        }
        flag.checks.append { scenario, checking in
            let value = scenario[keyPath: path]
            if !valid(value) { throw Self.table(name).expects(checking, kind.quote(value)) }
        }
        return flag
    }

    /// An integer at `path` within `range`, written under `key`.
    func integer(
        _ path: WritableKeyPath<Scenario, Int> & Sendable,
        in range: ClosedRange<Int>,
        key: String,
        _ coding: ScenarioField.Coding = .required
    ) -> Self {
        value(path, .integer, key: key, coding, valid: { range.contains($0) }).expects(Self.integers(range))
    }

    /// An optional value of `kind` at `path`, absent from the JSON when nil (`null` if `nullable`);
    /// the texts in `off`, and a value equal to `zero`, read as nil.
    func optional<Value: Codable & Sendable & Equatable>(
        _ path: WritableKeyPath<Scenario, Value?> & Sendable,
        _ kind: ValueKind<Value>,
        key: String,
        nullable: Bool = false,
        off: [String] = [],
        zero: Value? = nil,
        valid: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) -> Self {
        let name = self.name
        var flag = kind.expectation.map(expects) ?? self
        flag.fields.append(nullable ? ScenarioField(nullable: key, path) : ScenarioField(optional: key, path))
        flag.shownDefault = { $0[keyPath: path].map(kind.show) }
        flag.parse = { text, scenario, _ throws(BenchError) in
            let value = try off.contains(text.lowercased()) ? nil : Self.parse(text, name, kind.read)
            scenario[keyPath: path] = value == zero ? nil : value
        }
        flag.checks.append { scenario, checking in
            if let value = scenario[keyPath: path], !valid(value) {
                throw Self.table(name).expects(checking, kind.quote(value))
            }
        }
        return flag
    }

    /// A case of `Choice` (in any letter case) at `path`, written under `key` as its flag word.
    func choice<Choice: RawRepresentable<String> & CaseIterable & Sendable>(
        _ path: WritableKeyPath<Scenario, Choice> & Sendable,
        key: String,
        _ coding: ScenarioField.Coding = .required
    ) -> Self {
        let name = self.name
        var flag = expects("one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
        flag.fields.append(ScenarioField(key, path, coding, as: \.rawValue) { Choice(rawValue: $0) })
        flag.shownDefault = { $0[keyPath: path].rawValue }
        flag.parse = { text, scenario, _ throws(BenchError) in
            scenario[keyPath: path] = try Self.parse(text, name) { Choice(rawValue: $0.lowercased()) }
        }
        return flag
    }

    /// Two optional values of `kind` typed `A@B` (`200ms@2s`) at `first` and `second`, under `keys`.
    func pair(
        _ first: WritableKeyPath<Scenario, Int64?> & Sendable,
        _ second: WritableKeyPath<Scenario, Int64?> & Sendable,
        _ kind: ValueKind<Int64>,
        keys: (String, String)
    ) -> Self {
        let name = self.name
        return field(ScenarioField(optional: keys.0, first)).field(ScenarioField(optional: keys.1, second)).reads {
            text,
            scenario,
            _ throws(BenchError) in
            (scenario[keyPath: first], scenario[keyPath: second]) = try Self.pair(text, name, "@", kind.read)
        }
    }

    /// This option with `change` applied.
    private func with(_ change: (inout Self) -> Void) -> Self {
        var flag = self
        change(&flag)
        return flag
    }
}

extension WorkloadFlag {
    /// `an integer in 1...10`.
    static func integers(_ range: ClosedRange<Int>) -> String {
        "an integer in \(range.lowerBound)...\(range.upperBound)"
    }

    /// `text` read by `read`, or the usage error of option `name`.
    static func parse<Value>(_ text: String, _ name: String, _ read: (String) -> Value?) throws(BenchError) -> Value {
        guard let value = read(text) else { throw table(name).expects(got: text) }
        return value
    }

    /// `text` as two values `read` accepts split at `separator`, or the usage error of `name`.
    static func pair<Value>(
        _ text: String,
        _ name: String,
        _ separator: Character,
        _ read: (String) -> Value?
    ) throws(BenchError) -> (Value, Value) {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = read(String(parts[0])), let second = read(String(parts[1])) else {
            throw table(name).expects(got: text)
        }
        return (first, second)
    }

    /// The table's option `name` (a programming error when there is none).
    static func table(_ name: String) -> WorkloadFlag {
        guard let flag = WorkloadFlags.named[name] else { preconditionFailure("no workload option --\(name)") }
        return flag
    }
}

/// How an option's text reads as a value, is quoted in a usage error (`500ms`) and shown as a
/// default (`5s`), and the words of its usage error if the kind has them.
package struct ValueKind<Value>: Sendable {
    /// The value of a text, or nil.
    let read: @Sendable (String) -> Value?
    /// The unit a message quotes a value in.
    var unit = ""
    /// A value as `--help` shows it.
    var show: @Sendable (Value) -> String = { "\($0)" }
    /// What a text of this kind must be, unless the option says.
    var expectation: String? = nil

    /// `value` as a message quotes it.
    func quote(_ value: Value) -> String { "\(value)\(unit)" }
}

extension ValueKind where Value == Int {
    /// A decimal integer.
    static var integer: Self { ValueKind(read: { Int($0) }) }
}

extension ValueKind where Value == UInt64 {
    /// A non-negative decimal integer.
    static var unsigned: Self { ValueKind(read: { UInt64($0) }, expectation: "a non-negative integer") }
}

extension ValueKind where Value == Double {
    /// A decimal number.
    static var number: Self { ValueKind(read: { Double($0) }, show: DurationText.number) }
}

extension ValueKind where Value == Int64 {
    /// A duration in milliseconds (`500ms`, `30s`, `5m`, `2h`, `1d`).
    static var millis: Self {
        ValueKind(
            read: DurationText.millis,
            unit: "ms",
            show: { DurationText.text(millis: $0) },
            expectation: DurationText.expectation
        )
    }

    /// A duration in microseconds (`us` too).
    static var micros: Self {
        ValueKind(read: DurationText.micros, unit: "us", show: { DurationText.text(micros: $0) })
    }

    /// A duration in nanoseconds (`ns` and `us` too).
    static var nanos: Self { ValueKind(read: DurationText.nanos, unit: "ns", show: { "\($0)ns" }) }
}
