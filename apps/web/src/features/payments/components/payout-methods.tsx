import { ibanProblem, payoutMessages, type PayoutMethod } from '@mihna/shared';
import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useStepUp } from '../../../components/second-factor/step-up.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { removePayoutMethod, sendPayoutMethod, usePayoutMethodChange } from '../api/earnings.ts';
import { useMoneyFormat } from './use-money.ts';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * The bank accounts payouts may go to: each saved one (never its whole IBAN), usable 24 hours after it
 * was added; a new one is saved after a second factor (step-up), and the account's e-mail is told.
 */
export function PayoutMethods({ methods, defaultHolder }: { methods: PayoutMethod[]; defaultHolder: string }) {
  const { t } = useTranslation('earnings');
  const format = useMoneyFormat();
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const change = usePayoutMethodChange<{ message: string }>();
  const { guarded, dialog } = useStepUp();
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState(defaultHolder);
  const [errors, setErrors] = useState<Partial<Record<'iban' | 'account_holder', string>>>({});
  const [notice, setNotice] = useState<Notice>();
  const say = (message: string) => translate(message) ?? message;

  const run = (send: () => Promise<{ message: string }>, onDone?: () => void) =>
    change.mutate(send, {
      onSuccess: (answer) => {
        setNotice({ tone: 'success', text: say(answer.message) });
        onDone?.();
      },
      // A closed step-up dialog rejects with nothing to say.
      onError: (error) => setNotice(error ? { tone: 'error', text: serverMessage(error, t('methods.failed')) } : undefined),
    });

  function add(event: FormEvent) {
    event.preventDefault();
    const problem = ibanProblem(iban);
    const found = {
      ...(problem ? { iban: say(problem) } : {}),
      ...(holder.trim() ? {} : { account_holder: say(payoutMessages.accountHolderRequired) }),
    };
    setErrors(found);
    setNotice(undefined);
    if (Object.keys(found).length > 0) return;
    run(
      () => guarded(() => sendPayoutMethod({ iban, account_holder: holder.trim() })),
      () => setIban(''),
    );
  }

  return (
    <div className="space-y-4">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {methods.length === 0 ? (
        <p className="text-sm text-slate-600">{t('methods.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {methods.map((method) => (
            <li key={method.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <Landmark aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-950">
                    <bdi dir="ltr">{method.iban_masked}</bdi>
                  </p>
                  <p className="text-sm text-slate-600">
                    <bdi>{method.account_holder}</bdi>
                  </p>
                  {method.is_usable ? null : (
                    <p className="text-sm text-amber-800">{t('methods.usable_from', { date: format.dateTime(method.usable_from) })}</p>
                  )}
                </div>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={method.is_usable ? 'positive' : 'warning'}>{t(method.is_usable ? 'methods.ready' : 'methods.waiting')}</Badge>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={change.isPending}
                  aria-label={t('methods.remove_one', { last4: method.iban_last4 })}
                  onClick={() => run(() => removePayoutMethod(method.id))}
                >
                  {t('methods.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={add} className="space-y-4 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-950">{t('methods.add_title')}</h3>
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
        <p className="text-sm text-slate-600">{t('methods.wait_note')}</p>
        <Button type="submit" variant="secondary" disabled={change.isPending}>
          {t('methods.add')}
        </Button>
      </form>
      {dialog}
    </div>
  );
}
