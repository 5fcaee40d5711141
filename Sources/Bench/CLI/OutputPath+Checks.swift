extension OutputPath {
    /// Every check of a command's outputs, before its work: the one rule every output of every
    /// command follows (`--json`, `--hlog`, `--hgrm`, `--report`, `--markdown`, `--record-trace`,
    /// `--metrics-textfile`, `--out`, and the second file of `--format github-benchmark`).
    ///
    /// No two outputs on one file (64), none onto one of `inputs` (64) or, without `force`, onto a
    /// baseline (64), each path valid (73), then each created and proved writable (73); a refused
    /// command leaves nothing created.
    static func check(_ outputs: [Output], inputs: [String] = [], force: Bool) throws(CLIError) {
        try validate(outputs, inputs: inputs, force: force)
        try prepare(outputs)
    }

    /// The checks of ``check(_:inputs:force:)`` that change nothing, for a command that reads its
    /// inputs before it creates anything (`merge`): ``prepare(_:)`` follows once they are read.
    static func validate(_ outputs: [Output], inputs: [String] = [], force: Bool) throws(CLIError) {
        for output in outputs where output.path.isEmpty { try validate(output) }
        try checkDistinct(outputs)
        for output in outputs {
            try checkNotProtected(output.path, flag: output.flag, inputs: inputs, force: force)
            try validate(output)
        }
    }
}
