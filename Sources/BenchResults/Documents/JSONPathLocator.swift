import Foundation

/// Finds where in a JSON text a value is, as a JSON path (`$.summary.requests`), for the one
/// decoding error whose path Foundation's `JSONDecoder` drops: a number that fits no integer (a
/// count of 200.5), reported as "The given data was not valid JSON." at `$` with no underlying
/// error to say which.
///
/// Used only once decoding has failed, so its cost is paid by bad input, and bounded: files up to
/// ``maxBytes``, a few decodes (a binary search over the numbers that fit no integer).
package enum JSONPathLocator {
    /// The largest text searched (bytes): beyond it the error stays without its path.
    package static let maxBytes = 16 << 20

    /// One number of a JSON text: where its literal is, and its path.
    package struct Number: Sendable, Equatable {
        /// The bytes of its literal.
        package var range: Range<Int>
        /// Its JSON path.
        package var path: String
        /// Its literal (`200.5`).
        package var literal: String
    }

    /// The number whose literal fits no integer (a fraction, an exponent, more than 64 bits) that
    /// makes decoding fail: `failsAtRoot` says whether a text still fails as the original did.
    /// Each candidate set is replaced by zeros in turn, halving the candidates each time.
    package static func numberThatFitsNoInteger(in data: Data, failsAtRoot: (Data) -> Bool) -> Number? {
        guard data.count <= maxBytes else { return nil }
        let bytes = [UInt8](data)
        var candidates = numbers(in: bytes).filter { !fitsAnInteger($0.literal) }
        func zeroed(_ numbers: ArraySlice<Number>) -> Data {
            var copy = bytes
            // From the end, so that earlier ranges stay where they are.
            for number in numbers.reversed() { copy.replaceSubrange(number.range, with: [UInt8(ascii: "0")]) }
            return Data(copy)
        }
        while candidates.count > 1 {
            let half = candidates[..<(candidates.count / 2)]
            candidates = failsAtRoot(zeroed(half)) ? Array(candidates[half.endIndex...]) : Array(half)
        }
        guard let found = candidates.first, !failsAtRoot(zeroed([found])) else { return nil }
        return found
    }

    /// Whether `literal` is an integer a 64-bit count holds.
    private static func fitsAnInteger(_ literal: String) -> Bool {
        Int64(literal) != nil || UInt64(literal) != nil
    }

    /// Every number of `bytes`, in order, with its path.
    package static func numbers(in bytes: [UInt8]) -> [Number] {
        /// One open container: an object's current key, or an array's current index.
        enum Level {
            case object(key: String?)
            case array(index: Int)
        }
        var levels: [Level] = []
        var expectingKey = false
        var found: [Number] = []
        var index = 0
        func pathText() -> String {
            var text = "$"
            for level in levels {
                switch level {
                case .object(let key?): text += key.contains(".") ? "[\"\(key)\"]" : ".\(key)"
                case .object(nil): break
                case .array(let position): text += "[\(position)]"
                }
            }
            return text
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                levels.append(.object(key: nil))
                expectingKey = true
                index += 1
            case UInt8(ascii: "["):
                levels.append(.array(index: 0))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = levels.popLast()
                index += 1
            case UInt8(ascii: ","):
                if case .array(let position)? = levels.last { levels[levels.count - 1] = .array(index: position + 1) }
                if case .object? = levels.last { expectingKey = true }
                index += 1
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == 0x5C ? 2 : 1 }
                end = Swift.min(end, bytes.count)
                if expectingKey, case .object? = levels.last {
                    levels[levels.count - 1] = .object(key: String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                    expectingKey = false
                }
                index = end + 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = index
                while end < bytes.count, "+-.eE0123456789".utf8.contains(bytes[end]) { end += 1 }
                found.append(
                    Number(
                        range: index..<end,
                        path: pathText(),
                        literal: String(decoding: bytes[index..<end], as: UTF8.self)
                    )
                )
                index = end
            default:
                index += 1
            }
        }
        return found
    }
}
