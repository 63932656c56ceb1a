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
        nameColumn(t('invitations.columns.email'), (invitation: Invitation) => (
          <>
            <div className="max-w-48 truncate sm:max-w-64">{invitation.email}</div>
            {/* On a phone the name and status move under the e-mail, so the cancel button stays in view. */}
            <div className="max-w-48 truncate text-xs font-normal text-muted-foreground sm:hidden">
              {invitation.displayName}
            </div>
            <div className="mt-1 sm:hidden">
              <InvitationStatusBadge invitation={invitation} />
            </div>
          </>
        )),
        {
          label: t('invitations.columns.displayName'),
          className: 'hidden sm:table-cell',
          cellClassName: 'max-w-48 truncate',
          cell: (invitation) => invitation.displayName,
        },
        {
          label: t('invitations.columns.status'),
          className: 'hidden sm:table-cell',
          cell: (invitation) => <InvitationStatusBadge invitation={invitation} />,
        },
        dateColumn(
          t('invitations.columns.sentAt'),
          (invitation: Invitation) => invitation.createdAt,
          'hidden md:table-cell',
        ),
        {
          label: t('invitations.columns.expiresAt'),
          className: 'hidden md:table-cell',
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
