/// The suite's version, written into every result file.
enum BenchVersion {
    /// The version string.
    static let current = "0.1.0"
}
