import { useParams } from 'react-router'
import { PublicGuildPage } from '@web/features/public-guild/components/public-guild-page'

// The player's public page: the guild's gate, then the player (its own chunk, like the guild page).
export function Component() {
  const { slug = '', playerId = '' } = useParams()
  return <PublicGuildPage slug={slug} playerId={playerId} />
}
