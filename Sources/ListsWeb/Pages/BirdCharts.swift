import Foundation
import ListsModel

/// The pictures of a birder's lists, drawn by the server as SVG inside the page: no script, no library, no request
/// of their own. The bars and the labels take the page's colours (classes of app.css, which has dark mode's), and
/// the picture is hidden from screen readers, which read the same numbers in the table that follows it.
enum BirdCharts {
    /// The names of the months, as the labels and the table write them.
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A year list's species per month: a bar a month.
    static func speciesPerMonth(_ list: BirdList, year: Int) -> String {
        guard list.speciesPerMonth.contains(where: { $0 > 0 }) else { return "" }
        return chart(
            title: "Species seen each month of \(year)", labels: months, values: list.speciesPerMonth,
            header: ("Month", "Species"))
    }

    /// The life list growing: its total at the end of each year, a bar a year.
    static func lifeListGrowth(_ list: BirdList) -> String {
        guard !list.totalByYear.isEmpty else { return "" }
        // A long life (more than 40 years) is labelled every fifth year, so that the labels do not collide.
        let years = list.totalByYear.map(\.year)
        let step = years.count > 40 ? 5 : years.count > 12 ? 2 : 1
        let labels = years.map { year in year % step == 0 || years.count <= 12 ? "\(year)" : "" }
        return chart(
            title: "Life list at the end of each year", labels: labels, values: list.totalByYear.map(\.total),
            header: ("Year", "Species"), tableLabels: years.map(String.init))
    }

    /// A bar chart of `values`, one bar per value labelled below, the largest value written above its bar, and the
    /// table of `tableLabels` (else `labels`) and values under it for screen readers.
    static func chart(
        title: String, labels: [String], values: [Int], header: (String, String), tableLabels: [String]? = nil
    ) -> String {
        let width = 340.0
        let height = 160.0
        let top = 18.0
        let bottom = 20.0
        let largest = max(values.max() ?? 0, 1)
        let slot = width / Double(max(values.count, 1))
        let barWidth = max(slot * 0.7, 1)
        var bars = ""
        for (index, value) in values.enumerated() {
            let barHeight = (height - top - bottom) * Double(value) / Double(largest)
            let x = Double(index) * slot + (slot - barWidth) / 2
            let y = height - bottom - barHeight
            bars +=
                "<rect class=\"chart-bar\" x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(barWidth))\" "
                + "height=\"\(number(barHeight))\" rx=\"2\"/>"
            if index < labels.count, !labels[index].isEmpty {
                bars +=
                    "<text class=\"chart-label\" x=\"\(number(x + barWidth / 2))\" y=\"\(number(height - 6))\" "
                    + "text-anchor=\"middle\">\(HTML.escape(labels[index]))</text>"
            }
            if value == largest {
                bars +=
                    "<text class=\"chart-value\" x=\"\(number(x + barWidth / 2))\" y=\"\(number(y - 4))\" "
                    + "text-anchor=\"middle\">\(value)</text>"
            }
        }
        let rows = zip(tableLabels ?? labels, values).map { label, value in
            "<tr><th scope=\"row\">\(HTML.escape(label))</th><td>\(value)</td></tr>"
        }.joined()
        return """
            <figure class="chart">
            <figcaption class="group-header">\(HTML.escape(title))</figcaption>
            <svg class="chart-picture" viewBox="0 0 \(number(width)) \(number(height))" aria-hidden="true" \
            focusable="false">\(bars)</svg>
            <table class="visually-hidden"><caption>\(HTML.escape(title))</caption><thead><tr>\
            <th scope="col">\(header.0)</th><th scope="col">\(header.1)</th></tr></thead><tbody>\(rows)</tbody></table>
            </figure>

            """
    }

    /// `value` with at most one decimal, as SVG coordinates are written here.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }
}
