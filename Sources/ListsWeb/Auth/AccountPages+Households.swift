import Foundation
import ListsHTTP
import ListsModel

extension AccountPages {
    /// What the Household screen shows: the user's households, the current one's members, and an invitation link
    /// just made.
    struct HouseholdsView {
        /// Who is looking, in which household.
        var principal: Principal
        /// The user's households (and roles there).
        var memberships: [Membership]
        /// The current household's members.
        var members: [Membership]
        /// The form's values and messages.
        var state = FormState()
        /// A link just made by Invite Someone, to copy.
        var invitationLink: String?
        /// The zone the current household chose, or `nil` while it keeps the server's.
        var timeZone: Zone?
    }

    /// The Household screen: the user's households (the current one checked, the others a tap away), the current
    /// one's members, and what its owner may do: invite, remove members, rename it.
    static func households(_ view: HouseholdsView, status: Int = 200) -> HTTPResponse {
        page("Household", householdsScreen(view), status: status)
    }

    /// The action sheet asking before the user leaves the current household, over the Household screen.
    static func leaveSheet(_ view: HouseholdsView) -> HTTPResponse {
        guard let household = view.principal.household else { return households(view) }
        let name = household.name
        let isAlone = view.members.count <= 1
        let owners = view.members.filter { $0.role == .owner }
        if view.principal.role == .owner, owners.count == 1, !isAlone {
            // Refused as the post would be (a household with members keeps an owner): said before, not after.
            let sheet = Layout.actionSheet(
                over: householdsScreen(view), title: "\(name) needs its owner",
                message:
                    "You are its only owner: make another member owner first (Make Owner, beside their name), or "
                    + "remove its other members; then you can leave it.",
                confirm: "", cancel: "/households")
            return page("Leave \(name)", sheet, status: 200)
        }
        let confirm = """
            <form method="post" action="/households/leave" data-full-load>\
            \(Layout.destructiveButton("Leave Household", label: "Leave Household"))</form>
            """
        let sheet = Layout.actionSheet(
            over: householdsScreen(view), title: "Leave \(name)?",
            message: isAlone
                ? "You are its only member: once you leave, nobody can open its lists."
                : "You can no longer open its lists until someone there invites you again.",
            confirm: confirm, cancel: "/households")
        return page("Leave \(name)", sheet, status: 200)
    }

    /// The action sheet asking before `member` is removed from the current household, over the Household screen.
    static func removeSheet(_ view: HouseholdsView, member: Membership) -> HTTPResponse {
        let household = view.principal.household?.name ?? ""
        let confirm = """
            <form method="post" action="/households/members/remove" \
            data-announce="Removed \(HTML.escape(member.user.name)).">\
            <input type="hidden" name="user" value="\(member.user.id)">\
            \(Layout.destructiveButton("Remove Member", label: "Remove Member"))</form>
            """
        let sheet = Layout.actionSheet(
            over: householdsScreen(view), title: "Remove \(member.user.name) from \(household)?",
            message: "They can no longer open its lists until they are invited again.", confirm: confirm,
            cancel: "/households")
        return page("Remove \(member.user.name)", sheet, status: 200)
    }

    /// The action sheet asking before `member` is made an owner of the current household, over the Household
    /// screen.
    static func ownerSheet(_ view: HouseholdsView, member: Membership) -> HTTPResponse {
        let household = view.principal.household?.name ?? ""
        let name = HTML.escape(member.user.name)
        let confirm = """
            <form method="post" action="/households/members/owner" data-announce="\(name) is an owner.">\
            <input type="hidden" name="user" value="\(member.user.id)">\
            <button class="action-button" type="submit">Make Owner</button></form>
            """
        let sheet = Layout.actionSheet(
            over: householdsScreen(view), title: "Make \(member.user.name) an owner of \(household)?",
            message: "Owners invite and remove members, rename the household, and make other owners; "
                + "\(member.user.name) could remove you.",
            confirm: confirm, cancel: "/households")
        return page("Make \(member.user.name) an owner", sheet, status: 200)
    }

