import { projectModerationStatuses, STATUS_REASON_MAX, type AdminProjectDetail, type ProjectModerationStatus } from '@mihna/shared';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatAmount, formatNumber, languageOf } from '../../../lib/format.ts';
import { useJobBudget } from '../../../lib/use-job-budget.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useProjectDetail, useSetProjectStatus } from '../api/admin-api.ts';
import { useFailureText } from './console-ui.tsx';
import { stateTone, statusTone } from './status-tones.ts';

/** The share buttons' addresses for a public page (admin spec §2: each opens in a new window). */
export function shareLinks(url: string, title: string) {
  const address = encodeURIComponent(url);
  return {
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
    twitter: `https://twitter.com/intent/tweet?url=${address}&text=${encodeURIComponent(title)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${address}`,
  };
}

/**
 * Admin spec §2 Projects' detail modal: title, employer, budget, proposals, status, description and
 * the employer's details; the manage-project select (Reactivate, Suspend, Block, Remove) with its
 * reason, the share buttons and a close button.
 */
export function ProjectDetailDialog({ id, canModerate, onClose }: { id: string | undefined; canModerate: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const project = useProjectDetail(id);
  return (
    <Dialog
      isOpen={id !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={project.data ? project.data.title || t('common.no_title') : t('projects.title')}
      closeLabel={t('common.close')}
      size="lg"
    >
      {project.isPending ? <Spinner label={t('common.loading')} className="py-8" /> : null}
      {project.isError ? <Alert tone="error">{t('projects.detail_failed')}</Alert> : null}
      {project.data ? <ProjectDetail project={project.data} canModerate={canModerate} /> : null}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Dialog>
  );
}

function ProjectDetail({ project, canModerate }: { project: AdminProjectDetail; canModerate: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const formatJobBudget = useJobBudget();
  const publicUrl = `${window.location.origin}${project.public_url}`;
  const links = shareLinks(publicUrl, project.title);
  const share = (url: string) => window.open(url, '_blank', 'noopener,noreferrer,width=640,height=560');
  const row = 'flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm';
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={stateTone[project.status]}>{t(`status.${project.status}`)}</Badge>
        {project.moderation_status !== 'active' ? <Badge tone="neutral">{t(`status.${project.project_status}`)}</Badge> : null}
        {project.is_featured ? <Badge tone="featured">{t('projects.featured')}</Badge> : null}
      </div>
      {project.moderation_reason ? (
        <p className="text-sm text-slate-700" dir="auto">
          {t('projects.taken_down_reason', { reason: project.moderation_reason })}
        </p>
      ) : null}
      <dl className="divide-y divide-slate-100">
        <div className={row}>
          <dt className="text-slate-500">{t('projects.employer')}</dt>
          <dd dir="auto">{project.employer_name || t('common.unknown_employer')}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('projects.budget')}</dt>
          <dd className="tabular-nums">{formatJobBudget(project)}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-500">{t('projects.proposals')}</dt>
          <dd className="tabular-nums">{formatNumber(project.proposals_count, language)}</dd>
        </div>
        {project.assigned_professional_name ? (
          <div className={row}>
            <dt className="text-slate-500">{t('projects.hired')}</dt>
            <dd dir="auto">{project.assigned_professional_name}</dd>
          </div>
        ) : null}
      </dl>
      <section>
        <h3 className="font-semibold text-slate-950">{t('projects.description')}</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700" dir="auto">
          {project.description || t('projects.no_description')}
        </p>
      </section>
      {project.payment ? <ProjectPayment payment={project.payment} /> : null}
      <section>
        <h3 className="font-semibold text-slate-950">{t('projects.employer_info')}</h3>
        <dl className="mt-1 divide-y divide-slate-100">
          <div className={row}>
            <dt className="text-slate-500">{t('users.name')}</dt>
            <dd dir="auto">{project.employer_info.name || t('common.no_name')}</dd>
          </div>
          <div className={row}>
            <dt className="text-slate-500">{t('projects.email')}</dt>
            <dd dir="ltr">{project.employer_info.email}</dd>
          </div>
          <div className={row}>
            <dt className="text-slate-500">{t('projects.company')}</dt>
            <dd dir="auto">{project.employer_info.company || t('common.na')}</dd>
          </div>
          <div className={row}>
            <dt className="text-slate-500">{t('projects.account_status')}</dt>
            <dd>
              <Badge tone={statusTone[project.employer_info.account_status]}>{t(`status.${project.employer_info.account_status}`)}</Badge>
            </dd>
          </div>
        </dl>
      </section>
      {canModerate ? <ManageProject project={project} /> : null}
      <section className="flex flex-wrap items-center gap-2">
        <h3 className="me-2 text-sm font-semibold text-slate-950">{t('projects.share')}</h3>
        <Button size="sm" variant="secondary" onClick={() => share(links.linkedin)}>
          {t('projects.share_linkedin')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => share(links.twitter)}>
          {t('projects.share_twitter')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => share(links.facebook)}>
          {t('projects.share_facebook')}
        </Button>
        <a
          href={project.public_url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary-strong hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('projects.open_public')}
        </a>
      </section>
    </div>
  );
}

/** Where the project's money stands, as both parties see it: held, released, refunded, and each milestone, split ones saying so. */
function ProjectPayment({ payment }: { payment: NonNullable<AdminProjectDetail['payment']> }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const money = (amount: number) => formatAmount(amount, payment.currency, language);
  const figures = [
    { label: t('projects.payment_held'), value: payment.held_amount },
    { label: t('projects.payment_released'), value: payment.released_amount },
    { label: t('projects.payment_refunded'), value: payment.refunded_amount },
  ];
  return (
    <section aria-labelledby="project-payment">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="project-payment" className="font-semibold text-slate-950">
          {t('projects.payment')}
        </h3>
        <Badge>{t(`payment_statuses.${payment.payment_status}`)}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-500">{figure.label}</dt>
            <dd className="text-sm font-semibold tabular-nums">{money(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-2 divide-y divide-slate-100">
        {payment.milestones.map((milestone) => (
          <li key={milestone.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span dir="auto">{milestone.title}</span>
            <span className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">{money(milestone.amount)}</span>
              <Badge>{t(`milestone_statuses.${milestone.status}`)}</Badge>
              {milestone.status === 'split' ? (
                <span className="text-xs text-slate-600">
                  {t('projects.payment_split', { released: money(milestone.released_amount), refunded: money(milestone.refunded_amount) })}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The manage-project select and its reason; the server's message is shown on success (§2). */
function ManageProject({ project }: { project: AdminProjectDetail }) {
  const { t } = useTranslation('admin');
  const translate = useValidationMessage();
  const failureText = useFailureText();
  const change = useSetProjectStatus();
  const [status, setStatus] = useState<ProjectModerationStatus | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  useEffect(() => {
    setStatus('');
    setReason('');
    setNotice(undefined);
  }, [project.id]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!status) return setError(t('projects.choose_action'));
    if (!reason.trim()) return setError(t('users.reason_required'));
    setError(undefined);
    change.mutate(
      { id: project.id, status, reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          setNotice({ tone: 'success', text: translate(message) ?? message });
          setStatus('');
          setReason('');
        },
        onError: (failure) => setNotice({ tone: 'error', text: failureText(failure, t('projects.status_failed')) }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" noValidate>
      <h3 className="font-semibold text-slate-950">{t('projects.manage')}</h3>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Field label={t('projects.manage')}>
          {(props) => (
            <OptionSelect
              {...props}
              value={status}
              onChange={(event) => setStatus(event.target.value as ProjectModerationStatus | '')}
              placeholder={t('projects.choose_action')}
              options={projectModerationStatuses
                .filter((value) => value !== project.moderation_status)
                .map((value) => ({ value, label: t(`projects.action_${value}`) }))}
            />
          )}
        </Field>
        <Field label={t('projects.reason')} error={error}>
          {(props) => (
            <Textarea
              {...props}
              rows={2}
              dir="auto"
              maxLength={STATUS_REASON_MAX}
              placeholder={t('projects.reason_hint')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending} variant={status === 'removed' || status === 'blocked' ? 'danger' : 'primary'}>
          {t('projects.apply')}
        </Button>
      </div>
    </form>
  );
}
