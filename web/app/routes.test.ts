import { describe, expect, it } from 'vitest'
import { SITE_PAGES, sitePath } from '@web/lib/site-language'
import { routePatterns } from './routes'

describe('the route table', () => {
  it('has a route for every address of the site in both languages, and the table lists them for the server', () => {
    const patterns = routePatterns()
    for (const page of SITE_PAGES) {
      expect(patterns).toContain(sitePath(page, 'pt'))
      expect(patterns).toContain(sitePath(page, 'en'))
    }
    expect(patterns).toContain('/dashboard')
    expect(patterns).toContain('/dashboard/players/:id')
    expect(patterns).toContain('/guilds/:slug/players/:playerId')
    expect(patterns).not.toContain('*')
  })
})
