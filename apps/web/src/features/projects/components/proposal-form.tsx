import { zodResolver } from '@hookform/resolvers/zod';
import { proposalInputSchema, type JobType, type ProposalInput } from '@mihna/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { applyFieldErrors } from '../../../lib/server-errors.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSubmitProposal } from '../api/submit-proposal.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { currencySymbol, languageOf } from '../../../lib/format.ts';

type ProposalValues = z.output<typeof proposalInputSchema>;
const fields = ['proposal_text', 'proposed_rate', 'estimated_hours'] as const;
const emptyProposal = (jobId: string): ProposalInput => ({ job_id: jobId, proposal_text: '', proposed_rate: '', estimated_hours: '' });

/** A professional's proposal on an open project: text, a rate per hour or a whole price in the job's currency, optional hours. */
export function ProposalForm({
  jobId,
  jobType,
  currency,
  onSubmitted,
}: {
  jobId: string;
  jobType: JobType;
  currency: string;
  onSubmitted: () => void;
}) {
  const { t, i18n } = useTranslation('projects');
  const currencyLabel = currencySymbol(currency, languageOf(i18n.language));
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const submitProposal = useSubmitProposal(jobId);
  const form = useForm<ProposalInput, unknown, ProposalValues>({
    resolver: zodResolver(proposalInputSchema),
    defaultValues: emptyProposal(jobId),
  });
  const errorOf = (field: (typeof fields)[number]) => translate(form.formState.errors[field]?.message);
  const submit = form.handleSubmit((values) =>
    submitProposal.mutate(values, {
      onSuccess: () => {
        form.reset(emptyProposal(jobId));
        onSubmitted();
      },
      onError: (error) => applyFieldErrors(error, form.setError, fields),
    }),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Field label={t('proposal.text')} error={errorOf('proposal_text')}>
        {(props) => <Textarea {...props} {...form.register('proposal_text')} rows={4} placeholder={t('proposal.text_placeholder')} />}
      </Field>
      <div className="space-y-4">
        <Field
          label={t(jobType === 'hourly' ? 'proposal.rate' : 'proposal.price', { currency: currencyLabel })}
          error={errorOf('proposed_rate')}
        >
          {(props) => <NumberInput {...props} {...form.register('proposed_rate')} />}
        </Field>
        <Field label={t('proposal.hours')} error={errorOf('estimated_hours')}>
          {(props) => <NumberInput {...props} {...form.register('estimated_hours')} isDecimal={false} />}
        </Field>
      </div>
      {submitProposal.isError ? <Alert tone="error">{serverMessage(submitProposal.error, t('proposal.failed'))}</Alert> : null}
      <Button type="submit" disabled={submitProposal.isPending} className="w-full sm:w-auto">
        {submitProposal.isPending ? t('proposal.submitting') : t('proposal.submit')}
      </Button>
    </form>
  );
}
