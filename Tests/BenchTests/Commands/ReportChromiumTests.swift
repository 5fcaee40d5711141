import Foundation
import TestSupport
import Testing

/// Renders a report in headless Chromium (`scripts/bootstrap.sh --tests` installs it) and checks the
/// charts are in the DOM the browser built, and that a screenshot has content.
@Suite("report in a browser")
struct ReportChromiumTests {
    /// The Chromium binary on PATH (`chromium` or `chromium-browser`), nil when absent.
    static var chromium: URL? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for directory in directories {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Runs Chromium headless with `arguments` and a profile in `directory`; ends it after 90 s.
    static func runChromium(
        _ binary: URL,
        _ arguments: [String],
        profile directory: URL
    ) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = binary
        // --no-sandbox: Chromium refuses to run as root without it (CI runs as root).
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            ] + arguments
        // Standard output goes to a file, so that a hung browser cannot block the test on a pipe.
        let outputFile = directory.appendingPathComponent("chromium-\(UUID().uuidString).out")
        try Data().write(to: outputFile)
        let out = try FileHandle(forWritingTo: outputFile)
        defer { try? out.close() }
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + 90) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            Issue.record("chromium did not finish within 90 s: \(arguments)")
        }
        let data = try Data(contentsOf: outputFile)
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func chartsRenderInHeadlessChromium() throws {
        guard let chromium = Self.chromium else {
            Issue.record(
                "chromium is not installed, so the report was not rendered in a browser: run scripts/bootstrap.sh --tests (apt-get install chromium)"
            )
            return
        }
        let directory = try SyntheticRun.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try HTMLReportFixtures.writeInputs(in: directory)
        let page = directory.appendingPathComponent("report.html")
        #expect(try CLIHarness.bench(["report"] + inputs + ["--out", page.path]).status == 0)

        let dom = try Self.runChromium(chromium, ["--dump-dom", page.absoluteString], profile: directory)
        #expect(dom.status == 0)
        #expect(dom.stdout.contains("authz-bench report"))
        let spectrum = HTMLReportFixtures.svg("percentile-spectrum", in: dom.stdout)
        #expect(HTMLReportFixtures.count("<path class=\"series\"", in: spectrum) == 2 * 3, "\(spectrum.prefix(300))")
        #expect(
            HTMLReportFixtures.count(
                "<path class=\"series\"",
                in: HTMLReportFixtures.svg("service-time-spectrum", in: dom.stdout)
            ) == 2
        )
        #expect(
            HTMLReportFixtures.count("<path class=\"series\"", in: HTMLReportFixtures.svg("timeline", in: dom.stdout))
                == 2
        )
        #expect(
            HTMLReportFixtures.count("class=\"bar-p50\"", in: HTMLReportFixtures.svg("stages", in: dom.stdout)) == 4
        )
        let sweep = HTMLReportFixtures.svg("sweep-hit-ratio", in: dom.stdout)
        #expect(HTMLReportFixtures.count("<path class=\"series\"", in: sweep) == 3)
        #expect(HTMLReportFixtures.count("<path class=\"optimal\"", in: sweep) == 1)
        #expect(HTMLReportFixtures.svg("sweep-p99", in: dom.stdout).contains("<path class=\"series\""))

        let png = directory.appendingPathComponent("report.png")
        let shot = try Self.runChromium(
            chromium,
            ["--window-size=1100,3000", "--screenshot=\(png.path)", page.absoluteString],
            profile: directory
        )
        #expect(shot.status == 0)
        let bytes = try Data(contentsOf: png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // A blank 1100x3000 page compresses to about 16 kB; charts and tables make it far larger.
        #expect(bytes.count > 50_000, "screenshot is only \(bytes.count) bytes")
    }
}
