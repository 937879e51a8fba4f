import Foundation
import JSONCodec
import Testing

@testable import ListsWeb

/// The assets are the files of `Sources/ListsWeb/Assets/Files`, embedded at build time: what the server answers is
/// what the files hold, app.js is its parts in order, and the service worker is its file after its configuration.
@Suite struct AssetFilesTests {
    /// The folder the assets are written in, read here (the server itself reads no file).
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ListsWeb/Assets/Files")

    /// The bytes of the file at `path` in the folder.
    static func file(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(path)))
    }

    @Test func theStyleSheetAndTheIconsAreServedAsTheirFilesHoldThem() throws {
        let harness = try PageHarness()
        for (asset, path) in [
            (Assets.styleSheet, "app.css"), (Assets.icon, "icon.svg"), (Assets.icon192, "icon-192.png"),
            (Assets.icon512, "icon-512.png"), (Assets.maskableIcon, "icon-maskable-512.png"),
        ] {
            let response = harness.get("/static/\(asset.name)")
            #expect(response.status == 200)
            #expect(response.body == (try Self.file(path)), "\(path)")
        }
    }

    @Test func appJSIsItsPartsInTheOrderOfTheirNamesInsideOneStrictFunction() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("app").path)
            .filter { $0.hasSuffix(".js") }.sorted()
        #expect(names.count > 5)
        #expect(EmbeddedFiles.app.map(\.name) == names)
        var expected = "\"use strict\";\n(() => {\n"
        for name in names {
            // Each part without its lines of comment alone.
            let lines = String(decoding: try Self.file("app/\(name)"), as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            expected += "// \(name)\n" + lines.joined(separator: "\n")
        }
        expected += "})();\n"
        let served = try PageHarness().get("/static/app.js")
        #expect(served.status == 200)
        #expect(served.text == expected)
        // Code stays as it is, comments at a line's end and `//` inside strings (an address) too.
        #expect(served.text.contains("const batchSize = 500;"))
        #expect(!served.text.contains("// This one holds what several of them share"))
        let source = Array("a();\n  // gone\nb(\"//kept\"); // kept\n//gone\nc();".utf8)
        #expect(String(decoding: Assets.code(of: source), as: UTF8.self) == "a();\nb(\"//kept\"); // kept\nc();")
    }

    @Test func theServiceWorkerIsItsFileAfterItsConfigurationAsData() throws {
        let text = String(decoding: ServiceWorker.asset.body, as: UTF8.self)
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        #expect(lines[0] == "\"use strict\";")
        #expect(lines[1].hasPrefix("const config = ") && lines[1].hasSuffix(";"))
        let json = lines[1].dropFirst("const config = ".count).dropLast()
        let configuration = try #require(JSONCodec.JSONValue.object(String(json)))
        #expect(configuration["shell"] == .array(Assets.shell.map { .string($0.url) }))
        #expect(configuration["keptScreens"] == .array(ServiceWorker.keptScreens.map { .string($0) }))
        #expect(configuration["companions"] == .object(["/shopping": .string("/shopping?edit=1")]))
        #expect(configuration["companionInterval"] == .number(JSONNumber(30_000)))
        #expect(Array(lines[2].utf8) == (try Self.file("sw.js")))
    }

    @Test func aNewShellIsANewWorkerWithACacheOfItsOwn() throws {
        let changed = Asset(name: "app.js", contentType: "text/javascript; charset=utf-8", text: "\"use strict\";\n")
        let shell = Assets.shell.map { $0.name == "app.js" ? changed : $0 }
        #expect(ServiceWorker.script(shell: shell) != ServiceWorker.script(shell: Assets.shell))
        let before = ServiceWorker.configuration(shell: Assets.shell)
        let after = ServiceWorker.configuration(shell: shell)
        guard case .object(let old) = before, case .object(let new) = after else {
            Issue.record("the configuration is not an object")
            return
        }
        #expect(old["version"] != new["version"])
    }
}
