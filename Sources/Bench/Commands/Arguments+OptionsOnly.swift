import BenchHarness

extension Arguments {
    /// The arguments of a command that takes options only (`run`, `capacity`, `sweep`, `micro`):
    /// nil after printing `usage` for `--help`; a usage error naming the first positional argument.
    static func optionsOnly(
        _ arguments: [String],
        command: String,
        options: Set<String>,
        flags: Set<String>,
        usage: String
    ) throws -> Arguments? {
        let args = try Arguments(arguments, options: options, flags: flags)
        if args.flag("help") {
            print(usage)
            return nil
        }
        guard args.positionals.isEmpty else {
            throw CLIError.usage("unexpected argument '\(args.positionals[0])'; \(command) takes only options")
        }
        return args
    }
}
