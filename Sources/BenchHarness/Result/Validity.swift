/// The run's validity verdict.
package struct Validity: Sendable, Equatable {
    /// False when the generator, not the code under test, limited the run (or a debug build ran).
    package var valid: Bool
    /// Why not, one line each.
    package var reasons: [String]

    /// Creates a value from its stored properties.
    package init(valid: Bool, reasons: [String]) {
        self.valid = valid
        self.reasons = reasons
    }
}
