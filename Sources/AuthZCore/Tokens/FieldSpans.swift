/// The text ranges of a body's slots as found by the parser, with which slots were seen and which
/// use entities. Fixed size: no allocation.
struct FieldSpans {
    private var s0 = 0..<0, s1 = 0..<0, s2 = 0..<0, s3 = 0..<0, s4 = 0..<0, s5 = 0..<0,
        s6 = 0..<0
    /// Bit `slot` is set once the slot's element has been read.
    var seen: UInt16 = 0
    /// Bit `slot` is set when the slot's text uses entities.
    var entities: UInt16 = 0

    /// The text range of `slot` (0...6).
    subscript(slot: Int) -> Range<Int> {
        get {
            switch slot {
            case 0: s0
            case 1: s1
            case 2: s2
            case 3: s3
            case 4: s4
            case 5: s5
            default: s6
            }
        }
        set {
            switch slot {
            case 0: s0 = newValue
            case 1: s1 = newValue
            case 2: s2 = newValue
            case 3: s3 = newValue
            case 4: s4 = newValue
            case 5: s5 = newValue
            default: s6 = newValue
            }
        }
    }

    /// Whether `slot` has been read.
    @inline(__always)
    func wasSeen(_ slot: Int) -> Bool { seen & (1 << slot) != 0 }

    /// Records the text of `slot`.
    @inline(__always)
    mutating func record(_ slot: Int, _ range: Range<Int>, hasEntities: Bool) {
        self[slot] = range
        if hasEntities { entities |= 1 << slot }
    }
}
