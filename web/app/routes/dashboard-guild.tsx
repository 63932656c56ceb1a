import { GuildPage } from '@web/features/guild/components/guild-page'
import { ImportCard } from '@web/features/imports/components/import-card'

// Features never import each other: the route puts the import card on the guild page.
export function Component() {
  return <GuildPage adminTools={<ImportCard />} />
}
