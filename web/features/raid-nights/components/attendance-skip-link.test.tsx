import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { DashboardShell } from '@web/components/layout/dashboard/dashboard-shell'
import { me } from '@web/test/factories'
import { loadTexts, renderRoutes, stubViewport } from '@web/test/render'
import { EventPage } from './event-page'
import { NIGHT_ID, nightDetail, rosterOf, serveNights } from './raid-nights.test-support'

// An outside tester filling attendance "during the first pull" needed about 25 Tabs from the top of a raid
// night's page to reach the grid (sidebar, header, the night's buttons, prefill, filter). A skip link right
// after the dashboard's own takes the keyboard to the first row; e2e/a11y.e2e.ts counts the Tabs in a browser.

const texts = {
  pt: {
    content: 'Pular para o conteúdo',
    attendance: 'Pular para a presença',
    list: 'Presença dos jogadores',
    present: 'Presente',
  },
  en: {
    content: 'Skip to content',
    attendance: 'Skip to attendance',
    list: "Players' attendance",
    present: 'Present',
  },
} as const

/** The night's page inside the dashboard, as the route table mounts it, for a member reading `language`. */
async function openNightInDashboard(language: 'pt' | 'en') {
  const reader = me()
  serveNights({
    who: { ...reader, profile: { ...reader.profile!, language } },
    nights: [nightDetail({ attendanceRows: rosterOf(40) })],
  })
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: <DashboardShell />,
        children: [{ path: 'events/:id', element: <EventPage id={NIGHT_ID} /> }],
      },
    ],
    `/dashboard/events/${NIGHT_ID}`,
  )
  await screen.findByRole('list', { name: texts[language].list })
}

/** The Tab stops in document order (nothing here sets a positive tabindex). */
const tabStops = () =>
  [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'),
  )

describe.each(['pt', 'en'] as const)('the attendance skip link (%s)', (language) => {
  const words = texts[language]
  beforeEach(async () => {
    stubViewport(false)
    await loadTexts(['dashboard', 'events'], language)
  })

  it("is the second Tab stop, after the dashboard's own, and lands on the first row, where the keys mark", async () => {
    await openNightInDashboard(language)
    const [first, second] = tabStops()
    expect(first?.textContent).toBe(words.content)
    expect(second?.textContent).toBe(words.attendance)
    expect(second?.tagName).toBe('A')

    // Enter on a link is its click.
    second!.focus()
    fireEvent.click(second!)
    const firstRow = screen.getByRole('group', { name: 'Jogador 01' })
    expect(firstRow.contains(document.activeElement)).toBe(true)
    expect((document.activeElement as HTMLInputElement).checked).toBe(true)
    // The grid's own keys from there: a digit marks the row and moves down.
    fireEvent.keyDown(document.activeElement!, { key: '1' })
    expect(within(firstRow).getByRole('radio', { name: words.present })).toHaveProperty('checked', true)
    expect(screen.getByRole('group', { name: 'Jogador 02' }).contains(document.activeElement)).toBe(true)
  })

  it('lands on the name filter when it hides every row', async () => {
    await openNightInDashboard(language)
    const filter = screen.getByRole('searchbox')
    fireEvent.change(filter, { target: { value: 'zz' } })
    expect(screen.queryByRole('list', { name: words.list })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: words.attendance }))
    expect(document.activeElement).toBe(filter)
  })
})
