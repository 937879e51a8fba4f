import Foundation
import ListsHTTP
import ListsModel

extension AccountPages {
    /// The Account screen: who is signed in and signing out, the password, and API tokens; `newToken` is a token
    /// just made, shown this once.
    static func account(
        _ principal: Principal, tokens: [APIToken], state: FormState, newToken: (name: String, token: String)? = nil,
        status: Int = 200
    ) -> HTTPResponse {
        page("Account", accountScreen(principal, tokens: tokens, state: state, newToken: newToken), status: status)
    }

    /// The action sheet asking before the token named `name` is revoked, over the Account screen.
    static func revokeSheet(_ principal: Principal, tokens: [APIToken], name: String) -> HTTPResponse {
        let confirm = """
            <form method="post" action="/account/tokens/revoke" data-announce="Revoked \(HTML.escape(name)).">\
            <input type="hidden" name="name" value="\(HTML.escape(name))">\
            \(Layout.destructiveButton("Revoke Token", label: "Revoke Token"))</form>
            """
        let sheet = Layout.actionSheet(
            over: accountScreen(principal, tokens: tokens, state: FormState()), title: "Revoke “\(name)”?",
            message: "Whatever uses this token can no longer reach your lists. A new token can be made at any time.",
            confirm: confirm, cancel: "/account")
        return page("Revoke \(name)", sheet, status: 200)
    }

    private static func accountScreen(
        _ principal: Principal, tokens: [APIToken], state: FormState, newToken: (name: String, token: String)? = nil
    ) -> String {
        let userName = HTML.escape(principal.user.name)
        let made = newToken.map { made in
            copyableText(
                id: "new-token", label: "New token “\(made.name)”", value: made.token, copyLabel: "Copy Token",
                footer: "Copy it now: it is not shown again. Only a digest of it is kept.")
        }
        let tokenRows = tokens.map { token in
            """
            <li class="row"><span class="row-text"><span class="row-title">\(HTML.escape(token.name))</span>\
            <span class="row-subtitle">\(token.lastUsedAt == nil ? "Never used" : "Used")</span></span>\
            <a class="remove-button" href="/account/tokens/revoke?name=\(HTML.escape(percentEncoded(token.name)))" \
            aria-label="Revoke \(HTML.escape(token.name))…">Revoke</a></li>
            """
        }
        let tokenList =
            tokenRows.isEmpty
            ? ""
            : """
            <ul class="group" aria-labelledby="tokens-header">
            \(tokenRows.joined(separator: "\n"))
            </ul>
            """
        // Signing out everywhere and changing the password revoke the tokens too unless unticked: a token made from
        // a stolen session would outlive both.
        let revokeLabel =
            tokens.count == 1 ? "Also revoke your API token" : "Also revoke your \(tokens.count) API tokens"
        let everywhereTokens =
            tokens.isEmpty
            ? ""
            : """
            <li class="row check-row"><label for="revoke-tokens-everywhere">\(revokeLabel)</label>\
            <input type="checkbox" id="revoke-tokens-everywhere" name="revoke-tokens" value="on" \
            form="signout-everywhere" checked></li>
            """
        let passwordTokens =
            tokens.isEmpty
            ? ""
            : """
            <ul class="group check-group">
            <li class="row check-row"><label for="revoke-tokens-password">\(revokeLabel)</label>\
            <input type="checkbox" id="revoke-tokens-password" name="revoke-tokens" value="on" checked></li>
            </ul>
            """
        let householdNumber =
            principal.household.map {
                " (\(HTML.escape($0.name))’s is \(AccessControl.householdHeaderValue($0.id)))"
            } ?? ""
        let content = """
            \(state.notice?.html ?? "")<h2 class="group-header" id="who-header">Signed in as \(userName)</h2>
            <ul class="group" aria-labelledby="who-header">
            <li class="row"><form class="row-form" method="post" action="/signout" data-full-load>\
            <button class="row-button action" type="submit">Sign Out</button></form></li>
            <li class="row"><form class="row-form" id="signout-everywhere" method="post" \
            action="/account/signout-everywhere" data-full-load>\
            <button class="row-button action" type="submit">Sign Out on Every Device</button></form></li>
            \(everywhereTokens)</ul>
            <p class="group-footer">On every device: wherever you are signed in as \(userName), you sign in again.</p>
            <h2 class="group-header" id="password-header">Change password</h2>
            <form class="account-form" method="post" action="/account/password" aria-labelledby="password-header">
            <input type="text" name="username" value="\(userName)" autocomplete="username" readonly hidden>
            <div class="fields wide-labels">
            \(state.field("current", label: "Current password", type: "password", isRequired: true, attributes: "autocomplete=\"current-password\""))
            \(state.field("password", label: "New password", type: "password", isRequired: true, hint: "At least 8 characters.", attributes: "autocomplete=\"new-password\""))
            </div>
            \(passwordTokens)
            <button class="action-row" type="submit">Change Password</button>
            </form>
            <p class="group-footer">Your other devices are signed out; this one stays signed in.</p>
            <h2 class="group-header" id="tokens-header">API tokens</h2>
            \(tokenList)\(made ?? "")<form class="account-form" method="post" action="/account/tokens" \
            aria-labelledby="tokens-header">
            <div class="fields">
            \(state.field("token-name", label: "New token", placeholder: "phone, backup script", isRequired: true))
            </div>
            <button class="action-row" type="submit">Make Token</button>
            </form>
            <p class="group-footer">\(tokens.isEmpty ? "No tokens yet. " : "")A token lets a script or an app use \
            your lists as you: send it as Authorization: Bearer TOKEN. With several households, send the number of \
            one in the X-Lists-Household header\(householdNumber). A reminders app (CalDAV: Reminders, DAVx5, \
            Thunderbird) takes a token as its password, with the user name \(userName) and this server's address.</p>
            """
        return Layout.screen(title: "Account", left: Layout.homeLink, content: content)
    }
}
