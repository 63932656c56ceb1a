import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TIME_ZONE, type RaidNight } from '@contract/raid-nights'
import emailPt from '../web/locales/pt/email.json'
import eventsPt from '../web/locales/pt/events.json'
import itemsPt from '../web/locales/pt/items.json'
import settingsPt from '../web/locales/pt/settings.json'
import { signUpAndConfirm } from './support/accounts'
import { apiAs } from './support/api'
import { tr } from './support/i18n'
import { setUpJourney } from './support/journey'
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from './support/smtp-inbox'
import { zonedParts } from '../contract/zoned-time'

// Issue 43 point 1's journey: a member's notification e-mails leave through a real local SMTP server. The
// admin turns event reminders and loot notifications on in the settings page; a night scheduled an hour
// ahead is reminded by e-mail; a night running now gets an award and is completed, and its recap e-mail lists
// the award; the recap's unsubscribe link, opened and confirmed in the browser, turns loot notifications off,
// as the settings page then shows. The notification loop runs every second here (NOTIFY_LOOP_SECONDS).

let inbox: SmtpInbox
beforeAll(async () => {
  inbox = await startSmtpInbox()
})
afterAll(async () => {
  await inbox?.close()
})
const journey = setUpJourney({ env: () => ({ SMTP_URL: inbox.url, NOTIFY_LOOP_SECONDS: '1' }) })

const SOON = 'Raid de sexta'
const TONIGHT = 'Raid de hoje'
const SWORD = 'Espada Lendária'
const WINNER = 'Aria'
const NOTE = 'Ganhou a rolagem (97)'
const HOUR_MS = 3_600_000

/** A moment on the guild's clock, as the events form takes it: YYYY-MM-DD and HH:MM. */
const guildClock = (at: Date) => zonedParts(at, DEFAULT_TIME_ZONE)

/** The start as the reminder writes it: "sexta-feira, 4 de dezembro de 2026 às 20:00" on the guild's clock. */
const zonedStart = (at: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(at)

/** The first e-mail to `to` whose text contains every one of `texts`, waiting for it to arrive. */
async function mailWith(to: string, texts: string[]): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      () =>
        (found = inbox.mails.find(
          (m) => m.to.includes(to.toLowerCase()) && texts.every((text) => m.text.includes(text)),
        )),
      { timeout: 20_000, interval: 200 },
    )
    .toBeDefined()
  return found!
}

const notifySwitch = (page: Page, key: 'email' | 'events' | 'loot') =>
  page.getByRole('switch', { name: settingsPt.notifications[key].label })

/** The settings page's three switches, as [email, events, loot] checked states. */
async function switches(page: Page) {
  await page.goto('/dashboard/settings')
  await page.getByRole('heading', { level: 1, name: settingsPt.title }).waitFor()
  return Promise.all((['email', 'events', 'loot'] as const).map((key) => notifySwitch(page, key).isChecked()))
}

