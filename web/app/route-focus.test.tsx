import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { type ReactElement, useEffect, useState } from 'react'
import { Link, Outlet, useSearchParams } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderRoutes } from '@web/test/render'
import { RouteFocus } from './route-focus'
import { routes } from './routes'

// An outside keyboard test (2026-12-07): Enter on an event's name in the list opened its page with focus on
// <body>; a screen reader said nothing, and the next Tab went on from the list's old spot.

/** A shell as the dashboard's and the public page's: a header link, then the page in main#main-content. */
function Shell() {
  return (
    <>
      <Link to="/events">Eventos</Link>
      <main id="main-content" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}

function EventsList() {
  const [params, setParams] = useSearchParams()
  return (
    <>
      <h1>Eventos</h1>
      <button type="button" onClick={() => setParams({ tab: 'past' })}>
        Passados {params.get('tab')}
      </button>
      <Link to="/events/1">Raid de quinta</Link>
    </>
  )
}

/** A page whose heading comes with its data, a moment after it opens. */
function EventPage() {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 30)
    return () => clearTimeout(timer)
  }, [])
  return loaded ? (
    <>
      <h1>Raid de quinta</h1>
      <button type="button">Editar</button>
    </>
  ) : (
    <p>Carregando</p>
  )
}

function open(initial: string) {
  return renderRoutes(
    [
      {
        element: <RouteFocus />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: '/events', element: <EventsList /> },
              { path: '/events/:id', element: <EventPage /> },
            ],
          },
        ],
      },
    ],
    initial,
  )
}

const main = () => document.getElementById('main-content')

describe('focus after a change of page', () => {
  it('is left alone on the first page', async () => {
    open('/events')
    await screen.findByRole('heading', { name: 'Eventos' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(document.activeElement).toBe(document.body)
  })

  it("goes to the new page's main, then to its heading once drawn", async () => {
    open('/events')
    const link = await screen.findByRole('link', { name: 'Raid de quinta' })
    link.focus()
    fireEvent.click(link)
    await waitFor(() => expect(document.activeElement).toBe(main()))
    const heading = await screen.findByRole('heading', { name: 'Raid de quinta' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })

  it("goes to the page's heading at once when it is drawn with the page, also from a link outside main", async () => {
    open('/events/1')
    await screen.findByRole('heading', { name: 'Raid de quinta' })
    const header = screen.getByRole('link', { name: 'Eventos' })
    header.focus()
    fireEvent.click(header)
    const heading = await screen.findByRole('heading', { name: 'Eventos' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })

  it('stays where the screen put it on a change of only the query (a tab, a filter)', async () => {
    const { router } = open('/events')
    const tab = await screen.findByRole('button', { name: /Passados/ })
    tab.focus()
    fireEvent.click(tab)
    await waitFor(() => expect(router.state.location.search).toBe('?tab=past'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(document.activeElement).toBe(tab)
    await act(() => router.navigate('/events?tab=next'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(document.activeElement).toBe(tab)
  })

  it('is the root of every route, the dashboard and the public guild pages alike', () => {
    expect((routes[0]!.element as ReactElement).type).toBe(RouteFocus)
  })
})
