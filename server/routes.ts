import { accountsRouter } from './modules/accounts/accounts.routes'
import { billingRouter } from './modules/billing/billing.routes'
import { liveUpdatesRouter } from './modules/live-updates/live-updates.routes'
import { guildsRouter } from './modules/guilds/guilds.routes'
import { publicVisibilityRouter } from './modules/guilds/public-visibility.routes'
import { healthRouter } from './modules/health/health.routes'
import { historyRouter } from './modules/history/history.routes'
import { importsRouter } from './modules/imports/imports.routes'
import { integrationsRouter } from './modules/integrations/integrations.routes'
import { itemsRouter } from './modules/items/items.routes'
import { meRouter } from './modules/me/me.routes'
import { membersRouter } from './modules/members/members.routes'
import { unsubscribeRouter } from './modules/notifications/unsubscribe.routes'
import { overviewRouter } from './modules/overview/overview.routes'
import { playerStandingRouter } from './modules/players/player-standing.routes'
import { playersRouter } from './modules/players/players.routes'
import { publicPlayerRouter } from './modules/public/public-player.routes'
import { publicRouter } from './modules/public/public.routes'
import { queueReadsRouter } from './modules/queue-reads/queue-reads.routes'
import { queuesRouter } from './modules/queues/queues.routes'
import { calendarRouter } from './modules/raid-nights/calendar.routes'
import { raidNightsRouter } from './modules/raid-nights/raid-nights.routes'
import { ranksRouter } from './modules/ranks/ranks.routes'

// Every module router, mounted under /api/v1. Add a module here and nowhere else.
export const moduleRouters = [
  healthRouter,
  accountsRouter,
  historyRouter,
  meRouter,
  guildsRouter,
  publicVisibilityRouter,
  importsRouter,
  publicRouter,
  // After publicRouter, whose middleware (slug check, no-store) covers it.
  publicPlayerRouter,
  liveUpdatesRouter,
  playersRouter,
  playerStandingRouter,
  itemsRouter,
  // Before the queues router: it answers that router's queue read from the cache.
  queueReadsRouter,
  queuesRouter,
  overviewRouter,
  raidNightsRouter,
  calendarRouter,
  ranksRouter,
  membersRouter,
  billingRouter,
  integrationsRouter,
  unsubscribeRouter,
]