describe('notification e-mails', () => {
  it('reminds of a night, recaps a completed one, and unsubscribes from the link', async () => {
    const account = await signUpAndConfirm(journey.server.url, {}, (to, contains) => inbox.link(to, contains))
    const { page } = await journey.open({ signIn: account })
    const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
      apiAs<T>(page, journey.server.url, method, path, data)

    // Someone who once turned reminders and loot e-mails off turns them on again in the settings page.
    await call('PUT', '/me/notifications', { email: true, events: false, loot: false })
    expect(await switches(page)).toEqual([true, false, false])
    for (const key of ['events', 'loot'] as const) {
      await notifySwitch(page, key).click()
      await expect.poll(() => notifySwitch(page, key).isChecked()).toBe(true)
    }
    // Saved on the server: a fresh load shows them on.
    await expect.poll(() => switches(page)).toEqual([true, true, true])

    // A night an hour ahead, scheduled on the events screen: within the 3 hours before it, so reminded at once.
    const soon = new Date(Date.now() + HOUR_MS)
    const at = guildClock(soon)
    await page.goto('/dashboard/events')
    await page.getByRole('button', { name: eventsPt.add }).first().click()
    const form = page.getByRole('dialog')
    await form.getByLabel(eventsPt.form.name, { exact: true }).fill(SOON)
    await form.getByLabel(eventsPt.form.date, { exact: true }).fill(at.date)
    await form.getByLabel(eventsPt.form.startTime, { exact: true }).fill(at.time)
    await form.getByRole('button', { name: eventsPt.form.add }).click()
    await page.getByText(eventsPt.toast.created).waitFor()
    const nights = await call<{ nights: RaidNight[] }>('GET', '/raid-nights')
    const soonId = nights.nights.find((n) => n.name === SOON)!.id

    // The reminder reaches the SMTP server: the night, its start on the guild's clock, its page, the way out.
    const startsAt = zonedStart(soon)
    const reminder = await mailWith(account.email, [
      tr(emailPt.notify.reminderBody, {
        night: SOON,
        guild: account.guildName,
        startsAt,
        timeZone: DEFAULT_TIME_ZONE,
      }),
    ])
    expect(reminder.text).toContain(
      `${emailPt.notify.nightAction}: ${journey.server.url}/dashboard/events/${soonId}`,
    )
    expect(reminder.text).toContain(emailPt.notify.whyEvents)
    expect(reminder.text).toMatch(/\/api\/v1\/notifications\/unsubscribe\?\S*switch=events/)
    expect(reminder.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)

    // Tonight's night, running now, with one item and its queue (through the API, as a guild already has).
    await call('POST', '/guild/import', {
      files: [
        {
          name: 'guild.json',
          content: JSON.stringify({
            format: 'lootqueue-guild-export/1',
            players: [{ id: WINNER, name: WINNER, playerStatus: 'active' }],
            items: [{ id: SWORD, name: SWORD, rarity: 'legendary', isPublicVisible: true }],
            queues: [
              {
                itemId: SWORD,
                playerId: WINNER,
                queuePosition: 1,
                attendanceStatus: 'pending',
                timesReceived: 0,
                timesAbsent: 0,
              },
            ],
          }),
        },
      ],
    })
    // It ends as the night ahead starts: a guild runs one night at a time.
    const now = guildClock(new Date())
    const tonight = await call<RaidNight>('POST', '/raid-nights', {
      name: TONIGHT,
      date: now.date,
      startTime: now.time,
      endTime: at.time,
    })
    const { items } = await call<{ items: { id: string; name: string }[] }>('GET', '/items')
    const swordId = items.find((i) => i.name === SWORD)!.id

    // The sword goes to Aria from the queue panel while the night runs, with a note.
    await page.goto(`/dashboard/items?tab=queues&item=${swordId}`)
    await page.getByRole('button', { name: tr(itemsPt.note.openNamed, { item: SWORD }) }).click()
    await page.getByLabel(itemsPt.note.label).fill(NOTE)
    await page.keyboard.press('Escape')
    await page.getByText(itemsPt.note.pending).waitFor()
    await page.getByRole('button', { name: tr(itemsPt.actions.receivedNamed, { name: WINNER }) }).click()
    await page.getByText(tr(itemsPt.toast.received, { name: WINNER })).waitFor()

    // Completed from its page; the recap e-mail lists the award with its note.
    await page.goto(`/dashboard/events/${tonight.id}`)
    await page.getByRole('heading', { level: 1, name: TONIGHT }).waitFor()
    await page.getByRole('button', { name: eventsPt.actions.complete, exact: true }).click()
    const confirm = page.getByRole('alertdialog', {
      name: tr(eventsPt.confirmComplete.title, { name: TONIGHT }),
    })
    await confirm.getByRole('button', { name: eventsPt.confirmComplete.confirm }).click()
    await page.getByText(eventsPt.done.complete).waitFor()
    const recap = await mailWith(account.email, [
      tr(emailPt.notify.recapBody, { night: TONIGHT, guild: account.guildName }),
    ])
    expect(recap.text).toContain(
      `- ${tr(emailPt.notify.awardWithNote, { item: SWORD, player: WINNER, note: NOTE })}`,
    )
    expect(recap.text).toContain(emailPt.notify.whyLoot)
    // One reminder for the night ahead and one recap: nothing sent twice by the loop's rounds.
    const notices = inbox.mails.filter(
      (m) => m.to.includes(account.email.toLowerCase()) && m.text.includes('/unsubscribe?'),
    )
    expect(notices).toHaveLength(2)

    // The recap's unsubscribe link, opened in the browser: it asks first, then turns loot e-mails off.
    const unsubscribe = recap.text.match(/https?:\/\/\S+\/notifications\/unsubscribe\?\S+/)![0]
    expect(unsubscribe).toContain('switch=loot')
    await page.goto(unsubscribe)
    await page.getByText(tr(emailPt.unsubscribe.confirmLoot, { name: account.displayName })).waitFor()
    await page.getByRole('button', { name: emailPt.unsubscribe.confirmAction }).click()
    await page.getByRole('status').getByText(emailPt.unsubscribe.doneLoot).waitFor()
    await page.getByRole('link', { name: emailPt.unsubscribe.settingsAction }).click()
    await page.waitForURL(/\/dashboard\/settings$/)
    // The settings page shows loot notifications off, the other two still on.
    await expect.poll(() => switches(page)).toEqual([true, true, false])
  }, 90_000)
})
