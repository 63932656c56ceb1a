import { accountsRouter } from './modules/accounts/accounts.routes'
import { eventsRouter } from './modules/events/events.routes'
import { guildsRouter } from './modules/guilds/guilds.routes'
import { healthRouter } from './modules/health/health.routes'
import { historyRouter } from './modules/history/history.routes'
import { meRouter } from './modules/me/me.routes'
import { publicRouter } from './modules/public/public.routes'

// Every module router, mounted under /api/v1. Add a module here and nowhere else.
export const moduleRouters = [healthRouter, accountsRouter, historyRouter, meRouter, guildsRouter, publicRouter, eventsRouter]
