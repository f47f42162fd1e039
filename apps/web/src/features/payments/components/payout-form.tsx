import { ibanProblem, payoutMessages, readNumber, type Earnings } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { currencySymbol } from '../../../lib/format.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useRequestPayout } from '../api/earnings.ts';
import { useMoneyFormat } from './use-money.ts';

type Errors = Partial<Record<'amount' | 'iban' | 'account_holder', string>>;

/** A payout of part or all of an available balance to an IBAN, checked as it is typed and again by the server. */
export function PayoutForm({ balances, defaultHolder }: { balances: Earnings['balances']; defaultHolder: string }) {
  const { t } = useTranslation('earnings');
  const format = useMoneyFormat();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const payout = useRequestPayout();
  const payable = balances.filter((balance) => balance.available > 0);
  const [currency, setCurrency] = useState(payable[0]?.currency ?? '');
  const [amount, setAmount] = useState('');
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState(defaultHolder);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const selected = payable.find((balance) => balance.currency === currency) ?? payable[0];
  const say = (message: string) => translate(message) ?? message;
  const shownNotice = notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null;
  if (!selected) {
    // Everything was just paid out: the answer stays in view.
    return (
      <div className="space-y-4">
        {shownNotice}
        <p className="text-sm text-slate-600">{t('payout.nothing')}</p>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) return;
    const value = readNumber(amount);
    const found: Errors = {};
    if (value === undefined) found.amount = say('This field is required');
    else if (typeof value !== 'number' || !Number.isFinite(value)) found.amount = say('Must be a valid number');
    else if (value <= 0) found.amount = say('Must be at least 0');
    else if (value > selected.available) found.amount = say(payoutMessages.overdrawn);
    const problem = ibanProblem(iban);
    if (problem) found.iban = say(problem);
    if (!holder.trim()) found.account_holder = say(payoutMessages.accountHolderRequired);
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    payout.mutate(
      { amount, currency: selected.currency, iban, account_holder: holder.trim() },
      {
        onSuccess: (result) => {
          setNotice({ tone: result.payout.status === 'failed' ? 'error' : 'success', text: say(result.message) });
          setAmount('');
        },
        onError: (error) => setNotice({ tone: 'error', text: serverMessage(error, t('payout.failed')) }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {payable.length > 1 ? (
        <Field label={t('payout.currency')}>
          {(props) => (
            <Select {...props} value={selected.currency} onChange={(event) => setCurrency(event.target.value)}>
              {payable.map((balance) => (
                <option key={balance.currency} value={balance.currency}>
                  {currencySymbol(balance.currency, format.language)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Field label={t('payout.amount', { currency: currencySymbol(selected.currency, format.language) })} error={errors.amount}>
        {(props) => <NumberInput {...props} value={amount} onChange={(event) => setAmount(event.target.value)} />}
      </Field>
      <button
        type="button"
        className="text-sm font-semibold text-primary-strong hover:underline"
        onClick={() => setAmount(String(selected.available))}
      >
        {t('payout.all', { amount: format.amount(selected.available, selected.currency) })}
      </button>
      <Field label={t('payout.iban')} error={errors.iban}>
        {(props) => (
          <Input
            {...props}
            value={iban}
            dir="ltr"
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            placeholder="AE07 0331 2345 6789 0123 456"
            className="font-mono uppercase placeholder:normal-case rtl:text-end"
            onChange={(event) => setIban(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('payout.holder')} error={errors.account_holder}>
        {(props) => (
          <Input {...props} value={holder} maxLength={100} autoComplete="name" onChange={(event) => setHolder(event.target.value)} />
        )}
      </Field>
      {shownNotice}
      <Button type="submit" disabled={payout.isPending} className="w-full sm:w-auto">
        {t('payout.submit')}
      </Button>
    </form>
  );
}
