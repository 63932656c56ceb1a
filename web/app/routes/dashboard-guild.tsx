import { GuildPage } from '@web/features/guild/components/guild-page'
import { ImportCard } from '@web/features/imports/components/import-card'
import { NightSettingsCard } from '@web/features/raid-nights/components/night-settings-card'
import { RanksCard } from '@web/features/ranks/components/ranks-card'

// Features never import each other: the route puts the ranks, the raid nights' settings and the import card on
// the guild page.
export function Component() {
  return (
    <GuildPage
      sections={(isAdmin) => (
        <>
          <RanksCard isAdmin={isAdmin} />
          <NightSettingsCard isAdmin={isAdmin} />
        </>
      )}
      adminTools={<ImportCard />}
    />
  )
}
