import { payoutMessages, readNumber, type Earnings, type PayoutMethod } from '@mihna/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Select } from '../../../components/ui/field.tsx';
import { useStepUp } from '../../../components/second-factor/step-up.tsx';
import { NumberInput } from '../../../components/ui/number-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { currencySymbol } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { sendPayout, useRequestPayout } from '../api/earnings.ts';
import { useMoneyFormat } from './use-money.ts';

type Errors = Partial<Record<'amount' | 'payout_method_id', string>>;

/**
 * A payout of part or all of an available balance to a saved bank account that has waited its 24
 * hours, checked as it is typed and again by the server; a second factor is asked for first (step-up).
 */
export function PayoutForm({ balances, methods }: { balances: Earnings['balances']; methods: PayoutMethod[] }) {
  const { t } = useTranslation('earnings');
  const format = useMoneyFormat();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const payout = useRequestPayout();
  const { guarded, dialog } = useStepUp();
  const usable = methods.filter((method) => method.is_usable);
  const [methodId, setMethodId] = useState('');
  const chosen = usable.find((method) => method.id === methodId) ?? usable[0];
  const payable = balances.filter((balance) => balance.available > 0);
  const [currency, setCurrency] = useState(payable[0]?.currency ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // `verify`: the payout waits for a verified identity (PAYOUTS_REQUIRE_IDENTITY): the notice links to where that is done.
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; verify?: boolean } | null>(null);

  const selected = payable.find((balance) => balance.currency === currency) ?? payable[0];
  const say = (message: string) => translate(message) ?? message;
  const shownNotice = notice ? (
    <Alert tone={notice.tone}>
      {notice.text}
      {notice.verify ? (
        <>
          {' '}
          <Link to={paths.security} className="font-semibold underline">
            {t('payout.verify_identity')}
          </Link>
        </>
      ) : null}
    </Alert>
  ) : null;
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
    if (!chosen) found.payout_method_id = say(payoutMessages.methodRequired);
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    if (!chosen) return;
    const draft = { amount, currency: selected.currency, payout_method_id: chosen.id };
    payout.mutate(() => guarded(() => sendPayout(draft)), {
      onSuccess: (result) => {
        setNotice({ tone: result.payout.status === 'failed' ? 'error' : 'success', text: say(result.message) });
        setAmount('');
      },
      // A closed step-up dialog rejects with nothing to say.
      onError: (error) =>
        setNotice(
          error
            ? {
                tone: 'error',
                text: serverMessage(error, t('payout.failed')),
                verify: error instanceof ApiError && error.code === 'identity_required',
              }
            : null,
        ),
    });
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
      <Field label={t('payout.method')} error={errors.payout_method_id}>
        {(props) => (
          <Select {...props} value={chosen?.id ?? ''} disabled={usable.length === 0} onChange={(event) => setMethodId(event.target.value)}>
            {usable.length === 0 ? <option value="">{t('payout.no_method_short')}</option> : null}
            {usable.map((method) => (
              <option key={method.id} value={method.id}>
                {t('methods.option', { last4: method.iban_last4, holder: method.account_holder })}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {usable.length === 0 ? <p className="text-sm text-slate-600">{t('payout.no_method')}</p> : null}
      {shownNotice}
      <Button type="submit" disabled={payout.isPending || usable.length === 0} className="w-full sm:w-auto">
        {t('payout.submit')}
      </Button>
      {dialog}
    </form>
  );
}
