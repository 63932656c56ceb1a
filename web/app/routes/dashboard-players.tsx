import { PlayersPage } from '@web/features/players/components/players-page'

export function Component() {
  return <PlayersPage />
}
