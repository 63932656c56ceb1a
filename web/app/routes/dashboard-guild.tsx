import { GuildPage } from '@web/features/guild/components/guild-page'

export function Component() {
  return <GuildPage />
}
