import Foundation
import ListsHTTP
import ListsModel

/// The screens of accounts and households, drawn as the lists' screens are (grouped rows, bar buttons): sign in,
/// the first start's setup, joining by invitation, the Account screen (password, sign-outs, API tokens) and the
/// Household screen (switch, members, invite, rename, leave).
enum AccountPages {
    /// The sign-in screen; `next` is where a sign-in leads (a path of this site).
    static func signIn(_ state: FormState, next: String, status: Int = 200) -> HTTPResponse {
        let content = """
            <form class="account-form" method="post" action="/signin" aria-labelledby="signin-header">
            <h2 class="group-header" id="signin-header">Sign in to your lists</h2>
            \(state.notice?.html ?? "")<input type="hidden" name="next" value="\(HTML.escape(next))">
            <div class="fields">
            \(state.focusing("name").field("name", label: "User name", isRequired: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\""))
            \(state.field("password", label: "Password", type: "password", isRequired: true, attributes: "autocomplete=\"current-password\""))
            </div>
            <button class="action-row" type="submit">Sign In</button>
            </form>
            <p class="group-footer">New here? Ask someone in your household for an invitation link. The server's owner \
            can add accounts at the terminal: lists users add NAME.</p>
            """
        return Layout.page(title: "Sign In", main: Layout.screen(title: "Lists", content: content), status: status)
    }

    /// The first start's screen, reached through the address the server printed: a name and a password make the
    /// first account, which owns the lists already there.
    static func setup(_ state: FormState, token: String, status: Int = 200) -> HTTPResponse {
        let content = """
            <form class="account-form" method="post" action="/setup" aria-labelledby="setup-header">
            <h2 class="group-header" id="setup-header">Make your account</h2>
            \(state.notice?.html ?? "")<input type="hidden" name="token" value="\(HTML.escape(token))">
            <div class="fields">
            \(state.focusing("name").field("name", label: "User name", isRequired: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\""))
            \(state.field("password", label: "Password", type: "password", isRequired: true, hint: "At least 8 characters.", attributes: "autocomplete=\"new-password\""))
            </div>
            <button class="action-row" type="submit">Start</button>
            </form>
            <p class="group-footer">This account owns the lists on this server. Invite the rest of your household \
            from the Household screen.</p>
            """
        return Layout.page(title: "Welcome", main: Layout.screen(title: "Welcome", content: content), status: status)
    }

    /// What anyone sees before the first account exists, without the setup address.
    static func waitingForSetup() -> HTTPResponse {
        let content = """
            <div class="error-page">
            <p class="error-message">This server has no account yet. Open the setup address it printed when it \
            started (http://…/setup?token=…); only that address can make the first account.</p>
            </div>
            """
        return Layout.page(title: "Setup", main: Layout.screen(title: "Lists", content: content), status: 401)
    }

    /// The screen an invitation link opens: join `household`, with a new account, or as `principal` when signed
    /// in.
    static func invitation(
        _ state: FormState, household: Household, token: String, principal: Principal?, status: Int = 200
    ) -> HTTPResponse {
        let action = "/invite/\(HTML.escape(token))"
        let form: String
        if let principal {
            form = """
                <form class="account-form" method="post" action="\(action)">
                \(state.notice?.html ?? "")<p class="sentence">You are signed in as \(HTML.escape(principal.user.name)).</p>
                <button class="action-row" type="submit">Join \(HTML.escape(household.name))</button>
                </form>
                """
        } else {
            form = """
                <form class="account-form" method="post" action="\(action)" aria-labelledby="join-header">
                <h2 class="group-header" id="join-header">Make your account</h2>
                \(state.notice?.html ?? "")<div class="fields">
                \(state.focusing("name").field("name", label: "User name", isRequired: true, attributes: "autocomplete=\"username\" autocapitalize=\"none\""))
                \(state.field("password", label: "Password", type: "password", isRequired: true, hint: "At least 8 characters.", attributes: "autocomplete=\"new-password\""))
                </div>
                <button class="action-row" type="submit">Join \(HTML.escape(household.name))</button>
                </form>
                <p class="group-footer">Have an account already? <a href="/signin?next=\(HTML.escape(percentEncoded("/invite/" + token)))">Sign in</a> first, then open this link again.</p>
                """
        }
        let title = "Join \(household.name)"
        return Layout.page(title: title, main: Layout.screen(title: title, content: form), status: status)
    }

