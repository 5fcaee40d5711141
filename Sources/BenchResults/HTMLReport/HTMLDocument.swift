/// HTML text building for the report: escaping, tables and the page frame.
///
/// Every string that comes from an input file goes through `escape` before it reaches the page, in
/// element content and in attribute values alike, so a scenario value such as `<script>` is shown
/// as text and never runs.
package enum HTMLDocument {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references (safe in element
    /// content and in quoted attribute values).
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A table with a header row; `header` and `rows` are plain text (escaped here). The first
    /// column is a row header (`th`).
    package static func table(id: String? = nil, header: [String], rows: [[String]]) -> String {
        var out = "<table" + (id.map { " id=\"\(escape($0))\"" } ?? "") + ">\n<thead><tr>"
        for cell in header { out += "<th scope=\"col\">\(escape(cell))</th>" }
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                out += index == 0 ? "<th scope=\"row\">\(escape(cell))</th>" : "<td>\(escape(cell))</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// A `section` with an id and an `h2` title (escaped) around already-built HTML `body`.
    package static func section(id: String, title: String, body: String) -> String {
        "<section id=\"\(escape(id))\">\n<h2>\(escape(title))</h2>\n\(body)</section>\n"
    }

    /// A paragraph of plain text (escaped), with an optional class.
    package static func paragraph(_ text: String, className: String? = nil) -> String {
        "<p" + (className.map { " class=\"\(escape($0))\"" } ?? "") + ">\(escape(text))</p>\n"
    }

    /// The whole page: doctype, head with the inline style sheet, and `body` (already-built HTML).
    ///
    /// The content security policy forbids scripts and every network fetch: the file is read as it is.
    package static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(styleSheet)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// The inline style sheet (no external CSS or fonts).
    package static let styleSheet = """
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
               margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; color: #1b1b1b; background: #fff; }
        h1 { font-size: 1.6em; margin-bottom: 0.2em; }
        h2 { font-size: 1.25em; border-bottom: 1px solid #ccc; padding-bottom: 4px; margin-top: 2em; }
        h3 { font-size: 1.05em; margin-top: 1.4em; }
        p.note { color: #555; font-size: 0.92em; }
        p.warning { background: #fff3cd; border: 1px solid #e0b000; padding: 6px 10px; }
        nav a { margin-right: 1em; }
        table { border-collapse: collapse; margin: 8px 0 16px; font-size: 0.9em; }
        th, td { border: 1px solid #d0d0d0; padding: 3px 8px; text-align: right; vertical-align: top; }
        th[scope=row], thead th:first-child { text-align: left; font-weight: 600; background: #f6f6f6; }
        thead th { background: #eef2f7; }
        td { font-variant-numeric: tabular-nums; }
        svg.chart { display: block; width: 100%; height: auto; max-width: 900px; margin: 8px 0 20px; }
        svg.chart text { font-family: inherit; fill: #1b1b1b; }
        svg.chart .grid { stroke: #e4e4e4; stroke-width: 1; }
        svg.chart .axis { stroke: #444; stroke-width: 1; }
        svg.chart .series { fill: none; stroke-width: 2; stroke-linejoin: round; }
        svg.chart .optimal { fill: none; stroke: #000; stroke-width: 2; stroke-dasharray: 6 4; }
        svg.chart .chart-title { font-weight: 600; font-size: 15px; }
        svg.chart .tick-label { font-size: 12px; }
        svg.chart .axis-label { font-size: 13px; }
        svg.chart .legend text { font-size: 12px; }
        svg.chart .value-label { font-size: 11px; fill: #333; }
        """
}
