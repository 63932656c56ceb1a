import { ItemsPage } from '@web/features/items/components/items-page'

export function Component() {
  return <ItemsPage />
}
