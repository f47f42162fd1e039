import { adminMay, projectStates, readNumber, type AdminProjectRow, type AdminUser, type ProjectState } from '@mihna/shared';
import { Ban, FolderOpen, Hammer, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { formatNumber, languageOf } from '../../../lib/format.ts';
import { useJobBudget } from '../../../lib/use-job-budget.ts';
import { useReferenceOptions } from '../../../lib/reference-options.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { StatCards } from '../../../components/ui/stat-cards.tsx';
import { useAdminProjects, type ListQuery } from '../api/admin-api.ts';
import { Filters, FilterSelect, panel, SearchField } from './console-ui.tsx';
import { DataTable, type Column } from './data-table.tsx';
import { ProjectDetailDialog } from './project-detail-dialog.tsx';
import { stateTone } from './status-tones.ts';

const sum = (summary: Record<ProjectState, number>, states: readonly ProjectState[]) =>
  states.reduce((total, state) => total + summary[state], 0);

/**
 * Admin spec §2 Projects: filters by status, industry, budget and title (Enter searches), the summary
 * cards, the directory 20 to a page, and a title opens the detail modal where staff manage the project.
 */
export function ProjectsTab({ admin }: { admin: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOf(i18n.language);
  const formatJobBudget = useJobBudget();
  const options = useReferenceOptions();
  const [query, setQuery] = useState<ListQuery>({ skip: 0, limit: 20, sort_by: 'created_at', sort_order: 'desc' });
  const [budget, setBudget] = useState({ min: '', max: '' });
  const projects = useAdminProjects(query);
  const [shownId, setShownId] = useState<string>();
  const filter = (changes: ListQuery) => setQuery((before) => ({ ...before, ...changes, skip: 0 }));
  // Budgets are read as typed (Arabic-Indic digits too) when the field is left or Enter is pressed.
  const applyBudget = (field: 'budget_min' | 'budget_max', text: string) => {
    const value = readNumber(text);
    filter({ [field]: typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined });
  };
  const data = projects.data;
  const titleOf = (project: AdminProjectRow) => project.title || t('common.no_title');
  const columns: Column<AdminProjectRow>[] = [
    {
      header: 'projects.title',
      className: 'max-w-xs',
      cell: (project) => (
        <>
          <button
            type="button"
            className="text-start font-semibold text-primary-strong hover:underline"
            dir="auto"
            onClick={() => setShownId(project.id)}
          >
            {titleOf(project)}
          </button>
          <span className="mt-1 flex flex-wrap gap-1">
            {project.is_featured ? <Badge tone="featured">{t('projects.featured')}</Badge> : null}
            {project.industry_category ? (
              <span className="text-xs text-slate-500">
                {options.industries.find((industry) => industry.value === project.industry_category)?.label}
              </span>
            ) : null}
          </span>
        </>
      ),
    },
    {
      header: 'projects.employer',
      dir: 'auto',
      cell: (project) => (
        <>
          {project.employer_name || t('common.unknown_employer')}
          {project.assigned_professional_name ? (
            <span className="block text-xs text-slate-500">
              {t('projects.hired')}: {project.assigned_professional_name}
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'users.status',
      cell: (project) => (
        <>
          <Badge tone={stateTone[project.status]}>{t(`status.${project.status}`)}</Badge>
          {project.employer_account_status !== 'active' ? (
            <span className="mt-1 block text-xs text-amber-800">
              {t('projects.employer_inactive', { status: t(`status.${project.employer_account_status}`) })}
            </span>
          ) : null}
        </>
      ),
    },
    { header: 'projects.budget', className: 'whitespace-nowrap tabular-nums', cell: (project) => formatJobBudget(project) },
    { header: 'projects.proposals', className: 'tabular-nums', cell: (project) => formatNumber(project.proposal_count, language) },
    {
      header: 'projects.posted',
      className: 'whitespace-nowrap',
      cell: (project) => t('projects.days_ago', { count: project.days_posted, n: formatNumber(project.days_posted, language) }),
    },
  ];

  return (
    <div className="space-y-6">
      {data ? (
        <StatCards
          stats={[
            { label: t('projects.summary_total'), value: formatNumber(data.total, language), icon: FolderOpen },
            { label: t('projects.summary_open'), value: formatNumber(data.summary.open, language), icon: Sparkles },
            {
              label: t('projects.summary_in_work'),
              value: formatNumber(sum(data.summary, ['assigned', 'in_progress']), language),
              note: `${t('projects.summary_completed')}: ${formatNumber(data.summary.completed, language)}`,
              icon: Hammer,
            },
            {
              label: t('projects.summary_taken_down'),
              value: formatNumber(sum(data.summary, ['suspended', 'blocked', 'removed']), language),
              icon: Ban,
            },
          ]}
        />
      ) : null}
      <section className={panel}>
        <Filters className="lg:grid-cols-6">
          <FilterSelect
            label={t('projects.status_filter')}
            name="status"
            query={query}
            options={projectStates.map((state) => ({ value: state, label: t(`status.${state}`) }))}
            onFilter={filter}
          />
          <FilterSelect label={t('projects.industry')} name="industry" query={query} options={options.industries} onFilter={filter} />
          <Field label={t('projects.budget_min')}>
            {(props) => (
              <NumberInput
                {...props}
                value={budget.min}
                onChange={(event) => setBudget((before) => ({ ...before, min: event.target.value }))}
                onBlur={() => applyBudget('budget_min', budget.min)}
                onKeyDown={(event) => event.key === 'Enter' && applyBudget('budget_min', budget.min)}
              />
            )}
          </Field>
          <Field label={t('projects.budget_max')}>
            {(props) => (
              <NumberInput
                {...props}
                value={budget.max}
                onChange={(event) => setBudget((before) => ({ ...before, max: event.target.value }))}
                onBlur={() => applyBudget('budget_max', budget.max)}
                onKeyDown={(event) => event.key === 'Enter' && applyBudget('budget_max', budget.max)}
              />
            )}
          </Field>
          <SearchField placeholder={t('projects.search_placeholder')} query={query} onFilter={filter} />
        </Filters>

        <div className="mt-4">
          <DataTable
            columns={columns}
            rows={data?.projects}
            rowKey={(project) => project.id}
            load={projects}
            empty={t('projects.empty')}
            pagination={data?.pagination}
            onSkip={(skip) => setQuery((before) => ({ ...before, skip }))}
          />
        </div>
      </section>
      <ProjectDetailDialog id={shownId} canModerate={adminMay(admin, 'moderate_content')} onClose={() => setShownId(undefined)} />
    </div>
  );
}
