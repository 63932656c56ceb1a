import { Mail, Plus, Users } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Invitation, Member } from '@contract/members'
import { LoadErrorAlert, NoGuildAlert, DashboardPage } from '@web/components/layout/page-states'
import { PremiumTeaser } from '@web/components/layout/premium-teaser'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { ConfirmRowDialog, useRowToConfirm } from '@web/components/confirm-row-dialog'
import { SectionCard } from '@web/components/section-card'
import { Skeleton } from '@web/components/ui/skeleton'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useMe } from '@web/lib/session'
import { useCancelInvitation } from '../api/cancel-invitation'
import { useMembers } from '../api/get-members'
import { useRemoveMember } from '../api/remove-member'
import { useOpenExtraInviteCheckout } from '../hooks/use-open-extra-invite-checkout'
import { usePaymentReturn } from '../hooks/use-payment-return'
import { BuyInviteButton } from './buy-invite-button'
import { EditMemberDialog } from './edit-member-dialog'
import { InvitationsTable } from './invitations-table'
import { InviteDialog } from './invite-dialog'
import { InviteSlots } from './invite-slots'
import { MembersTable } from './members-table'
import { useToggleActive } from '../hooks/use-toggle-active'
import { useErrorToast } from '@web/hooks/use-error-toast'

/**
 * Admins of a guild with an active subscription or live trial manage its users; without one they still see
 * them and can cut access, a safety action rather than a Pro feature (docs/product-rules.md, "Screens").
 */
export function UsersPage() {
  const { t } = useTranslation('users')
  usePageTitle(t('title'))
  usePaymentReturn()
  const me = useMe()
  const isAdmin = me.data?.profile?.role === 'guild_admin'
  const proAllowed = Boolean(me.data?.subscription?.allowed)
  // Ask the server only when it can answer; it still decides (403 below), this saves a refusal.
  const members = useMembers(Boolean(me.data?.guild) && isAdmin)
  const code = errorCode(members.error)

  let body: ReactNode
  if (me.isPending) body = <LoadingRows label={t('loading')} />
  else if (!me.data?.guild || code === 'NO_GUILD') body = <NoGuildAlert ns="users" />
  else if (!isAdmin || code === 'FORBIDDEN') body = <AdminOnly />
  // A server that still gates the list (an older one while the app is updated) leaves only the teaser.
  else if (code === 'SUBSCRIPTION_REQUIRED') body = <PremiumTeaser ns="users" />
  else body = <ManageUsers query={members} proAllowed={proAllowed} />

  return (
    <DashboardPage
      title={t('title')}
      subtitle={t('subtitle')}
      width="wide"
      className="grid-cols-[minmax(0,1fr)]"
    >
      {body}
    </DashboardPage>
  )
}

function AdminOnly() {
  const { t } = useTranslation('users')
  return (
    <Alert data-testid="users-admin-only">
      <AlertTitle>{t('adminOnly.title')}</AlertTitle>
      <AlertDescription>{t('adminOnly.text')}</AlertDescription>
    </Alert>
  )
}

function LoadingRows({ label }: { label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}

type ManageProps = {
  query: ReturnType<typeof useMembers>
  /** Without Pro only the actions that cut access are offered: cancel, deactivate, remove. */
  proAllowed: boolean
}

function ManageUsers({ query, proAllowed }: ManageProps) {
  const { t } = useTranslation('users')
  const { data, error, isPending, refetch } = query
  const [inviting, setInviting] = useState(false)
  const cancelling = useRowToConfirm<Invitation>()
  const [editing, setEditing] = useState<Member | null>(null)
  const removing = useRowToConfirm<Member>()
  const deactivating = useRowToConfirm<Member>()
  const checkout = useOpenExtraInviteCheckout()
  const toggle = useToggleActive()
  const cancelInvitation = useCancelInvitation()
  const removeMember = useRemoveMember()

  useErrorToast(error, t('toast.loadError'))

  if (error && !data) {
    return (
      <LoadErrorAlert
        title={t('toast.loadError')}
        help={t('loadErrorHelp')}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    )
  }
  if (isPending) return <LoadingRows label={t('loading')} />

  return (
    <>
      {!proAllowed && <PremiumTeaser ns="users" />}
      <SectionCard
        icon={<Mail className="size-5" aria-hidden />}
        title={t('invitations.title')}
        description={t('invitations.description')}
        action={
          proAllowed && (
            <div className="flex flex-wrap gap-2">
              <BuyInviteButton onBuy={checkout.open} buying={checkout.isPending} />
              <Button onClick={() => setInviting(true)}>
                <Plus aria-hidden />
                {t('actions.invite')}
              </Button>
            </div>
          )
        }
        contentClassName="grid gap-4"
      >
        <InviteSlots slots={data.slots} />
        <InvitationsTable invitations={data.invitations} onCancel={cancelling.ask} />
      </SectionCard>

      <SectionCard
        icon={<Users className="size-5" aria-hidden />}
        title={t('members.title')}
        // Who can sign in: a deactivated member is listed but has no access.
        description={t('members.description', { count: activeCount(data.members) })}
      >
        <MembersTable
          members={data.members}
          onlyCutAccess={!proAllowed}
          busyId={toggle.busyId}
          onEdit={setEditing}
          onToggleActive={(member) => (member.isActive ? deactivating.ask(member) : toggle.activate(member))}
          onRemove={removing.ask}
        />
      </SectionCard>

      <InviteDialog
        open={inviting}
        onOpenChange={setInviting}
        slots={data.slots}
        onBuy={checkout.open}
        buying={checkout.isPending}
      />
      <ConfirmRowDialog texts="users:cancelInvite" asking={cancelling} action={cancelInvitation} />
      <EditMemberDialog member={editing} onClose={() => setEditing(null)} />
      <ConfirmRowDialog texts="users:remove" asking={removing} action={removeMember} />
      {/* The member's row stays (listed as inactive): focus goes back to it, the row now in its own place. */}
      <ConfirmRowDialog texts="users:deactivate" asking={deactivating} action={toggle.deactivate} />
    </>
  )
}

const activeCount = (members: Member[]) => members.filter((member) => member.isActive).length
