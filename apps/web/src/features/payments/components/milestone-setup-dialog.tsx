import { paymentMessages, readNumber } from '@mihna/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { currencySymbol } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSetupPayment, type MilestoneDraft } from '../api/payment-actions.ts';
import { useMoneyFormat } from './use-money.ts';

const emptyMilestone = (): MilestoneDraft => ({ title: '', description: '', amount: '', due_date: '' });

/** §5 Milestone setup: rows of title, description, amount and optional due date; the last row cannot be removed. */
export function MilestoneSetupDialog({
  isOpen,
  onClose,
  jobId,
  currency,
  budgetMax,
}: {
  isOpen: boolean;
  onClose: () => void;
  jobId: string;
  currency: string;
  budgetMax: number;
}) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const setup = useSetupPayment(jobId);
  const [rows, setRows] = useState<MilestoneDraft[]>([emptyMilestone()]);
  const [problem, setProblem] = useState<string | null>(null);

  const amounts = rows.map((row) => readNumber(row.amount));
  const total = amounts.reduce<number>((sum, amount) => sum + (typeof amount === 'number' && Number.isFinite(amount) ? amount : 0), 0);
  const change = (index: number, field: keyof MilestoneDraft, value: string) =>
    setRows((current) => current.map((row, position) => (position === index ? { ...row, [field]: value } : row)));

  function save() {
    // The specification keeps only complete rows and needs at least one; the server checks the same.
    const complete = rows.filter((row) => row.title.trim() && row.description.trim() && row.amount.trim());
    if (complete.length === 0) return setProblem(translate(paymentMessages.noCompleteMilestone) ?? paymentMessages.noCompleteMilestone);
    setProblem(null);
    setup.mutate(complete, {
      onSuccess: () => {
        setRows([emptyMilestone()]);
        onClose();
      },
      onError: (error) => setProblem(serverMessage(error, t('setup.failed'))),
    });
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('setup.dialog_title')}
      description={t('setup.dialog_text', { budget: format.amount(budgetMax, currency) })}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={setup.isPending ? t('setup.saving') : t('setup.save')}
      isPending={setup.isPending}
      failure={problem}
      onSubmit={save}
      className="max-h-[60vh] space-y-5 overflow-y-auto pe-1"
    >
      {rows.map((row, index) => (
        <fieldset key={index} className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200">
          <div className="flex items-center justify-between">
            <legend className="text-sm font-semibold text-slate-900">{t('setup.milestone', { number: index + 1 })}</legend>
            {rows.length > 1 ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={t('setup.remove', { number: index + 1 })}
                onClick={() => setRows((current) => current.filter((_row, position) => position !== index))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            ) : null}
          </div>
          <Field label={t('setup.title_label')}>
            {(props) => (
              <Input {...props} value={row.title} maxLength={150} onChange={(event) => change(index, 'title', event.target.value)} />
            )}
          </Field>
          <Field label={t('setup.description_label')}>
            {(props) => (
              <Textarea
                {...props}
                rows={2}
                value={row.description}
                maxLength={2000}
                onChange={(event) => change(index, 'description', event.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('setup.amount_label', { currency: currencySymbol(currency, format.language) })}>
              {(props) => <NumberInput {...props} value={row.amount} onChange={(event) => change(index, 'amount', event.target.value)} />}
            </Field>
            <Field label={t('setup.due_date_label')}>
              {(props) => (
                <Input {...props} type="date" value={row.due_date} onChange={(event) => change(index, 'due_date', event.target.value)} />
              )}
            </Field>
          </div>
        </fieldset>
      ))}
      <Button type="button" variant="secondary" size="sm" onClick={() => setRows((current) => [...current, emptyMilestone()])}>
        <Plus className="size-4" aria-hidden="true" />
        {t('setup.add')}
      </Button>
      <p className="text-sm font-semibold text-slate-900">{t('setup.total', { total: format.amount(total, currency) })}</p>
    </FormDialog>
  );
}
