import AuthZCore
import AuthZSimulation

/// Step one of the engine's construction: the verified-token cache of the chosen strategy.
package struct TokenCacheVisitor: CacheStrategyVisitor {
    package typealias Key = TokenBytesKey
    package typealias Value = VerifiedAuthN
    package typealias Result = Swift.Result<RunOutcome, any Error>
    package let setup: HarnessSetup
    package let progress: ((String) -> Void)?

    package func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result where Cache.Key == Key, Cache.Value == Value {
        let kind = setup.scenario.cache
        return kind.makeCache(
            capacity: setup.scenario.capacity,
            visitor: AuthorizationCacheVisitor(setup: setup, progress: progress, tokenCache: cache)
        )
    }
}

/// Step two: the authorization cache of the same strategy, then the run, specialised for both.
package struct AuthorizationCacheVisitor<TC: CacheStrategy<TokenBytesKey, VerifiedAuthN>>: CacheStrategyVisitor {
    package typealias Key = AuthorizationKey
    package typealias Value = CachedAuthorization
    package typealias Result = Swift.Result<RunOutcome, any Error>
    package let setup: HarnessSetup
    package let progress: ((String) -> Void)?
    package let tokenCache: TC

    package func visit<Cache: CacheStrategy>(_ cache: Cache) -> Result where Cache.Key == Key, Cache.Value == Value {
        Result { try setup.run(tokenCache: tokenCache, authzCache: cache, progress: progress) }
    }
}
