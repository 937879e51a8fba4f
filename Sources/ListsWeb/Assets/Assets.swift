import ListsHTTP
import ListsModel

/// One static asset: its name under `/static/`, its media type and its bytes, with a hash of the bytes that
/// versions its address and is its `ETag`.
struct Asset: Sendable {
    /// The file name under `/static/`: `app.css`.
    let name: String
    /// The `Content-Type` it is served with.
    let contentType: String
    /// The bytes.
    let body: [UInt8]
    /// 64-bit FNV-1a of the bytes in hex: changes whenever the content does.
    let hash: String
    /// The bytes gzipped, for a client that takes gzip, when that is smaller (text; not PNG).
    let gzipped: [UInt8]?

    /// An asset named `name` holding `text` as UTF-8.
    init(name: String, contentType: String, text: String) {
        self.init(name: name, contentType: contentType, bytes: Array(text.utf8))
    }

    /// An asset named `name` holding `bytes`.
    init(name: String, contentType: String, bytes: [UInt8]) {
        self.name = name
        self.contentType = contentType
        body = bytes
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        hash = String(repeating: "0", count: 16 - digits.count) + digits
        let compressed = contentType.hasPrefix("image/png") ? nil : Gzip.compress(bytes)
        gzipped = compressed.flatMap { $0.count < bytes.count ? $0 : nil }
    }

    /// The address pages link: versioned by the content hash, so a changed asset is fetched again at once.
    var url: String { "/static/\(name)?v=\(hash)" }

    /// The entity tag: the hash, quoted.
    var etag: String { "\"\(hash)\"" }
}

/// The assets Lists serves. Their bytes are the files of `Assets/Files/`, embedded at build time (`EmbeddedFiles`,
/// written by the EmbedFiles plugin of the package), so that the binary reads no file at run time.
enum Assets {
    /// The stylesheet of every page (`Files/app.css`): the iOS look of the tutorials' screens in plain CSS.
    static let styleSheet = Asset(
        name: "app.css", contentType: "text/css; charset=utf-8", bytes: EmbeddedFiles.appCss)
    /// The pages' script, app.js: the files of `Files/app/` (see the first of them), one after the other.
    static let script = Asset(
        name: "app.js", contentType: "text/javascript; charset=utf-8", bytes: scriptBytes(EmbeddedFiles.app))
    /// The tab icon: a checklist.
    static let icon = Asset(name: "icon.svg", contentType: "image/svg+xml", bytes: EmbeddedFiles.iconSvg)
    /// The installed app's icons (drawn by tools/make-icons.py): 192 and 512 pixels, and a maskable 512.
    static let icon192 = Asset(name: "icon-192.png", contentType: "image/png", bytes: EmbeddedFiles.icon192Png)
    static let icon512 = Asset(name: "icon-512.png", contentType: "image/png", bytes: EmbeddedFiles.icon512Png)
    static let maskableIcon = Asset(
        name: "icon-maskable-512.png", contentType: "image/png", bytes: EmbeddedFiles.iconMaskable512Png)
    /// The web app manifest: what a phone needs to install Lists as an app of its own (name, icons, colours, a
    /// window without the browser's bars), starting at the home screen.
    static let manifest = Asset(
        name: "manifest.webmanifest", contentType: "application/manifest+json", text: manifestJSON)
    /// The bird taxonomy the model ships (``ListsModel/Taxonomy``), for the species suggested as one types a bird's
    /// name (app/46-species.js), with the network or without.
    static let taxonomy = Asset(
        name: "taxonomy.tsv", contentType: "text/tab-separated-values; charset=utf-8", bytes: Taxonomy.shippedFile)
    /// Every asset, by which `/static/{name}` is looked up.
    static let all = [styleSheet, script, icon, icon192, icon512, maskableIcon, manifest, taxonomy]
    /// What the service worker keeps for a start with no network: everything a page loads, and the taxonomy the
    /// bird sheets suggest species from.
    static let shell = [styleSheet, script, icon, icon192, taxonomy]

    /// The app's colour (the tutorials' blue): the icons', the manifest's and the phone's status bar.
    static let themeColour = "#007aff"

    /// app.js made of its parts: each in turn (after a line naming it), inside one strict function, so that what
    /// one part declares the others use, and the page's global scope gets nothing. The lines that are comments
    /// alone are left out (``code(of:)``): they are for the people who read the files, and a third of the script
    /// a phone would load.
    static func scriptBytes(_ parts: [EmbeddedFile]) -> [UInt8] {
        var bytes = Array("\"use strict\";\n(() => {\n".utf8)
        for part in parts {
            bytes += Array("// \(part.name)\n".utf8) + code(of: part.bytes)
            if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        }
        return bytes + Array("})();\n".utf8)
    }

    /// `source` without its lines that hold nothing but a `//` comment (after spaces). The script's text has no
    /// string that runs over lines (no template literal holds a line break: `make lint` checks the script as
    /// served), so such a line is never inside one.
    static func code(of source: [UInt8]) -> [UInt8] {
        let lines = source.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter { line in
            !line.drop { $0 == UInt8(ascii: " ") }.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")])
        }
        return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    private static let manifestJSON = """
        {
          "id": "/",
          "name": "Lists",
          "short_name": "Lists",
          "description": "Shopping, to-do and bird sightings, shared by a household.",
          "start_url": "/",
          "scope": "/",
          "display": "standalone",
          "theme_color": "\(themeColour)",
          "background_color": "#ffffff",
          "icons": [
            {"src": "\(icon192.url)", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "\(icon512.url)", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "\(maskableIcon.url)", "sizes": "512x512", "type": "image/png", "purpose": "maskable"}
          ]
        }

        """
}
