import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RecoveryCodes, TotpEnrolment, useRefusal, type TotpSetup } from '../../../components/second-factor/totp-setup.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { confirmAdminTotp, useAdminLogout, useStartAdminTotp } from '../api/admin-api.ts';

/**
 * The first console login of an admin without a second factor: nothing else of the console answers
 * until an authenticator app is set up here (the QR code or the key, a first code), and its recovery
 * codes are shown once. Then the console opens in the same session.
 */
export function AdminSecondFactorSetup() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const start = useStartAdminTotp();
  const refusal = useRefusal();
  const [setup, setSetup] = useState<TotpSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const begin = start.mutate;
  useEffect(() => begin(undefined, { onSuccess: setSetup }), [begin]);

  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <title>{t('second_factor_setup.title')}</title>
      <div className="w-full max-w-2xl space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex items-start justify-between gap-3">
          <ShieldCheck className="size-10 text-primary-strong" aria-hidden="true" />
          <LanguageSwitch />
        </div>
        <div>
          <h1 className="text-2xl font-bold text-slate-950">{t('second_factor_setup.title')}</h1>
          <p className="mt-1 text-slate-600">{t('second_factor_setup.intro')}</p>
        </div>
        {start.isError ? <Alert tone="error">{refusal(start.error)}</Alert> : null}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'me'] })} />
        ) : setup ? (
          <TotpEnrolment setup={setup} confirm={confirmAdminTotp} onConfirmed={setRecoveryCodes} />
        ) : start.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => void logout()}>
          {t('header.logout')}
        </Button>
      </div>
    </main>
  );
}
