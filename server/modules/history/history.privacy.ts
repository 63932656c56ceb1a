// Invitees' e-mail addresses are the admins' (GET /members is theirs alone), but the invitation rows of the
// activity log name the invitee as "Name <e-mail>" (server/modules/members/invitations.service.ts, the only
// writer that puts an address in audit_logs.description). For any other reader the server drops the address
// before a row leaves it, and the search finds those rows by the name only
// (history-privacy.queries.ts; docs/product-rules.md, "History and activity"; docs/decisions/010-history-search.md).

/** The action types whose description names an invitee with their e-mail. */
export const INVITEE_ACTIONS = ['INVITE_SENT', 'INVITE_CANCELLED', 'INVITE_ACCEPTED'] as const
const isInviteeAction = (actionType: string) => (INVITEE_ACTIONS as readonly string[]).includes(actionType)

/** "Name <e-mail>": the name, then the address at the end (a name may itself hold "<" or ">"). */
const INVITEE = /^(.*) <([^<>\s]*)>$/s

/**
 * The description a reader who may not see e-mails gets: the invitee's name alone; empty when the row names
 * no one but the address (a name typed as the e-mail, or a description without a name), which
 * contract/activity-description.ts words as "convidado". Other action types are left as they are.
 */
export function withoutEmail(actionType: string, description: string): string {
  if (!isInviteeAction(actionType)) return description
  const match = INVITEE.exec(description)
  if (!match) return description.includes('@') ? '' : description
  const [, name, email] = match as unknown as [string, string, string]
  return name.trim().toLowerCase() === email.toLowerCase() ? '' : name
}