    /// The Account screen: who is signed in, the password, signing out, and API tokens; `newToken` is a token just
    /// made, shown this once.
    static func account(
        _ principal: Principal, tokens: [APIToken], state: FormState, newToken: (name: String, token: String)? = nil,
        status: Int = 200
    ) -> HTTPResponse {
        let made = newToken.map { made in
            """
            <p class="notice status" role="status">Token “\(HTML.escape(made.name))” made. Copy it now: it is not \
            shown again.</p>
            <div class="fields"><div class="field"><label for="new-token">Token</label>\
            <input id="new-token" type="text" readonly value="\(HTML.escape(made.token))" autofocus></div></div>
            """
        }
        let tokenRows = tokens.map { token in
            """
            <li class="row"><span class="row-text"><span class="row-title">\(HTML.escape(token.name))</span>\
            <span class="row-subtitle">\(token.lastUsedAt == nil ? "never used" : "in use")</span></span>\
            <form method="post" action="/account/tokens/revoke"><input type="hidden" name="name" value="\(HTML.escape(token.name))">\
            \(Layout.destructiveButton("Revoke", label: "Revoke \(token.name)"))</form></li>
            """
        }
        let content = """
            \(state.notice?.html ?? "")<h2 class="group-header" id="who-header">Signed in as \(HTML.escape(principal.user.name))</h2>
            <form class="account-form" method="post" action="/signout"><button class="action-row" type="submit">Sign Out</button></form>
            <form class="account-form" method="post" action="/account/signout-everywhere">\
            <button class="action-row" type="submit">Sign Out on Every Device</button></form>
            <h2 class="group-header" id="password-header">Change password</h2>
            <form class="account-form" method="post" action="/account/password" aria-labelledby="password-header">
            <div class="fields">
            \(state.field("current", label: "Current password", type: "password", isRequired: true, attributes: "autocomplete=\"current-password\""))
            \(state.field("password", label: "New password", type: "password", isRequired: true, hint: "At least 8 characters. Signs out your other devices.", attributes: "autocomplete=\"new-password\""))
            </div>
            <button class="action-row" type="submit">Change Password</button>
            </form>
            <h2 class="group-header" id="tokens-header">API tokens</h2>
            \(made ?? "")<ul class="group" aria-labelledby="tokens-header">
            \(tokenRows.isEmpty ? "<li class=\"row empty\">No tokens.</li>" : tokenRows.joined(separator: "\n"))
            </ul>
            <form class="account-form" method="post" action="/account/tokens" aria-label="New token">
            <div class="fields">
            \(state.field("token-name", label: "New token's name", placeholder: "phone, backup script", isRequired: true))
            </div>
            <button class="action-row" type="submit">Make Token</button>
            </form>
            <p class="group-footer">A token acts as you: send it as Authorization: Bearer TOKEN. With several \
            households, name one in the X-Lists-Household header.</p>
            """
        return Layout.page(
            title: "Account", main: Layout.screen(title: "Account", left: Layout.homeLink, content: content),
            status: status)
    }

    /// The Household screen: the user's households (the current one checked, the others a tap away), the current
    /// one's members, and what its owner may do: rename it, invite (`invitationLink` is a link just made, to copy),
    /// remove members.
    static func households(
        _ principal: Principal, memberships: [Membership], members: [Membership], state: FormState,
        invitationLink: String? = nil, status: Int = 200
    ) -> HTTPResponse {
        let current = principal.household?.id
        let isOwner = principal.role == .owner
        let switches = memberships.map { membership in
            let isCurrent = membership.household.id == current
            return """
                <li class="row"><form method="post" action="/households/switch">\
                <input type="hidden" name="household" value="\(membership.household.id.rawValue)">\
                <button class="row-button" type="submit" aria-pressed="\(isCurrent)">\
                <span class="row-title">\(HTML.escape(membership.household.name))</span>\
                <span class="row-detail">\(isCurrent ? "✓" : membership.role.rawValue)</span></button></form></li>
                """
        }
        let memberRows = members.map { member in
            let canRemove = isOwner && member.user.id != principal.user.id
            return """
                <li class="row"><span class="row-text"><span class="row-title">\(HTML.escape(member.user.name))</span>\
                <span class="row-subtitle">\(member.role.rawValue)</span></span>\
                \(canRemove ? "<form method=\"post\" action=\"/households/members/remove\"><input type=\"hidden\" name=\"user\" value=\"\(member.user.id)\">\(Layout.destructiveButton("Remove", label: "Remove \(member.user.name)"))</form>" : "")</li>
                """
        }
        var owner = ""
        if isOwner, let household = principal.household {
            let link = invitationLink.map { link in
                """
                <p class="notice status" role="status">Invitation made. Send this link to the person you invite: it \
                works once, for 7 days.</p>
                <div class="fields"><div class="field"><label for="invitation-link">Link</label>\
                <input id="invitation-link" type="text" readonly value="\(HTML.escape(link))" autofocus></div></div>
                """
            }
            owner = """
                \(link ?? "")<form class="account-form" method="post" action="/households/invite">\
                <button class="action-row" type="submit">Invite Someone</button></form>
                <h2 class="group-header" id="rename-header">Rename \(HTML.escape(household.name))</h2>
                <form class="account-form" method="post" action="/households/rename" aria-labelledby="rename-header">
                <div class="fields">\(state.field("name", label: "Name", isRequired: true))</div>
                <button class="action-row" type="submit">Rename</button>
                </form>
                """
        }
        let leave =
            principal.household == nil
            ? ""
            : """
            <form class="account-form" method="post" action="/households/leave">\
            \(Layout.destructiveButton("Leave \(principal.household?.name ?? "")", label: "Leave \(principal.household?.name ?? "")"))</form>
            """
        let content = """
            \(state.notice?.html ?? "")<h2 class="group-header" id="yours-header">Your households</h2>
            <ul class="group" aria-labelledby="yours-header">
            \(switches.isEmpty ? "<li class=\"row empty\">You belong to no household yet.</li>" : switches.joined(separator: "\n"))
            </ul>
            \(principal.household.map { "<h2 class=\"group-header\" id=\"members-header\">Members of \(HTML.escape($0.name))</h2>" } ?? "")
            \(members.isEmpty ? "" : "<ul class=\"group\" aria-labelledby=\"members-header\">\(memberRows.joined(separator: "\n"))</ul>")
            \(owner)\(leave)
            <h2 class="group-header" id="new-header">New household</h2>
            <form class="account-form" method="post" action="/households/new" aria-labelledby="new-header">
            <div class="fields">\(state.field("new-name", label: "Name", isRequired: true))</div>
            <button class="action-row" type="submit">Make Household</button>
            </form>
            """
        return Layout.page(
            title: "Household", main: Layout.screen(title: "Household", left: Layout.homeLink, content: content),
            status: status)
    }

    /// `text` with every byte outside unreserved characters percent-encoded, for a query value.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
