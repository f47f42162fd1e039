import { paymentMessages, readNumber, type Milestone } from '@mihna/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSetupPayment, type MilestoneDraft } from '../api/payment-actions.ts';
import { draftOf, emptyMilestone, MilestoneFields } from './milestone-fields.tsx';
import { useMoneyFormat } from './use-money.ts';

/**
 * §5 Milestone setup: rows of title, description, amount and optional due date; the last row cannot be
 * removed. It opens on the plan as it stands (to change it before it is funded), or on one milestone of
 * the accepted price; its total may not exceed that price. Saving tells the spec's success message.
 */
export function MilestoneSetupDialog({
  onClose,
  onDone,
  jobId,
  currency,
  price,
  milestones,
}: {
  onClose: () => void;
  onDone: (message: string) => void;
  jobId: string;
  currency: string;
  /** The accepted price of the fixed-price job (the hired proposal's amount). */
  price: number | null;
  /** The plan as it stands, when it is laid out again before funding. */
  milestones: Milestone[];
}) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const setup = useSetupPayment(jobId);
  // Rendered only while open: each opening starts from the plan as it stands then.
  const [rows, setRows] = useState<MilestoneDraft[]>(() =>
    milestones.length > 0 ? milestones.map(draftOf) : [emptyMilestone(price === null ? '' : String(price))],
  );
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
        onClose();
        onDone(t('setup.success'));
      },
      onError: (error) => setProblem(serverMessage(error, t('setup.failed'))),
    });
  }

  return (
    <FormDialog
      isOpen
      onClose={onClose}
      title={t('setup.dialog_title')}
      description={price === null ? undefined : t('setup.dialog_text', { price: format.amount(price, currency) })}
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
          <MilestoneFields row={row} currency={currency} onChange={(field, value) => change(index, field, value)} />
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
