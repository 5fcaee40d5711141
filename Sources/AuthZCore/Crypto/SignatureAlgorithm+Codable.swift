/// Coded as its raw value (`"es256"`), so that a result file records the algorithm a run used in
/// the same words as the `--alg` flag that chose it.
extension SignatureAlgorithm: Codable {}
