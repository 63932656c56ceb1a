import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../app/styles.css'
import { PublicApp } from './public-app'
import { initI18n } from './texts'

// The entry of /guilds/:slug and /guilds/:slug/players/:playerId (docs/decisions/013-public-page-entry.md):
// React, the public pages and their shared pieces, without the app's router, i18next or dashboard code.
const root = createRoot(document.getElementById('root')!)
/** Every 5 s until the texts arrive (each file was already tried 5 times): never a page of keys. */
const RETRY_START_MS = 5000
function start() {
  initI18n().then(
    () =>
      root.render(
        <StrictMode>
          <PublicApp />
        </StrictMode>,
      ),
    () => setTimeout(start, RETRY_START_MS),
  )
}
start()
