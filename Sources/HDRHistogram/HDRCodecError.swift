// Errors of the HdrHistogram V2 codec and the interval-log reader.

/// Why an encoded histogram could not be decoded (or encoded).
public struct HDRCodecError: Error, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Equatable {
        /// The cookie is not the expected V2 (compressed) cookie.
        case badCookie
        /// A length field disagrees with the data, or the data is too short.
        case badLength
        /// The data ends in the middle of a field.
        case truncated
        /// The header describes a layout HdrHistogram rejects, or counts do not fit it.
        case badLayout
        /// Base64 text could not be decoded.
        case badBase64
        /// zlib reported an error.
        case zlib
    }

    /// The kind of failure.
    public let kind: Kind
    /// A one-line description naming the offending field and value.
    public let message: String

    /// One-line description.
    public var description: String { message }

    /// Creates an error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
