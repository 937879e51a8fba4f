"""The installable app in real Chromium: the manifest and the icons make it installable (as Chromium itself judges,
over the DevTools protocol), and the service worker shows the last lists when the network is gone."""
import importlib.util
from pathlib import Path

from conftest import CHROMIUM, PHONE, STATE_TIMEOUT_MS
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent


def worker_ready(page):
    """Waits until the service worker is active and controls the page (a reload after its first start)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    assert page.evaluate("!!navigator.serviceWorker.controller")


def test_chromium_reports_the_app_installable(start_server, playwright, tmp_path):
    server = start_server(seed=True)
    # A profile on disk: Chromium installs nothing from an incognito window, which every new_context is.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(STATE_TIMEOUT_MS)
    server.sign_in_context(context)
    page = context.new_page()
    page.goto(server.url + "/")
    worker_ready(page)
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"].startswith(server.url + "/static/manifest.webmanifest")
    context.close()


def test_the_manifest_and_icons_are_the_projects_own_and_public(server):
    status, headers, body = server.request("GET", "/static/manifest.webmanifest", signed_in=False)
    assert status == 200 and headers["content-type"] == "application/manifest+json"
    import json

    manifest = json.loads(body)
    assert (manifest["name"], manifest["display"], manifest["start_url"]) == ("Lists", "standalone", "/")
    # The icons served are the ones tools/make-icons.py draws, byte for byte.
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make-icons.py")
    icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(icons)
    drawn = {"192x192 any": icons.draw(192, False), "512x512 any": icons.draw(512, False),
             "512x512 maskable": icons.draw(512, True)}
    served = {}
    for icon in manifest["icons"]:
        status, headers, png = server.request("GET", icon["src"], signed_in=False)
        assert status == 200 and headers["content-type"] == "image/png"
        served[f"{icon['sizes']} {icon['purpose']}"] = png
    assert served == drawn


def test_a_reload_with_no_network_shows_the_last_lists(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    page.goto(server.url + "/shopping")
    worker_ready(page)
    for path in ("/shopping", "/todo", "/birds", "/"):
        page.goto(server.url + path)
    page.context.set_offline(True)
    page.goto(server.url + "/shopping")
    expect(page.get_by_text("Pear", exact=True)).to_be_visible()
    page.reload()
    expect(page.get_by_text("Pear", exact=True)).to_be_visible()
    # A screen fetched by the script (a tap on the home screen) comes from the same place.
    page.goto(server.url + "/")
    page.get_by_role("link", name="To-Do").click()
    expect(page).to_have_url(server.url + "/todo")
    expect(page.get_by_text("Walk the dogs")).to_be_visible()
    # A screen never opened on this device says there is no connection.
    page.goto(server.url + "/shopping/new")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()


def test_signing_out_forgets_the_kept_lists(start_server, new_page):
    server = start_server(seed=True)
    page = new_page()
    page.goto(server.url + "/shopping")
    worker_ready(page)
    page.goto(server.url + "/shopping")
    page.goto(server.url + "/")
    page.get_by_role("link", name="Account").click()
    page.get_by_role("button", name="Sign Out", exact=True).click()
    expect(page).to_have_url(server.url + "/signin")
    # The worker was told on the sign-in screen: nothing is kept any more.
    page.wait_for_function("caches.keys().then((names) => !names.includes('lists-screens'))")
    page.context.set_offline(True)
    page.goto(server.url + "/shopping")
    expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    expect(page.get_by_text("Pear", exact=True)).to_have_count(0)
