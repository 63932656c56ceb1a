import { useParams } from 'react-router'
import { PlayerStandingPage } from '@web/features/players/components/player-standing-page'

export function Component() {
  const { id = '' } = useParams()
  return <PlayerStandingPage id={id} />
}
