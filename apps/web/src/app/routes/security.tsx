import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { CodeForm, RecoveryCodes, TotpEnrolment, useRefusal, type TotpSetup } from '../../components/second-factor/totp-setup.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useStepUp } from '../../components/second-factor/step-up.tsx';
import { IdentitySection } from '../../features/identity/components/identity-section.tsx';
import { DeleteAccount, DownloadMyData } from '../../features/privacy/components/data-rights.tsx';
import { PasskeysList } from '../../features/security/components/passkeys-list.tsx';
import { EmailChange } from '../../features/security/components/email-change.tsx';
import { PasswordChange } from '../../features/security/components/password-change.tsx';
import { SessionsList } from '../../features/security/components/sessions-list.tsx';
import { useConfirmTotp, useDisableTotp, useSecurityStatus, useStartTotp } from '../../features/security/api/second-factor.ts';
import { formatDate, languageOf } from '../../lib/format.ts';

/**
 * /settings/security: the account's second factor. An authenticator app is set up from a QR code (or
 * its secret typed), confirmed by a first code, and answered by ten recovery codes shown once; it is
 * turned off only with a fresh code. Then the passkeys, the password and where the account is signed in.
 */
export default function SecurityPage() {
  const { t, i18n } = useTranslation('security');
  const language = languageOf(i18n.language);
  const status = useSecurityStatus();
  const start = useStartTotp();
  const disable = useDisableTotp();
  const confirm = useConfirmTotp();
  const refusal = useRefusal();
  const { guarded, dialog } = useStepUp();
  const [setup, setSetup] = useState<TotpSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [startError, setStartError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function begin() {
    setStartError(undefined);
    setNotice(undefined);
    try {
      // Only after a code e-mailed to the account (step-up): a stolen session cannot add an app of its own.
      setSetup(await guarded(() => start.mutateAsync()));
    } catch (failure) {
      // A closed step-up dialog rejects with nothing to say.
      if (failure) setStartError(refusal(failure));
    }
  }

  const current = status.data;
  return (
    <Container className="max-w-3xl space-y-6 py-8 sm:py-10">
      <title>{t('title')}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 text-slate-600">{t('intro')}</p>
      </div>
      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <ShieldCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-primary-strong" />
          <div>
            <h2 className="text-lg font-semibold text-slate-950">{t('totp.title')}</h2>
            <p className="text-sm text-slate-600">{t('totp.intro')}</p>
          </div>
        </div>
        {status.isLoading ? <Spinner label={t('loading')} /> : null}
        {status.isError ? <Alert tone="error">{t('failed')}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {recoveryCodes ? (
          <RecoveryCodes
            codes={recoveryCodes}
            onDone={() => {
              setRecoveryCodes(undefined);
              setSetup(undefined);
            }}
          />
        ) : current?.totp_enabled ? (
          <div className="space-y-4">
            <p className="font-medium text-emerald-800">
              {t('totp.on_since', { date: formatDate(current.totp_enabled_at ?? '', language) })}
            </p>
            <p className="text-sm text-slate-600">{t('totp.codes_left', { count: current.recovery_codes_left })}</p>
            <CodeForm
              label={t('totp.disable_code')}
              submitLabel={t('totp.disable')}
              tone="danger"
              isPending={disable.isPending}
              onSubmit={async (code) => {
                await disable.mutateAsync(code);
                setNotice(t('totp.disabled'));
              }}
            />
          </div>
        ) : setup ? (
          <TotpEnrolment setup={setup} confirm={confirm.mutateAsync} onConfirmed={setRecoveryCodes} />
        ) : current ? (
          <div className="space-y-3">
            <p className="text-slate-700">{t('totp.off')}</p>
            {startError ? <Alert tone="error">{startError}</Alert> : null}
            <Button type="button" onClick={() => void begin()} disabled={start.isPending}>
              {t('totp.set_up')}
            </Button>
          </div>
        ) : null}
      </section>
      <PasskeysList guarded={guarded} />
      <IdentitySection />
      <EmailChange />
      <PasswordChange />
      <SessionsList />
      <DownloadMyData />
      <DeleteAccount guarded={guarded} />
      {dialog}
    </Container>
  );
}
