import Foundation

/// The rejection curve as SVG, written by hand: false accepts (x, %)
/// against commands missed (y, %), one point per threshold.
enum RejectionPlot {
    struct Curve {
        var name: String
        var points: [(x: Double, y: Double, threshold: Double)]
        var dashed: Bool
    }

    /// What the chart is of: its title, its axes and the unit of x.
    struct Labels {
        var title: String
        var x: String
        var y: String
        var xUnit: String
        var items: String

        static let rejection = Labels(title: "voicecmd rejection: false accepts against missed commands",
                                      x: "out-of-grammar clips heard as a command (%)", y: "in-grammar commands missed (%)",
                                      xUnit: "% false accepts", items: "clips")
        static let wake = Labels(title: "voicecmd wake phrase: false wakes against missed phrases",
                                 x: "false wakes per hour of other speech and noise", y: "wake phrases missed (%)",
                                 xUnit: "false wakes per hour", items: "recordings")
    }

    static let colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]

    static func svg(_ curves: [Curve], defaultThreshold: Double, subtitle: String, labels: Labels = .rejection) -> String {
        let width = 900.0, height = 600.0
        let left = 70.0, right = 250.0, top = 60.0, bottom = 60.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let (xMax, xStep) = axis(curves.flatMap { $0.points.map(\.x) }.max() ?? 0)
        // Up to where each curve first has no false accepts: beyond, higher
        // thresholds only miss more, and the chart keeps to where it bends.
        let shown = curves.map { curve in
            curve.points.firstIndex { $0.x == 0 }.map { Array(curve.points[...$0]) } ?? curve.points
        }
        let hidden = zip(shown, curves).contains { $0.count < $1.points.count }
        let (yMax, yStep) = axis(shown.flatMap { $0.map(\.y) }.max() ?? 0)
        func x(_ value: Double) -> Double { left + value / xMax * plotWidth }
        func y(_ value: Double) -> Double { top + plotHeight - value / yMax * plotHeight }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        func label(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%g", value) }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
            font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(number(left))" y="24" font-size="16" font-weight="bold">\(escape(labels.title))</text>
            <text x="\(number(left))" y="44" fill="#444">\(escape(subtitle))</text>

            """
        // Grid, ticks and axis labels.
        for xValue in stride(from: 0, through: xMax + xStep / 2, by: xStep) {
            svg += """
                <line x1="\(number(x(xValue)))" y1="\(number(top))" x2="\(number(x(xValue)))" y2="\(number(top + plotHeight))" stroke="#ddd"/>
                <text x="\(number(x(xValue)))" y="\(number(top + plotHeight + 18))" text-anchor="middle">\(label(xValue))</text>

                """
        }
        for yValue in stride(from: 0, through: yMax + yStep / 2, by: yStep) {
            svg += """
                <line x1="\(number(left))" y1="\(number(y(yValue)))" x2="\(number(left + plotWidth))" y2="\(number(y(yValue)))" stroke="#ddd"/>
                <text x="\(number(left - 8))" y="\(number(y(yValue) + 4))" text-anchor="end">\(label(yValue))</text>

                """
        }
        svg += """
            <rect x="\(number(left))" y="\(number(top))" width="\(number(plotWidth))" height="\(number(plotHeight))" fill="none" stroke="#333"/>
            <text x="\(number(left + plotWidth / 2))" y="\(number(height - 18))" text-anchor="middle">\(escape(labels.x))</text>
            <text transform="translate(20 \(number(top + plotHeight / 2))) rotate(-90)" text-anchor="middle">\(escape(labels.y))</text>
            <clipPath id="plot"><rect x="\(number(left - 8))" y="\(number(top - 16))" width="\(number(plotWidth + 40))" height="\(number(plotHeight + 24))"/></clipPath>
            <g clip-path="url(#plot)">

            """
        for (index, curve) in curves.enumerated() {
            let colour = colours[index % colours.count]
            let path = shown[index].map { "\(number(x($0.x))),\(number(y($0.y)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\""
                + (curve.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n"
            for point in shown[index] {
                svg += "<circle cx=\"\(number(x(point.x)))\" cy=\"\(number(y(point.y)))\" r=\"2.5\" fill=\"\(colour)\">"
                    + "<title>\(escape(curve.name)) threshold \(String(format: "%.2f", point.threshold)): "
                    + "\(String(format: "%.1f", point.x)) \(labels.xUnit), \(String(format: "%.1f", point.y)) % missed</title></circle>\n"
                if abs(point.threshold - defaultThreshold) < 1e-9 {
                    svg += "<circle cx=\"\(number(x(point.x)))\" cy=\"\(number(y(point.y)))\" r=\"7\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
                }
            }
            // The ends: threshold 0 and the highest on the chart.
            if let first = curve.points.first, let last = shown[index].last {
                for point in [first, last] {
                    svg += "<text x=\"\(number(x(point.x) + 5))\" y=\"\(number(y(point.y) - 5))\" font-size=\"10\" fill=\"\(colour)\">"
                        + String(format: "%.2f", point.threshold) + "</text>\n"
                }
            }
        }
        svg += "</g>\n"
        for (index, curve) in curves.enumerated() {
            let colour = colours[index % colours.count]
            let legendY = top + 10 + Double(index) * 20
            svg += "<line x1=\"\(number(width - right + 20))\" y1=\"\(number(legendY))\" x2=\"\(number(width - right + 50))\" "
                + "y2=\"\(number(legendY))\" stroke=\"\(colour)\" stroke-width=\"2\"" + (curve.dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>\n"
            svg += "<text x=\"\(number(width - right + 56))\" y=\"\(number(legendY + 4))\">\(escape(curve.name))</text>\n"
        }
        let noteY = top + 10 + Double(curves.count) * 20 + 10
        svg += """
            <circle cx="\(number(width - right + 35))" cy="\(number(noteY))" r="7" fill="none" stroke="#333" stroke-width="2"/>
            <text x="\(number(width - right + 56))" y="\(number(noteY + 4))">default threshold \(String(format: "%.2f", defaultThreshold))</text>
            <text x="\(number(width - right + 20))" y="\(number(noteY + 26))" fill="#444">one point per threshold;</text>
            <text x="\(number(width - right + 20))" y="\(number(noteY + 42))" fill="#444">raising it moves a point up and left</text>
            <text x="\(number(width - right + 20))" y="\(number(noteY + 58))" fill="#444">(numbers in brackets: \(labels.items))</text>

            """
        if hidden {
            svg += """
                <text x="\(number(width - right + 20))" y="\(number(noteY + 82))" fill="#444">a curve is drawn up to its first</text>
                <text x="\(number(width - right + 20))" y="\(number(noteY + 98))" fill="#444">threshold without false accepts;</text>
                <text x="\(number(width - right + 20))" y="\(number(noteY + 114))" fill="#444">higher ones only miss more</text>

                """
        }
        svg += """
            </svg>

            """
        return svg
    }

    /// A round step for the grid of an axis reaching `value` (at least 5),
    /// and the axis's end: a whole number of steps, at most 8.
    static func axis(_ value: Double) -> (end: Double, step: Double) {
        let value = max(value, 5)
        var magnitude = pow(10, (log10(value / 8)).rounded(.down))
        while true {
            for factor in [1.0, 2, 2.5, 5] where value / (factor * magnitude) <= 8 {
                let step = factor * magnitude
                return ((value / step).rounded(.up) * step, step)
            }
            magnitude *= 10
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
