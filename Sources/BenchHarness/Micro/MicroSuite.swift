/// The rows of `authz-bench micro`, in run order.
///
/// Each group asks `wanted` about every row name it can make before doing any set-up, and sets up
/// only what a wanted row needs (key generation, warmed engines, key lists): `--filter` and
/// `--list` stay cheap.
package enum MicroSuite {
    /// The rows whose names `wanted` accepts.
    package static func cases(where wanted: (String) -> Bool) throws -> [MicroCase] {
        var cases = clockCases().filter { wanted($0.name) }
        cases += tokenCases().filter { wanted($0.name) }
        cases += try cryptoCases(where: wanted)
        cases += cacheCases(where: wanted)
        cases += try engineCases(where: wanted)
        cases += try upstreamCases(where: wanted)
        cases += [harnessCase(), histogramCase()].filter { wanted($0.name) }
        return cases
    }

    /// Every row name, without setting anything up.
    package static func allNames() throws -> [String] {
        var names: [String] = []
        _ = try cases {
            names.append($0)
            return false
        }
        return names
    }
}
