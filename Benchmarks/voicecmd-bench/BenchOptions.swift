import Foundation

/// `--name value` and `--flag` options of a benchmark run.
struct BenchOptions {
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let name = String(arguments[index].drop { $0 == "-" })
            if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                values[name] = arguments[index + 1]
                index += 2
            } else {
                flags.insert(name)
                index += 1
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name] }

    func required(_ name: String) throws -> String {
        guard let value = values[name] else { throw BenchError(message: "missing --\(name)", isUsage: true) }
        return value
    }

    func integer(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text), value > 0 else { throw BenchError(message: "--\(name) must be a positive integer", isUsage: true) }
        return value
    }
}

struct BenchError: Error {
    var message: String
    var isUsage = false
}
