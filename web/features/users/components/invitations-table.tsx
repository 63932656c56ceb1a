import { MailPlus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Invitation } from '@contract/members'
import { DataTable } from '@web/components/data-table'
import { dateColumn, nameColumn } from '@web/components/table-columns'
import { IconButton } from '@web/components/icon-button'
import { formatDate } from '@web/lib/format'
import { EmptyState } from '@web/components/layout/empty-state'
import { InvitationStatusBadge } from './invitation-status-badge'

type Props = { invitations: Invitation[]; onCancel: (invitation: Invitation) => void }

export function InvitationsTable({ invitations, onCancel }: Props) {
  const { t } = useTranslation('users')
  if (invitations.length === 0) {
    return (
      <EmptyState icon={MailPlus} title={t('invitations.empty')} description={t('invitations.emptyHelp')} />
    )
  }
  return (
    <DataTable
      label={t('invitations.title')}
      rows={invitations}
      columns={[
        nameColumn(
          t('invitations.columns.email'),
          (invitation: Invitation) => invitation.email,
          'max-w-64 truncate',
        ),
        {
          label: t('invitations.columns.displayName'),
          cellClassName: 'max-w-48 truncate',
          cell: (invitation) => invitation.displayName,
        },
        {
          label: t('invitations.columns.status'),
          cell: (invitation) => <InvitationStatusBadge invitation={invitation} />,
        },
        dateColumn(t('invitations.columns.sentAt'), (invitation: Invitation) => invitation.createdAt),
        {
          label: t('invitations.columns.expiresAt'),
          cellClassName: 'whitespace-nowrap text-muted-foreground',
          cell: (invitation) => (invitation.status === 'pending' ? formatDate(invitation.expiresAt) : '—'),
        },
        {
          label: t('invitations.columns.actions'),
          className: 'text-right',
          // Only a pending invitation can be cancelled, an expired one too
          // (docs/product-rules.md, "Members and invitations").
          cell: (invitation) =>
            invitation.status === 'pending' && (
              <IconButton
                icon={X}
                destructive
                label={t('invitations.cancelNamed', { email: invitation.email })}
                hint={t('invitations.cancel')}
                onClick={() => onCancel(invitation)}
              />
            ),
        },
      ]}
    />
  )
}
