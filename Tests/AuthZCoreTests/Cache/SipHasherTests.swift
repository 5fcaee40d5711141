import AuthZCore
import Testing

/// The inline SipHash of the cache keys against known answers for messages 00 01 02 ... of every
/// length 0 to 63: SipHash-2-4 under the key 00..0f (the SipHash paper's reference vectors) and
/// SipHash-1-3 (the variant in use) under the zero key, as CPython computes it. Both lists are
/// printed by `PYTHONHASHSEED=0 python3 scripts/siphash-vectors.py`, which checks its own
/// implementation against the paper's vectors and against CPython's `hash(bytes)` first.
@Suite("SipHash: known answers, word and byte feeding")
struct SipHasherTests {
    static let referenceKey: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908)

    static let sip24: [UInt64] = [
        0x726F_DB47_DD0E_0E31, 0x74F8_39C5_93DC_67FD, 0x0D6C_8009_D9A9_4F5A, 0x8567_6696_D7FB_7E2D,
        0xCF27_94E0_2771_87B7, 0x1876_5564_CD99_A68D, 0xCBC9_466E_58FE_E3CE, 0xAB02_00F5_8B01_D137,
        0x93F5_F579_9A93_2462, 0x9E00_82DF_0BA9_E4B0, 0x7A5D_BBC5_94DD_B9F3, 0xF4B3_2F46_226B_ADA7,
        0x751E_8FBC_860E_E5FB, 0x14EA_5627_C084_3D90, 0xF723_CA90_8E7A_F2EE, 0xA129_CA61_49BE_45E5,
        0x3F2A_CC7F_57C2_9BDB, 0x699A_E9F5_2CBE_4794, 0x4BC1_B3F0_968D_D39C, 0xBB6D_C91D_A779_61BD,
        0xBED6_5CF2_1AA2_EE98, 0xD0F2_CBB0_2E3B_67C7, 0x9353_6795_E3A3_3E88, 0xA80C_038C_CD5C_CEC8,
        0xB8AD_50C6_F649_AF94, 0xBCE1_92DE_8A85_B8EA, 0x17D8_35B8_5BBB_15F3, 0x2F2E_6163_076B_CFAD,
        0xDE4D_AAAC_A71D_C9A5, 0xA6A2_5066_8795_6571, 0xAD87_A353_5C49_EF28, 0x32D8_92FA_D841_C342,
        0x7127_512F_72F2_7CCE, 0xA7F3_2346_F959_78E3, 0x12E0_B01A_BB05_1238, 0x15E0_34D4_0FA1_97AE,
        0x314D_FFBE_0815_A3B4, 0x0279_90F0_2962_3981, 0xCADC_D4E5_9EF4_0C4D, 0x9ABF_D876_6A33_735C,
        0x0E3E_A96B_5304_A7D0, 0xAD0C_42D6_FC58_5992, 0x1873_06C8_9BC2_15A9, 0xD4A6_0ABC_F379_2B95,
        0xF935_451D_E4F2_1DF2, 0xA953_8F04_1975_5787, 0xDB9A_CDDF_F56C_A510, 0xD06C_98CD_5C09_75EB,
        0xE612_A3CB_9ECB_A951, 0xC766_E62C_FCAD_AF96, 0xEE64_435A_9752_FE72, 0xA192_D576_B245_165A,
        0x0A87_87BF_8ECB_74B2, 0x81B3_E73D_20B4_9B6F, 0x7FA8_220B_A3B2_ECEA, 0x2457_31C1_3CA4_2499,
        0xB78D_BFAF_3A8D_83BD, 0xEA1A_D565_322A_1A0B, 0x60E6_1C23_A379_5013, 0x6606_D7E4_4628_2B93,
        0x6CA4_ECB1_5C5F_91E1, 0x9F62_6DA1_5C96_25F3, 0xE51B_3860_8EF2_5F57, 0x958A_324C_EB06_4572,
    ]

    static let sip13: [UInt64] = [
        0xD1FB_A762_150C_532C, 0x68A9_1412_8E01_E473, 0x010B_AC45_C41E_3669, 0x4D4C_9A4A_8EF6_E0AD,
        0x7CC4_3F98_813E_4DBD, 0x5ABE_2169_DFF3_6275, 0xE3C2_5F87_624F_1CDB, 0x2F09_8AB0_C751_325A,
        0xEAD4_11E6_7EBE_2EEA, 0x7592_7F9D_9512_4362, 0xAF9F_77A6_5AB5_1A1D, 0xFE64_CE8B_6617_FCFF,
        0xA6BA_F4FB_0F9F_E1C2, 0xA0CF_3211_850F_8E0D, 0x7F86_0493_79FB_FE67, 0xF30E_B725_BB91_C9EA,
        0x8972_1884_33A5_C5B7, 0x4883_C49A_2C00_9C1D, 0xADC2_C0B6_3044_067D, 0x091F_4A33_29F8_7D19,
        0x639E_355A_E68C_0100, 0xB17B_EF2C_B521_3239, 0xF8AE_B106_6236_CCFE, 0x3733_2B13_89DA_A4FF,
        0x3118_5A47_AF93_2F3A, 0xEBF3_52E8_2AE2_3E2F, 0xED36_FF24_2FE4_78B2, 0x2454_D97D_2992_99DF,
        0x8CD5_7FE8_130D_0AC7, 0xBE98_EB2F_AF0A_0E85, 0xD427_C34E_E094_70C6, 0x1697_3944_3111_D49B,
        0x31EF_8061_C910_629B, 0x7FB7_1D24_DFA4_C9F6, 0x9277_1F49_E836_D389, 0x3C39_3CF6_F085_3BC3,
        0xAC77_921F_CC64_2BD3, 0x422A_9751_192F_F266, 0xC680_AE8A_8C58_4DDF, 0x6C76_B6D3_4BB6_D26B,
        0x95BC_321A_B41D_8206, 0x908A_3A97_A6D3_7669, 0xFCAF_3C64_874D_D0B4, 0xF689_479B_32B8_4A44,
        0xD857_6410_79EF_D1FD, 0x8B58_1578_7226_33F7, 0x83CB_09D3_5EA7_BCD4, 0x8485_F7F5_AE72_5A0D,
        0xFE1F_2445_BA50_237F, 0x23CE_CE04_1D78_66B0, 0x4166_8748_0B33_6C09, 0xF159_60DA_7E7F_3892,
        0xDED6_177B_9826_835A, 0xF80D_AE51_668B_E6BE, 0x17EC_C6EE_6647_DF18, 0x5220_D642_B4A5_2110,
        0xA4F0_CF4B_A4AD_C016, 0xE512_5BB2_6D1F_2976, 0x851B_0E75_F580_D256, 0x1260_5250_A37E_39AC,
        0xD95A_7135_68DA_EBF1, 0xCDCF_4A42_EC0D_D605, 0xA5C7_0871_2B61_7164, 0x385D_3E39_E5F3_7359,
    ]

    static func message(_ length: Int) -> [UInt8] { (0..<length).map { UInt8($0) } }

    @Test(arguments: 0..<64)
    func bytesMatchTheKnownAnswers(length: Int) {
        let bytes = Self.message(length)
        bytes.withUnsafeBytes { raw in
            var reference = SipHasher<SipRounds24>(key: Self.referenceKey)
            #expect(reference.finalize(appending: raw) == Self.sip24[length])
            var inUse = KeyHasher(key: (0, 0))
            #expect(inUse.finalize(appending: raw) == Self.sip13[length])
        }
    }

    /// Whole words first (`combine`, `combine(wordAt:in:)`), then the tail: the same function.
    @Test(arguments: 0..<64)
    func wordsThenTailMatchTheKnownAnswers(length: Int) {
        let bytes = Self.message(length)
        bytes.withUnsafeBytes { raw in
            let words = length / 8
            var byValue = SipHasher<SipRounds24>(key: Self.referenceKey)
            var byAddress = KeyHasher(key: (0, 0))
            for w in 0..<words {
                byValue.combine(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self)))
                byAddress.combine(wordAt: w * 8, in: raw.baseAddress!)
            }
            let tail = UnsafeRawBufferPointer(rebasing: raw[(words * 8)...])
            var byTailWord = byAddress
            #expect(byValue.finalize(appending: tail) == Self.sip24[length])
            #expect(byAddress.finalize(appending: tail) == Self.sip13[length])
            // The tail packed into one word, least significant byte first.
            let packed = tail.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            #expect(byTailWord.finalize(appendingTail: packed, byteCount: tail.count) == Self.sip13[length])
        }
    }

    /// Whole words only, finished by `finalize()` (the word-only finish the hot path's keys use):
    /// the known answers of every length that is a multiple of 8.
    @Test(arguments: [0, 8, 16, 24, 32, 40, 48, 56])
    func wordsOnlyMatchTheKnownAnswers(length: Int) {
        Self.message(length).withUnsafeBytes { raw in
            var reference = SipHasher<SipRounds24>(key: Self.referenceKey)
            var inUse = KeyHasher(key: (0, 0))
            for offset in stride(from: 0, to: length, by: 8) {
                reference.combine(wordAt: offset, in: raw.baseAddress!)
                inUse.combine(wordAt: offset, in: raw.baseAddress!)
            }
            #expect(reference.finalize() == Self.sip24[length])
            #expect(inUse.finalize() == Self.sip13[length])
        }
    }

    /// The process key is random unless `SWIFT_DETERMINISTIC_HASHING` is set (then zero, as Swift's
    /// `Hasher` does); either way two hashers of one process agree.
    @Test func theProcessKeyIsStable() {
        var a = KeyHasher()
        var b = KeyHasher()
        a.combine(42)
        b.combine(42)
        #expect(a.finalize() == b.finalize())
    }
}
