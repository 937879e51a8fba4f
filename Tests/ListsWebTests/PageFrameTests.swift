import Foundation
import ListsModel
import Testing

@testable import ListsWeb

@Suite struct PageFrameTests {
    @Test func theHomePageLinksTheThreeApps() throws {
        let page = try PageHarness().get("/")
        #expect(page.status == 200)
        let html = page.text
        #expect(html.contains("<html lang=\"en\">"))
        for (path, title) in [("/shopping", "Shopping"), ("/todo", "To-Do"), ("/birds", "Bird Sightings")] {
            #expect(html.contains("href=\"\(path)\""))
            #expect(html.contains("<span class=\"row-title\">\(title)</span>"))
        }
        #expect(html.contains("5 items"))
    }

    /// The home page counts a long list without reading it, and writes its counts grouped by thousands.
    @Test func theHomePageCountsALongList() throws {
        let harness = try TodoPageTests.longList(1_201)
        _ = try harness.app.lists.todo.setDone([.typed("1"), .typed("2")], isDone: true)
        #expect(harness.get("/").text.contains("1,201 tasks, 1,199 to do"))
        #expect(
            [0, 7, 999, 1_000, 12_345, 100_000, 1_000_000].map(Layout.number)
                == ["0", "7", "999", "1,000", "12,345", "100,000", "1,000,000"])
    }

    @Test func pagesLoadOnlyTheirOwnAssetsWithNothingInline() throws {
        let harness = try PageHarness()
        for path in ["/", "/shopping", "/shopping/new", "/shopping/list", "/todo", "/birds", "/birds/new", "/nope"] {
            let page = harness.get(path)
            #expect(page.headers["Content-Security-Policy"]?.contains("default-src 'self'") == true)
            #expect(page.text.contains("<link rel=\"stylesheet\" href=\"\(Assets.styleSheet.url)\">"))
            #expect(page.text.contains("<script src=\"\(Assets.script.url)\" defer></script>"))
            #expect(
                !page.text.contains("style=") && !page.text.contains("<script>") && !page.text.contains("on" + "click"))
            #expect(!page.text.contains("http://") && !page.text.contains("https://"))
        }
    }

    /// After `<main>` (which app.js swaps), a live region where app.js says what a form did, in the words of the
    /// form's `data-announce`.
    @Test func pagesHaveALiveRegionAndFormsSayWhatTheyDo() throws {
        let harness = try PageHarness()
        for path in ["/", "/shopping", "/todo", "/birds", "/settings"] {
            #expect(
                harness.get(path).text.contains(
                    "</main>\n<div class=\"visually-hidden\" id=\"announcer\" role=\"status\" aria-live=\"polite\""))
        }
        #expect(harness.get("/shopping/new").text.contains("data-announce=\"Added {name}.\""))
        #expect(harness.get("/todo").text.contains("data-announce=\"Added {title}.\""))
        #expect(harness.get("/todo").text.contains("data-announce=\"Walk the dogs marked done.\""))
        #expect(harness.get("/shopping").text.contains("data-announce=\"Pear put on the shopping list.\""))
        let pigeon = try harness.sighting("Pigeon")
        #expect(
            harness.get("/birds/\(pigeon.id)/delete").text.contains(
                "data-announce=\"Deleted the sighting of Pigeon.\""))
    }

    @Test func assetsAreServedCacheableWithAnETagAndNothingElseIsUnderStatic() throws {
        let harness = try PageHarness()
        let css = harness.get("/static/app.css", query: ["v": Assets.styleSheet.hash])
        #expect(css.status == 200)
        #expect(css.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(css.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(css.text.contains(".navbar"))
        let js = harness.get("/static/app.js")
        #expect(js.status == 200)
        #expect(js.headers["Cache-Control"] == "public, max-age=3600")
        #expect(js.text.contains("/api/v1/revision"))
        let etag = try #require(js.headers["ETag"])
        let again = harness.get("/static/app.js", headers: [("If-None-Match", etag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        for path in [
            "/static/../Package.swift", "/static/nope", "/static/", "/static/app.css/x", "/static/..%2Fapp.css",
        ] {
            let response = harness.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        }
    }

    @Test func anUnknownAddressIsAPageWithALinkHome() throws {
        let page = try PageHarness().get("/gardening")
        #expect(page.status == 404)
        #expect(page.text.contains("<h1 class=\"bar-title\">Not Found</h1>"))
        #expect(page.text.contains("Nothing is at /gardening."))
        #expect(page.text.contains("href=\"/\">Go to all lists</a>"))
    }

    @Test func aPageSaysWhichRevisionItShowsAndAChangeRaisesIt() throws {
        let harness = try PageHarness()
        let before = try #require(harness.get("/todo").headers["X-Lists-Revision"].flatMap { Int64($0) })
        #expect(harness.post("/todo/tasks", [("title", "Sweep")]).status == 303)
        let after = try #require(harness.get("/todo").headers["X-Lists-Revision"].flatMap { Int64($0) })
        #expect(after > before)
        #expect(try harness.app.lists.revision() == after)
    }

    /// A page opened as such (the service worker's kept copy, with no network) says its revision in the page
    /// itself, where app.js reads it; a page that is no household's screen (an unknown address) says none.
    @Test func aLivePageSaysItsRevisionOnItsMain() throws {
        let harness = try PageHarness()
        let page = harness.get("/todo")
        let revision = try #require(page.headers["X-Lists-Revision"])
        #expect(page.text.contains("<main id=\"main\" data-revision=\"\(revision)\">"))
        #expect(harness.post("/todo/tasks", [("title", "Sweep")]).status == 303)
        #expect(harness.get("/shopping").text.contains("data-revision=\"\(try harness.app.lists.revision())\""))
        #expect(!harness.get("/gardening").text.contains("data-revision"))
    }

    @Test func aBodyThatIsNotAWellFormedFormIsRefusedAndChangesNothing() throws {
        let harness = try PageHarness()
        let json = harness.post(
            "/todo/tasks", body: Array("{\"title\":\"x\"}".utf8), headers: [("Content-Type", "application/json")])
        #expect(json.status == 415)
        #expect(harness.post("/todo/tasks", body: Array("title=%ZZ".utf8)).status == 400)
        #expect(harness.post("/todo/tasks", body: Array("title=abc%4".utf8)).status == 400)
        #expect(harness.post("/todo/tasks", body: Array("title=%FF%FE".utf8)).status == 400)
        #expect(harness.post("/todo/tasks", body: [0x74, 0x69, 0x74, 0x6C, 0x65, 0x3D, 0xC3]).status == 400)
        #expect(harness.post("/todo/tasks/\(UUID())/toggle", body: Array("version=abc".utf8)).status == 400)
        #expect(try harness.app.lists.todo.all().count == 3)
    }

    @Test func aFormDecodesPlusAsSpaceAndPercentEscapesAsUTF8() throws {
        let form = try FormBody(bytes: Array("title=Caf%C3%A9+au+lait&empty=&flag&title=second&a%2Bb=1%2B1".utf8))
        #expect(form["title"] == "Café au lait")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["a+b"] == "1+1")
        #expect(form["missing"] == nil)
    }

    @Test func theViewerReadsTheFirstLanguageAndAKnownTimeZoneOnly() {
        #expect(Viewer.firstLanguageTag("fr-CH, fr;q=0.9, en;q=0.8") == "fr-CH")
        #expect(Viewer.firstLanguageTag("*") == nil)
        #expect(Viewer.firstLanguageTag("<script>") == nil)
        #expect(Viewer.cookie("tz", in: "a=1; tz=Asia%2FTokyo") == "Asia/Tokyo")
        #expect(Viewer.timeZone("Asia/Tokyo")?.identifier == "Asia/Tokyo")
        #expect(Viewer.timeZone("../../etc/passwd") == nil)
        #expect(Viewer.timeZone("Nowhere/Special") == nil)
    }
}
