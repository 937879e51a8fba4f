import Foundation

/// The rules a household keeps whoever changes it (the web app's Household screen, the CLI's `users` and
/// `households` commands): each change of a membership or a name goes through these, inside the transaction
/// that makes it, so a refusal changes nothing.
///
/// - While a household has members, one of them at least is its owner.
/// - A household's name is unique among one person's households only: across the store two households may share
///   one, so that a name refused never tells anyone that someone else's household has it.
extension AccountSession {
    /// Makes `userID` a member of `household` with `role`, or changes their role, unless that leaves the
    /// household with members and no owner.
    /// - Throws: ``ValidationError`` naming `role`.
    public func setRole(_ role: HouseholdRole, userID: Int64, in household: Household, at time: Date) throws {
        try setMembership(userID: userID, in: household.id, role: role, at: time)
        try checkOwned(household, changing: try user(id: userID))
    }

    /// Ends `userID`'s membership of `household`, unless they are its only owner and others are left; answers
    /// whether they were a member.
    /// - Throws: ``ValidationError`` naming `role`.
    @discardableResult public func leave(_ household: Household, userID: Int64) throws -> Bool {
        guard try removeMembership(userID: userID, from: household.id) else { return false }
        try checkOwned(household, changing: try user(id: userID))
        return true
    }

    /// Removes the user, their memberships, sessions and tokens, unless they are the only owner of a household
    /// that others are left in; answers whether there was such a user.
    /// - Throws: ``ValidationError`` naming `role`.
    @discardableResult public func removeUserKeepingOwners(id: Int64) throws -> Bool {
        guard let user = try user(id: id) else { return false }
        let memberships = try memberships(userID: id)
        try removeUser(id: id)
        for membership in memberships { try checkOwned(membership.household, changing: user) }
        return true
    }

    /// Refuses a state where `household` has members and none owns it, after a change to `user`'s membership
    /// (read before a removal, which leaves no user to name).
    private func checkOwned(_ household: Household, changing user: UserAccount?) throws {
        guard let user else { return }
        let members = try members(of: household.id)
        guard !members.isEmpty, !members.contains(where: { $0.role == .owner }) else { return }
        throw ValidationError(
            field: "role",
            message: "\(user.name) is the only owner of \(household.name), which has other members; make another "
                + "member owner first, or remove the others; nothing was changed")
    }

    /// Refuses `name` for a household of `userID`'s when another household they belong to (not `except`) has it,
    /// ignoring case; households they are not in are not looked at.
    /// - Throws: ``ValidationError`` naming `field`.
    public func checkHouseholdName(_ name: String, for userID: Int64, except: HouseholdID? = nil, field: String)
        throws
    {
        let key = Reference.nameKey(name)
        let taken = try memberships(userID: userID).contains {
            $0.household.id != except && Reference.nameKey($0.household.name) == key
        }
        if taken {
            throw ValidationError(field: field, message: "you have a household of that name; choose another")
        }
    }
}

extension Household {
    /// `name` trimmed, when it is a name a household can have: 1 to ``maxNameLength`` characters, none that hide
    /// or disguise what it shows (``NameRules``).
    /// - Throws: ``ValidationError`` naming the field `name`.
    public static func validName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw ValidationError(field: "name", message: "a household needs a name") }
        if trimmed.count > maxNameLength {
            throw ValidationError(field: "name", message: "at most \(maxNameLength) characters")
        }
        try NameRules.checkVisible(trimmed, field: "name")
        return trimmed
    }
}

/// What a name that people tell apart by sight (a household's, a user's) may not hold: characters that do not
/// show, or that change how the rest shows, so that one name could pass for another ("Bo\u{202E}sb" shows as
/// "Bobs").
public enum NameRules {
    /// Refuses `name` when it holds a control character, a line or paragraph separator, a bidirectional mark
    /// (embeddings, overrides, isolates, the left-to-right, right-to-left and Arabic letter marks), or an invisible
    /// character: format characters such as the zero-width space and the word joiner, the soft hyphen, and the
    /// Hangul fillers and the blank Braille pattern, which show as nothing. The zero-width joiner is taken between
    /// two emoji (👨‍👩‍👧), and tag characters after a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿), where they are part of what shows.
    /// - Throws: ``ValidationError`` naming `field` and the character found.
    public static func checkVisible(_ name: String, field: String) throws {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where isHidden(scalar, in: scalars, at: index) {
            throw ValidationError(
                field: field,
                message: "no control characters, line breaks, bidirectional marks or invisible characters (found "
                    + "U+\(TextRule.hex4(scalar.value)))")
        }
    }

    /// Whether the scalar at `index` of `scalars` is one ``checkVisible(_:field:)`` refuses.
    static func isHidden(_ scalar: Unicode.Scalar, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        switch scalar.value {
        case 0x200D:
            // Between two emoji it joins them into one (a family, a profession); elsewhere it shows as nothing.
            return
                !(index > 0 && index + 1 < scalars.count && isEmoji(scalars[index - 1])
                && isEmoji(scalars[index + 1]))
        case 0xE0020...0xE007F:
            // Tags spell a subdivision's flag after the black flag (England, Scotland, Wales).
            let before = index > 0 ? scalars[index - 1].value : 0
            return !(before == 0x1F3F4 || (0xE0020...0xE007F).contains(before))
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .format: return true
            default: return false
            }
        }
    }

    /// Whether `scalar` is an emoji a joiner may follow or precede (not a digit, `#` or `*`, which are emoji only
    /// with a keycap).
    /// The variation selector that asks for an emoji's picture counts as the emoji it follows (👁️‍🗨️).
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || (scalar.value > 0x7F && scalar.properties.isEmoji)
    }
}
