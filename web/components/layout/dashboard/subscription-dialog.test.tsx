import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadTexts, renderPage } from '@web/test/render'
import { me } from '@web/test/factories'
import { SubscriptionDialog } from './subscription-dialog'

const CANCELED = { status: 'canceled' as const, isTrialing: false, isExpired: true, allowed: false }
const ACTIVE = { status: 'active' as const, isTrialing: false, isExpired: false, allowed: true }

beforeAll(() => loadTexts(['dashboard']))
beforeEach(() => window.localStorage.clear())

const title = () => screen.queryByRole('heading', { name: 'Assinatura cancelada' })

describe('the canceled-subscription dialog', () => {
  it("stays closed on later page loads after 'Agora não', and comes back for a later cancellation", async () => {
    const first = renderPage(<SubscriptionDialog me={me({}, CANCELED)} />, '/dashboard')
    expect(await screen.findByRole('heading', { name: 'Assinatura cancelada' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Agora não' }))
    await waitFor(() => expect(title()).toBeNull())
    first.unmount()

    // A new page load, same guild, still canceled: not again.
    const reload = renderPage(<SubscriptionDialog me={me({}, CANCELED)} />, '/dashboard')
    expect(title()).toBeNull()
    reload.unmount()

    // Subscribed again (Pro), then cancelled again: the new cancellation is shown.
    renderPage(<SubscriptionDialog me={me({}, ACTIVE)} />, '/dashboard').unmount()
    renderPage(<SubscriptionDialog me={me({}, CANCELED)} />, '/dashboard')
    expect(await screen.findByRole('heading', { name: 'Assinatura cancelada' })).toBeTruthy()
  })

  it("remembers the dismissal per guild: another guild's cancellation still shows", async () => {
    renderPage(<SubscriptionDialog me={me({}, CANCELED)} />, '/dashboard')
    fireEvent.click(await screen.findByRole('button', { name: 'Agora não' }))
    await waitFor(() => expect(title()).toBeNull())
    const other = me({}, CANCELED)
    other.guild = { ...other.guild!, id: 'another-guild' }
    renderPage(<SubscriptionDialog me={other} />, '/dashboard')
    expect(await screen.findByRole('heading', { name: 'Assinatura cancelada' })).toBeTruthy()
  })
})
