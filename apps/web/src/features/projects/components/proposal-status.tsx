import type { ProposalStatus } from '@mihna/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from './job-badges.tsx';

const tones = { pending: 'info', accepted: 'positive', not_selected: 'neutral', withdrawn: 'neutral' } as const;

/** A proposal's status as both sides read it: Pending, Accepted, Not selected, Withdrawn. */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const { t } = useTranslation('projects');
  return <Badge tone={tones[status]}>{t(`proposal_statuses.${status}`)}</Badge>;
}
