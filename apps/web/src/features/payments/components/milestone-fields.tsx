import { useTranslation } from '../../../i18n/index.ts';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { currencySymbol } from '../../../lib/format.ts';
import type { MilestoneDraft } from '../api/payment-actions.ts';
import { useMoneyFormat } from './use-money.ts';

export const emptyMilestone = (amount = ''): MilestoneDraft => ({ title: '', description: '', amount, due_date: '' });

/** A milestone as the form holds it, from one the payment already has. */
export const draftOf = (milestone: { title: string; description: string; amount: number; due_date: string | null }): MilestoneDraft => ({
  title: milestone.title,
  description: milestone.description,
  amount: String(milestone.amount),
  due_date: milestone.due_date?.slice(0, 10) ?? '',
});

/** The four fields of one milestone (§5): title, description, amount in the job's currency and an optional due date. */
export function MilestoneFields({
  row,
  currency,
  onChange,
}: {
  row: MilestoneDraft;
  currency: string;
  onChange: (field: keyof MilestoneDraft, value: string) => void;
}) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  return (
    <>
      <Field label={t('setup.title_label')}>
        {(props) => <Input {...props} value={row.title} maxLength={150} onChange={(event) => onChange('title', event.target.value)} />}
      </Field>
      <Field label={t('setup.description_label')}>
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            value={row.description}
            maxLength={2000}
            onChange={(event) => onChange('description', event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('setup.amount_label', { currency: currencySymbol(currency, format.language) })}>
          {(props) => <NumberInput {...props} value={row.amount} onChange={(event) => onChange('amount', event.target.value)} />}
        </Field>
        <Field label={t('setup.due_date_label')}>
          {(props) => <Input {...props} type="date" value={row.due_date} onChange={(event) => onChange('due_date', event.target.value)} />}
        </Field>
      </div>
    </>
  );
}
