import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import { auditLogs } from '../../db/schema'
import { INVITEE_ACTIONS } from './history.privacy'

// The activity search for a reader who may not see invitees' e-mail addresses (history.privacy.ts).

/** withoutEmail in SQL, on the folded description (lq_fold keeps " <", "@" and ">" as they are). */
function shownFolded(folded: AnyColumn): SQL {
  const name = sql`substring(${folded} from '^(.*) <[^<>[:space:]]*>$')`
  const email = sql`substring(${folded} from ' <([^<>[:space:]]*)>$')`
  return sql`case
    when ${name} is null then (case when ${folded} like '%@%' then '' else ${folded} end)
    when btrim(${name}) = ${email} then '' else ${name} end`
}

/**
 * A search word's description arm for a reader who may not see e-mails: the trigram index still finds the
 * candidates (the first condition), and of an invitation row only what withoutEmail leaves may match. The
 * second condition is a recheck on those candidates only, so the arm costs what it did (an admin's search is
 * the same statement as before).
 */
export function descriptionWithoutEmailContains(pattern: SQL): SQL {
  const folded = auditLogs.descriptionFolded
  const invitations = sql.join(
    INVITEE_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  )
  return sql`(${folded} like ${pattern} and (${auditLogs.actionType} not in (${invitations}) or ${shownFolded(folded)} like ${pattern}))`
}
