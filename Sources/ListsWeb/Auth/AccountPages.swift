import Foundation
import ListsHTTP
import ListsModel

/// The screens of accounts and households, drawn as the lists' screens are (grouped rows, bar buttons, action
/// sheets that ask before something goes): sign in, the first start's setup, joining by invitation here; the
/// Account screen (password, sign-outs, API tokens) in `AccountPages+Account.swift`, the Household screen (switch,
/// members, invite, rename, leave) in `AccountPages+Households.swift`.
///
/// None of them follows the lists' live updates: they show no list, and a redraw would take away a token or an
/// invitation link shown once. Forms that sign in or out, or change the household the lists are read from, are
/// sent as plain form posts even with JavaScript (`data-full-load`), so that the whole page, its cookie and its
/// live updates start again from the new session.
enum AccountPages {
    /// The sign-in screen; `next` is where a sign-in leads (a path of this site).
    static func signIn(_ state: FormState, next: String, status: Int = 200) -> HTTPResponse {
        // The name has focus, unless a refusal gave it to the password (the name stays as typed).
        let state = state.initialFocus == nil ? state.focusing("name") : state
        let content = """
            <form class="account-form" method="post" action="/signin" aria-labelledby="signin-header" data-full-load>
            <h2 class="group-header" id="signin-header">Sign in to your lists</h2>
            \(state.notice?.html ?? "")<input type="hidden" name="next" value="\(HTML.escape(next))">
            <div class="fields">
            \(state.field("name", label: "User name", isRequired: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\" spellcheck=\"false\""))
            \(state.field("password", label: "Password", type: "password", isRequired: true, attributes: "autocomplete=\"current-password\""))
            </div>
            <button class="action-row" type="submit">Sign In</button>
            </form>
            <p class="group-footer">New here? Ask someone in your household for an invitation link. The server's owner \
            can add accounts at the terminal: lists users add NAME.</p>
            """
        return page("Sign In", Layout.screen(title: "Lists", content: content), status: status)
    }

    /// The first start's screen, reached through the address the server printed: a name and a password make the
    /// first account, which owns the lists already there.
    static func setup(_ state: FormState, token: String, status: Int = 200) -> HTTPResponse {
        let content = """
            <form class="account-form" method="post" action="/setup" aria-labelledby="setup-header" data-full-load>
            <h2 class="group-header" id="setup-header">Make your account</h2>
            \(state.notice?.html ?? "")<input type="hidden" name="token" value="\(HTML.escape(token))">
            <div class="fields">
            \(state.focusing("name").field("name", label: "User name", isRequired: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\" spellcheck=\"false\""))
            \(state.field("password", label: "Password", type: "password", isRequired: true, hint: "At least 8 characters.", attributes: "autocomplete=\"new-password\""))
            </div>
            <button class="action-row" type="submit">Start</button>
            </form>
            <p class="group-footer">This account owns the lists on this server. Invite the rest of your household \
            from the Household screen.</p>
            """
        return page("Welcome", Layout.screen(title: "Welcome", content: content), status: status)
    }

    /// What anyone sees before the first account exists, without the setup address.
    static func waitingForSetup() -> HTTPResponse {
        let content = """
            <div class="error-page">
            <p class="error-message">This server has no account yet. Open the setup address it printed when it \
            started (http://…/setup?token=…); only that address can make the first account.</p>
            </div>
            """
        return page("Setup", Layout.screen(title: "Lists", content: content), status: 401)
    }

    /// The screen an invitation link opens: join `household`, with a new account, or as `principal` when signed
    /// in.
    static func invitation(
        _ state: FormState, household: Household, token: String, principal: Principal?, status: Int = 200
    ) -> HTTPResponse {
        let action = "/invite/\(HTML.escape(token))"
        let name = HTML.escape(household.name)
        let form: String
        if let principal {
            form = """
                <h2 class="group-header" id="account-header">Your account</h2>
                \(state.notice?.html ?? "")<ul class="group" aria-labelledby="account-header">
                <li class="row"><span class="row-text"><span class="row-title">Signed in as</span></span>\
                <span class="row-detail">\(HTML.escape(principal.user.name))</span></li>
                </ul>
                <form class="account-form" method="post" action="\(action)" data-full-load>
                <button class="action-row" type="submit">Join \(name)</button>
                </form>
                <p class="group-footer">You keep your other households: the Household screen switches between them.</p>
                """
        } else {
            form = """
                <form class="account-form" method="post" action="\(action)" aria-labelledby="join-header" data-full-load>
                <h2 class="group-header" id="join-header">Make your account</h2>
                \(state.notice?.html ?? "")<div class="fields">
                \(state.focusing("name").field("name", label: "User name", isRequired: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\" spellcheck=\"false\""))
                \(state.field("password", label: "Password", type: "password", isRequired: true, hint: "At least 8 characters.", attributes: "autocomplete=\"new-password\""))
                </div>
                <button class="action-row" type="submit">Join \(name)</button>
                </form>
                <h2 class="group-header" id="have-header">Have an account already?</h2>
                <ul class="group" aria-labelledby="have-header">
                <li class="row"><a class="row-link" href="/signin?next=\(HTML.escape(percentEncoded("/invite/" + token)))">\
                <span class="row-title">Sign in to join with it</span><span class="chevron" aria-hidden="true">›</span></a></li>
                </ul>
                <p class="group-footer">This invitation opens again once you are signed in.</p>
                """
        }
        let title = "Join \(household.name)"
        return page(title, Layout.screen(title: title, content: form), status: status)
    }

    /// A page of these screens: one that app.js does not redraw on the lists' live updates.
    static func page(_ title: String, _ main: String, status: Int) -> HTTPResponse {
        Layout.page(title: title, main: main, status: status, isLive: false)
    }

    /// A read-only text that is to be copied elsewhere (a token, an invitation link), under a heading that is its
    /// label: wrapped onto as many lines as it takes rather than cut off at the screen's edge, selected whole when
    /// it gets focus, and with JavaScript a button that copies it (hidden without, where there is nothing to copy
    /// with). `footer` (plain text) says what to do with it.
    static func copyableText(id: String, label: String, value: String, copyLabel: String, footer: String) -> String {
        // As many rows as a phone's width needs (about 30 characters of the monospaced font a line), for browsers
        // that cannot size a text area to its content.
        let rows = max(1, (value.count + 29) / 30)
        return """
            <h2 class="group-header"><label for="\(id)">\(HTML.escape(label))</label></h2>
            <div class="fields"><div class="field copy-field">\
            <textarea id="\(id)" readonly rows="\(rows)" autofocus spellcheck="false" autocapitalize="none" \
            aria-describedby="\(id)-footer" data-select-all>\(HTML.escape(value))</textarea></div></div>
            <button class="action-row" type="button" data-copy="\(id)" hidden>\(HTML.escape(copyLabel))</button>
            <p class="group-footer" id="\(id)-footer">\(HTML.escape(footer))</p>
            """
    }

    /// `text` with every byte outside unreserved characters (and `/`) percent-encoded, for a query value.
    static func percentEncoded(_ text: String) -> String {
        PercentEncoding.encoded(text, keeping: "/")
    }
}
