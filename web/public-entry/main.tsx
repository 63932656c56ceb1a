import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../app/styles.css'
import { PublicApp } from './public-app'
import { initI18n } from './texts'

// The entry of /guilds/:slug and /guilds/:slug/players/:playerId (docs/decisions/013-public-page-entry.md):
// React, the public pages and their shared pieces, without the app's router, i18next or dashboard code.
const root = createRoot(document.getElementById('root')!)
void initI18n().then(() =>
  root.render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  ),
)
