import Foundation
import ListsHTTP
import Testing

@testable import ListsWeb

/// What makes the web app installable, without sockets: the manifest, the icons and the service worker, which
/// anyone may fetch (a browser fetches the manifest and its icons without cookies), and the pages' links to them.
@Suite struct InstallableAppTests {
    @Test func theManifestNamesTheAppItsWindowAndItsIcons() throws {
        let site = try AuthTests.Site()
        let response = site.get("/static/manifest.webmanifest")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/manifest+json")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(manifest["name"] as? String == "Lists")
        #expect(manifest["short_name"] as? String == "Lists")
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["start_url"] as? String == "/")
        #expect(manifest["theme_color"] as? String == "#007aff")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(
            icons.map { "\($0["sizes"] ?? "") \($0["purpose"] ?? "")" }
                == ["192x192 any", "512x512 any", "512x512 maskable"])
        for icon in icons {
            let src = try #require(icon["src"])
            let url = try #require(URLComponents(string: src))
            let png = site.get(url.path, query: ["v": url.queryItems?.first?.value ?? ""])
            #expect(png.status == 200)
            #expect(png.headers["Content-Type"] == "image/png")
            let side = Int(try #require(icon["sizes"]?.split(separator: "x").first.flatMap { Int($0) }))
            #expect(PNGHeader(png.body) == PNGHeader(width: side, height: side))
        }
    }

    @Test func theServiceWorkerIsServedFromTheRootToAnyoneAndAlwaysCheckedAgain() throws {
        let site = try AuthTests.Site()
        let worker = site.get("/sw.js")
        #expect(worker.status == 200)
        #expect(worker.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(worker.headers["Cache-Control"] == "no-cache")
        let text = String(decoding: worker.body, as: UTF8.self)
        // It names the shell at its current addresses, so that a new release is a new worker.
        for asset in Assets.shell { #expect(text.contains(asset.url)) }
        // It keeps the lists' screens and nothing of the accounts.
        for path in ServiceWorker.keptScreens { #expect(text.contains("\"\(path)\"")) }
        #expect(!text.contains("/account"))
        let etag = try #require(worker.headers["ETag"])
        #expect(site.get("/sw.js", headers: [("If-None-Match", etag)]).status == 304)
    }

    @Test func everyPageLinksTheManifestAndTheThemeColour() throws {
        let site = try AuthTests.Site()
        // The sign-in screen (nobody signed in) and a list screen (signed in) alike.
        let cookie = try site.setUp()
        for page in [site.get("/signin"), site.get("/shopping", cookie: cookie)] {
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(page.status == 200)
            #expect(html.contains("<link rel=\"manifest\" href=\"\(Assets.manifest.url)\">"))
            #expect(html.contains("<meta name=\"theme-color\" content=\"#007aff\">"))
            #expect(html.contains("<link rel=\"apple-touch-icon\" href=\"\(Assets.icon192.url)\">"))
        }
    }
}

/// The size a PNG file's header gives, after checking its signature and the header's checksum.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(_ bytes: [UInt8]) {
        guard bytes.count > 33, bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == Array("IHDR".utf8)[...]
        else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard number(29) == Int(Gzip.crc32(Array(bytes[12..<29]))) else { return nil }
        width = number(16)
        height = number(20)
    }
}
