/// The rows of `authz-bench micro`, in run order.
enum MicroSuite {
    /// Every row; each `MicroSuite+Concern.swift` file contributes its group.
    static func allCases() throws -> [MicroCase] {
        try clockCases() + tokenCases() + cryptoCases() + cacheCases() + engineCases()
    }
}