    private static func householdsScreen(_ view: HouseholdsView) -> String {
        let principal = view.principal
        let current = principal.household?.id
        let isOwner = principal.role == .owner
        let switches = view.memberships.map { membership in
            let isCurrent = membership.household.id == current
            return """
                <li class="row"><form class="row-form" method="post" action="/households/switch" data-full-load>\
                <input type="hidden" name="household" value="\(membership.household.id.rawValue)">\
                <button class="row-button" type="submit" aria-pressed="\(isCurrent)">\
                <span class="row-text"><span class="row-title">\(HTML.escape(membership.household.name))</span>\
                <span class="row-subtitle">\(roleName(membership.role))</span></span>\
                <span class="row-check" aria-hidden="true">\(isCurrent ? "✓" : "")</span></button></form></li>
                """
        }
        let memberRows = view.members.map { member in
            let isYou = member.user.id == principal.user.id
            let makeOwner =
                isOwner && member.role == .member
                ? """
                <a class="role-button" href="/households/members/owner?user=\(member.user.id)" \
                aria-label="Make \(HTML.escape(member.user.name)) an owner…">Make Owner</a>
                """ : ""
            let remove =
                isOwner && !isYou
                ? """
                <a class="remove-button" href="/households/members/remove?user=\(member.user.id)" \
                aria-label="Remove \(HTML.escape(member.user.name))…">Remove</a>
                """ : ""
            return """
                <li class="row"><span class="row-text"><span class="row-title">\(HTML.escape(member.user.name))\
                \(isYou ? " (you)" : "")</span><span class="row-subtitle">\(roleName(member.role))</span></span>\
                \(makeOwner)\(remove)</li>
                """
        }
        var sections = ""
        if let household = principal.household {
            let name = HTML.escape(household.name)
            let invite =
                isOwner
                ? """
                <li class="row"><form class="row-form" method="post" action="/households/invite">\
                <button class="row-button action" type="submit">Invite Someone</button></form></li>
                """ : ""
            sections += """
                <h2 class="group-header" id="members-header">Members of \(name)</h2>
                <ul class="group" aria-labelledby="members-header">
                \(memberRows.joined(separator: "\n"))
                \(invite)
                </ul>
                <p class="group-footer">\(isOwner ? "An invitation is a link that works once, for 7 days." : "Its owner invites and removes members.")</p>
                """
            if isOwner, let link = view.invitationLink {
                sections += copyableText(
                    id: "invitation-link", label: "Invitation link", value: link, copyLabel: "Copy Link",
                    footer: "Send this link to the person you invite: it works once, for 7 days. Whoever opens it "
                        + "makes an account, or joins with theirs.")
            }
            if isOwner {
                var rename = view.state
                if rename.values["name"] == nil { rename.values["name"] = household.name }
                sections += """
                    <h2 class="group-header" id="rename-header">Name</h2>
                    <form class="account-form" method="post" action="/households/rename" aria-labelledby="rename-header">
                    <div class="fields">\(rename.field("name", label: "Household name", isRequired: true, isLabelHidden: true))</div>
                    <button class="action-row" type="submit">Rename</button>
                    </form>
                    """
            }
            sections += timeZoneSection(view, isOwner: isOwner)
            sections += """
                <a class="action-row destructive" href="/households/leave" aria-label="Leave \(name)…">Leave \(name)</a>
                """
        }
        let content = """
            \(view.state.notice?.html ?? "")<h2 class="group-header" id="yours-header">Your households</h2>
            \(switches.isEmpty ? "<p class=\"empty\">You belong to no household yet.</p>" : "<ul class=\"group\" aria-labelledby=\"yours-header\">\n\(switches.joined(separator: "\n"))\n</ul>")
            <p class="group-footer">Each household has its own lists. Tap one to switch to it.</p>
            \(sections)
            <h2 class="group-header" id="new-header">New household</h2>
            <form class="account-form" method="post" action="/households/new" aria-labelledby="new-header" data-full-load>
            <div class="fields">\(view.state.field("new-name", label: "Name", isRequired: true))</div>
            <button class="action-row" type="submit">Make Household</button>
            </form>
            <p class="group-footer">You own it, with empty lists, and switch to it.</p>
            """
        return Layout.screen(title: "Household", left: Layout.homeLink, content: content)
    }

    /// The household's time zone, in which its tasks are due: a choice among the zones for an owner, the zone said
    /// for a member.
    static func timeZoneSection(_ view: HouseholdsView, isOwner: Bool) -> String {
        let server = HouseholdTimeZone.name(of: HouseholdTimeZone.serverDefault)
        let footer =
            "Tasks are due, and today ends, in this zone for every member, wherever their phone is."
        guard isOwner else {
            let shown = view.timeZone.map(HouseholdTimeZone.name) ?? "The server's (\(server))"
            return """
                <h2 class="group-header" id="zone-header">Time zone</h2>
                <ul class="group" aria-labelledby="zone-header"><li class="row"><span class="row-text">\
                <span class="row-title">\(HTML.escape(shown))</span></span></li></ul>
                <p class="group-footer">\(footer) Its owner sets it.</p>
                """
        }
        var state = view.state
        if state.values["timeZone"] == nil {
            state.values["timeZone"] = view.timeZone.map(HouseholdTimeZone.name) ?? ""
        }
        // A zone set by its name that Foundation's list leaves out (Asia/Kolkata, listed as Asia/Calcutta) is
        // offered too, chosen.
        var places = HouseholdTimeZone.places
        if let chosen = view.timeZone.map(HouseholdTimeZone.name), !places.contains(chosen) {
            places = (places + [chosen]).sorted()
        }
        let options =
            [(value: "", text: "The server's (\(server))")]
            + places.map { (value: $0, text: $0.replacingOccurrences(of: "_", with: " ")) }
        return """
            <h2 class="group-header" id="zone-header">Time zone</h2>
            <form class="account-form" method="post" action="/households/time-zone" aria-labelledby="zone-header">
            <div class="fields">\(state.select("timeZone", label: "Time zone", options: options))</div>
            <button class="action-row" type="submit">Set Time Zone</button>
            </form>
            <p class="group-footer">\(footer)</p>
            """
    }

    /// A role as the screens name it.
    static func roleName(_ role: HouseholdRole) -> String {
        switch role {
        case .owner: "Owner"
        case .member: "Member"
        }
    }
}
