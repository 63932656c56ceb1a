import { useParams } from 'react-router'
import { PublicGuildPage } from '@web/features/public-guild/components/public-guild-page'

// Its own chunk (lazy route): a raider on a phone downloads only the gate and the queues.
export function Component() {
  const { slug = '' } = useParams()
  return <PublicGuildPage slug={slug} />
}
