import { PageTitleOnly } from '@web/components/layout/page-title-only'

export function Component() {
  return <PageTitleOnly titleKey="nav.items" />
}
