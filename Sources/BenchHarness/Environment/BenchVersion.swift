/// The suite's version, written into every result file.
package enum BenchVersion {
    /// The version string.
    package static let current = "0.1.0"
}
