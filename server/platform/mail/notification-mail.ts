import type { Language } from '../../../contract/enums'
import { linkInLanguage } from '../../../contract/language-link'
import type { Notification, NotificationSwitch, NotifiedAward } from '../../../contract/notifications'
import { translate, translateCount } from '../../lib/i18n'
import type { Mail } from './mailer'
import { escapeHtml } from './templates'

// A notification e-mail (docs/product-rules.md, "Notifications"), rendered when it is sent, in the
// recipient's language then. Every one ends with why it came and a link that turns its switch off; the same
// link is its List-Unsubscribe header, with one-click unsubscribe (RFC 8058).

export type Recipient = { email: string; name: string; language: Language }

const LOCALES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' }
const WHY: Record<NotificationSwitch, string> = { email: 'whyEmail', events: 'whyEvents', loot: 'whyLoot' }

/** A moment as the guild reads it: "sexta-feira, 4 de dezembro de 2026 às 20:00". */
function zoned(language: Language, iso: string, timeZone: string) {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso))
}

const MARKS = ['present', 'late', 'bench', 'excused', 'noShow'] as const

/** "1 presente, 2 atrasados, …, 1 faltou sem avisar": each count in its plural form (docs/vocabulary.md). */
function attendanceCounts(language: Language, attendance: Record<(typeof MARKS)[number], number>) {
  return MARKS.map((mark) =>
    translateCount(language, 'email', `notify.recapMark.${mark}`, attendance[mark]),
  ).join(', ')
}

type Parts = { subject: string; lines: string[]; list?: string[]; action: { label: string; url: string } }

function parts(n: Notification, language: Language, appUrl: string): Parts {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(language, 'email', `notify.${key}`, { guild: n.guild.name, ...vars })
  const award = (a: NotifiedAward) =>
    t(a.note ? 'awardWithNote' : 'award', { item: a.item, player: a.player, note: a.note ?? '' })
  // Opened in the e-mail's language, also signed out in a browser that never chose one.
  const dashboard = (path: string) => linkInLanguage(`${appUrl}/dashboard/${path}`, language)
  switch (n.type) {
    case 'member_joined':
      return {
        subject: t('memberJoinedSubject', { member: n.member }),
        lines: [t('memberJoinedBody', { member: n.member })],
        action: { label: t('membersAction'), url: dashboard('users') },
      }
    case 'member_removed':
      return {
        subject: t('memberRemovedSubject', { member: n.member }),
        lines: [t('memberRemovedBody', { member: n.member, by: n.by })],
        action: { label: t('membersAction'), url: dashboard('users') },
      }
    case 'payment_problem':
      return {
        subject: t('paymentProblemSubject'),
        lines: [t('paymentProblemBody')],
        action: { label: t('subscriptionAction'), url: dashboard('subscription') },
      }
    case 'trial_ending':
      return {
        subject: t('trialEndingSubject'),
        lines: [t('trialEndingBody', { endsAt: zoned(language, n.endsAt, 'UTC') })],
        action: { label: t('subscriptionAction'), url: dashboard('subscription') },
      }
    case 'event_reminder': {
      const vars = {
        night: n.night.name,
        startsAt: zoned(language, n.night.startsAt, n.guild.timeZone),
        timeZone: n.guild.timeZone,
      }
      return {
        subject: t('reminderSubject', vars),
        lines: [t('reminderBody', vars), ...(n.night.description ? [n.night.description] : [])],
        action: { label: t('nightAction'), url: dashboard(`events/${n.night.id}`) },
      }
    }
    case 'night_recap':
      return {
        subject: t('recapSubject', { night: n.night.name }),
        lines: [
          t('recapBody', { night: n.night.name }),
          t('recapAttendance', { marks: attendanceCounts(language, n.attendance) }),
          ...(n.awards.length === 0 ? [t('recapNoAwards')] : []),
        ],
        list: n.awards.map(award),
        action: { label: t('nightAction'), url: dashboard(`events/${n.night.id}`) },
      }
    case 'loot_digest': {
      const day = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${n.day}T12:00:00Z`),
      )
      return {
        subject: t('digestSubject', { day }),
        lines: [t('digestBody', { day })],
        list: n.awards.map(award),
        action: { label: t('historyAction'), url: dashboard('history') },
      }
    }
  }
}

export function renderNotification(input: {
  notification: Notification
  which: NotificationSwitch
  to: Recipient
  appUrl: string
  unsubscribeUrl: string
}): Mail {
  const { language } = input.to
  const p = parts(input.notification, language, input.appUrl)
  const t = (key: string) => translate(language, 'email', key, { name: input.to.name })
  const why = translate(language, 'email', `notify.${WHY[input.which]}`)
  const stop = translate(language, 'email', 'notify.unsubscribe')
  const list = p.list ?? []
  const text = [
    t('greeting'),
    ...p.lines,
    ...(list.length ? [list.map((line) => `- ${line}`).join('\n')] : []),
    `${p.action.label}: ${p.action.url}`,
    `${why}\n${stop}: ${input.unsubscribeUrl}`,
    t('footer'),
  ].join('\n\n')
  const html = `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:sans-serif;line-height:1.5">
${[t('greeting'), ...p.lines].map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${list.length ? `<ul>${list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(p.action.url)}" style="display:inline-block;padding:10px 16px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(p.action.label)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(stop)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p></body></html>`
  return {
    to: input.to.email,
    subject: p.subject,
    text: `${text}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
