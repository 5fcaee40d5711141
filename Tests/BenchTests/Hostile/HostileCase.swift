import Testing

/// One row of the hostile-input table: a command line, and what must happen.
///
/// In `arguments`, `@F/` is the fixture directory (see `HostileFixtures`) and `@O` the row's own
/// output directory, which is also the working directory. Every row's `@O` starts with
/// `existing.json` (text `ORIGINAL`), `run-baseline.json` and `baseline-hgrm/responseTime.hgrm`;
/// afterwards it must hold exactly these, unchanged (no output, no `.*.tmp-*` file, nothing
/// created).
struct HostileCase: Sendable, CustomTestStringConvertible {
    /// The command line after `authz-bench`.
    var arguments: [String]
    /// The documented exit code (64 usage, 65 bad input, 66 no input, 73 cannot create; 0 when the
    /// input is odd but fine).
    var exit: Int32
    /// Text the one stderr line must contain: the flag or the file it names.
    var mentions: String
    /// A fixture (or an absolute path such as `/dev/zero`) fed on standard input (else `/dev/null`).
    var stdin: String? = nil

    var testDescription: String {
        arguments.map { $0.count > 40 ? String($0.prefix(37)) + "..." : $0 }.joined(separator: " ") + " -> \(exit)"
    }

    /// A usage error (exit 64) naming `mentions`.
    static func usage(_ arguments: [String], _ mentions: String) -> HostileCase {
        HostileCase(arguments: arguments, exit: 64, mentions: mentions)
    }

    /// A bad-input error (exit 65) naming `mentions`; for the fixtures that are no input at all (the
    /// missing file, the directory: `noInputFiles`) the no-input error (66).
    static func bad(_ arguments: [String], _ mentions: String, stdin: String? = nil) -> HostileCase {
        HostileCase(
            arguments: arguments,
            exit: noInputFiles.contains(mentions) ? 66 : 65,
            mentions: mentions,
            stdin: stdin
        )
    }

    /// An output that cannot be created (exit 73) naming `mentions`: a directory where a file is
    /// written, a file where a directory is.
    static func cannotCreate(_ arguments: [String], _ mentions: String) -> HostileCase {
        HostileCase(arguments: arguments, exit: 73, mentions: mentions)
    }

    /// `base` with `flag` set to `value` (replacing its value when present); `nil` removes the flag.
    static func with(_ base: [String], _ flag: String, _ value: String?) -> [String] {
        var result = base
        if let index = result.firstIndex(of: flag) {
            result.removeSubrange(index...min(index + 1, result.count - 1))
        }
        if let value { result += [flag, value] }
        return result
    }

    /// Every row: each command's rows below, one table per command.
    ///
    /// To extend (for example for a new command `compare`, `sweep` or `report`): add a
    /// `static var compare: [HostileCase]` in a new file `HostileTable+Compare.swift` in this folder,
    /// built with `usage(...)`, `bad(...)`, `with(...)` and the `numeric`/`durations`/`inputFiles`
    /// value lists, and append it here. Keep the command's valid base line in the rows, so that each
    /// row fails only because of the one hostile value it changes.
    static var all: [HostileCase] {
        run + micro + tokenIssue + tokenVerify + tokenInspect + merge + sweep + report + compare + forged + outputs
            + load
    }

    /// Values no integer, count or rate flag accepts.
    static let numeric = ["", "abc", "1000000000000000000000000000000", "-1", "1e400", "nan", "\u{FF}\u{FE}\u{202E}"]
    /// Values no duration flag accepts.
    static let durations = ["", "10", "abc", "-1s", "1.5s", "99999999999999999999d", "100000000000d", "1s "]
    /// The fixtures of `inputFiles` that are no input (exit 66): missing, or not a regular file.
    static let noInputFiles: Set<String> = ["missing-file", "dir"]
    /// Input files that are not what any command expects (exit 65, or 66 for `noInputFiles`), and
    /// the text naming them.
    static let inputFiles: [(String, String)] = [
        ("@F/missing-file", "missing-file"), ("@F/empty", "empty"), ("@F/dir", "dir"), ("@F/binary.bin", "binary.bin"),
        ("@F/huge.bin", "huge.bin"), ("@F/text.txt", "text.txt"), ("@F/result.json", "result.json"),
    ]
}
