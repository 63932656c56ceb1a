import { lazy, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import type { Item } from '@contract/items'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs'
import { useAddEditTarget } from '@web/hooks/use-add-edit-target'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { useDeleteItem } from '../api/delete-item'
import { useItems } from '../api/get-items'
import { useUpdateItem } from '../api/update-item'
import { ConfirmRowDialog, useRowToConfirm } from '@web/components/confirm-row-dialog'
import { ItemsPageSkeleton } from './items-page-skeleton'
import { ItemsTab } from './items-tab'
import { SummaryCards } from './summary-cards'
import { DashboardPage, ListLoadProblem } from '@web/components/layout/page-states'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { OnceShown } from '@web/components/once-shown'

const ItemFormDialog = lazy(() => import('./item-form-dialog').then((m) => ({ default: m.ItemFormDialog })))

type Tab = 'items' | 'queues'

/** What the queues feature shows on this page; the route (web/app) composes the two features. */
export type QueuesTabProps = { items: Item[]; selected: Item | null; onSelect: (item: Item) => void }
type Props = {
  /** Shown beside the title once the items have loaded. */
  actions: ReactNode
  queuesTab: (props: QueuesTabProps) => ReactNode
}

export function ItemsPage({ actions, queuesTab }: Props) {
  const { t } = useTranslation('items')
  usePageTitle(t('title'))
  const { data: items, error, isPending, refetch } = useItems()
  const updateItem = useUpdateItem()
  const deleteItem = useDeleteItem()
  // Tab and selected item live in the address, so a reload or a shared link shows the same queue.
  const [params, setParams] = useSearchParams()
  const tab: Tab = params.get('tab') === 'queues' ? 'queues' : 'items'
  const selected = items?.find((item) => item.id === params.get('item')) ?? null
  const editing = useAddEditTarget<Item>()
  const deleting = useRowToConfirm<Item>()
  const noGuild = errorCode(error) === 'NO_GUILD'

  useErrorToast(noGuild ? null : error, t('toast.loadError'))

  // "Open queue" swaps the tab its button is in for the queues tab: focus goes to that tab's panel, not to
  // <body>, where Tab would start again at the page's top. The panel is always in the page, hidden until its
  // tab is chosen; Radix shows it in a render of its own, hence the frame's wait.
  const queuesPanel = useRef<HTMLDivElement>(null)
  const [focusQueues, setFocusQueues] = useState(false)
  useEffect(() => {
    if (!focusQueues || tab !== 'queues') return
    setFocusQueues(false)
    requestAnimationFrame(() => queuesPanel.current?.focus())
  }, [focusQueues, tab])

  // Choosing a tab or an item is a step of its own in the browser's history: Back returns to the tab or
  // item before (an outside test: Back from a queue left the page, as each choice replaced the last). Only
  // a deleted item's going away replaces the entry: Back should not lead to a queue no longer there.
  // The same choice again adds no step. A press on a tab calls it twice before the page is drawn again (Radix
  // Tabs chooses on mouse down and again on focus): the address last asked for is what a choice is weighed
  // against, not the one this render shows.
  const asked = useRef(params.toString())
  useLayoutEffect(() => {
    asked.current = params.toString()
  }, [params])
  const navigate = (next: { tab?: Tab; item?: string | null }, { replace = false } = {}) => {
    const updated = new URLSearchParams(asked.current)
    if (next.tab) updated.set('tab', next.tab)
    if (next.item === null) updated.delete('item')
    else if (next.item) updated.set('item', next.item)
    if (updated.toString() === asked.current) return
    asked.current = updated.toString()
    setParams(updated, { replace })
  }

  const toggleVisible = (item: Item, visible: boolean) => {
    updateItem.mutate(
      { id: item.id, isPublicVisible: visible },
      {
        onSuccess: () => toast.success(visible ? t('toast.visible') : t('toast.hidden')),
        onError: (mutationError) => handleError(mutationError, t('toast.errorTitle')),
      },
    )
  }

  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} actions={items && actions} width="full">
      {error ? (
        <ListLoadProblem ns="items" noGuild={noGuild} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ItemsPageSkeleton />
      ) : (
        <>
          <SummaryCards />
          <Tabs value={tab} onValueChange={(value) => navigate({ tab: value as Tab })}>
            <TabsList>
              <TabsTrigger value="items">{t('tabs.items')}</TabsTrigger>
              <TabsTrigger value="queues">{t('tabs.queues')}</TabsTrigger>
            </TabsList>
            <TabsContent value="items">
              <ItemsTab
                items={items}
                selectedId={selected?.id ?? null}
                onSelect={(item) => navigate({ item: item.id })}
                onOpenQueue={(item) => {
                  navigate({ tab: 'queues', item: item.id })
                  setFocusQueues(true)
                }}
                onToggleVisible={toggleVisible}
                onAdd={editing.add}
                onEdit={editing.edit}
                onDelete={deleting.ask}
              />
            </TabsContent>
            <TabsContent value="queues" ref={queuesPanel}>
              {queuesTab({ items, selected, onSelect: (item) => navigate({ item: item.id }) })}
            </TabsContent>
          </Tabs>
        </>
      )}

      <OnceShown shown={editing.target !== null}>
        <ItemFormDialog target={editing.target} onClose={editing.close} />
      </OnceShown>
      <ConfirmRowDialog
        texts="items:delete"
        asking={deleting}
        action={deleteItem}
        // A deleted item's queue is no longer there to show.
        onDone={(item) => selected?.id === item.id && navigate({ item: null }, { replace: true })}
      />
    </DashboardPage>
  )
}
