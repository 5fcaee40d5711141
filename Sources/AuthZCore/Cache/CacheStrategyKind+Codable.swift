/// Coded as its raw value (`"sharded"`), so that a result file records the strategy a run used in
/// the same words as the `--cache` flag that chose it.
extension CacheStrategyKind: Codable {}
