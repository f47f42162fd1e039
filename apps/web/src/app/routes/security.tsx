import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SecondFactorCodeInput } from '../../features/auth/components/code-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  useConfirmTotp,
  useDisableTotp,
  useSecurityStatus,
  useStartTotp,
  type TotpSetup,
} from '../../features/security/api/second-factor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate, languageOf } from '../../lib/format.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';

/** A code the user types: what the server says of a refused one, in the page's language. */
function useRefusal() {
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  return (error: unknown) => (error instanceof ApiError ? (translate(error.message) ?? t('failed')) : t('failed'));
}

/** One code field and its button, for confirming and for turning off. */
function CodeForm({
  label,
  submitLabel,
  isPending,
  onSubmit,
  tone = 'primary',
}: {
  label: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (code: string) => Promise<unknown>;
  tone?: 'primary' | 'danger';
}) {
  const { t } = useTranslation('security');
  const refusal = useRefusal();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('code_required'));
    setError(undefined);
    try {
      await onSubmit(code.trim());
      setCode('');
    } catch (failure) {
      setError(refusal(failure));
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <Field label={label}>
        {(props) => <SecondFactorCodeInput {...props} value={code} onValueChange={setCode} className="max-w-xs" />}
      </Field>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Setting up: the QR code to scan, the secret to type, then a first code. */
function TotpEnrolment({ setup, onConfirmed }: { setup: TotpSetup; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const confirm = useConfirmTotp();
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 ps-5 text-slate-700">
        <li>{t('totp.step_install')}</li>
        <li>{t('totp.step_scan')}</li>
        <li>{t('totp.step_code')}</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt={t('totp.qr_alt')}
          width={192}
          height={192}
          className="size-48 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 space-y-2">
          <p className="text-sm text-slate-600">{t('totp.secret_help')}</p>
          <code dir="ltr" className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider text-slate-900">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <CodeForm
        label={t('totp.first_code')}
        submitLabel={t('totp.confirm')}
        isPending={confirm.isPending}
        onSubmit={async (code) => onConfirmed((await confirm.mutateAsync(code)).recovery_codes)}
      />
    </div>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${t('recovery.file_heading')}\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    link.download = 'mihna-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="space-y-4">
      <Alert tone="success">{t('recovery.enabled')}</Alert>
      <p className="text-slate-700">{t('recovery.help')}</p>
      <ul dir="ltr" className="grid max-w-md grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" onClick={download}>
          {t('recovery.download')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('recovery.saved')}
        </Button>
      </div>
    </div>
  );
}

/**
 * /settings/security: the account's second factor. An authenticator app is set up from a QR code (or
 * its secret typed), confirmed by a first code, and answered by ten recovery codes shown once; it is
 * turned off only with a fresh code.
 */
export default function SecurityPage() {
  const { t, i18n } = useTranslation('security');
  const language = languageOf(i18n.language);
  const status = useSecurityStatus();
  const start = useStartTotp();
  const disable = useDisableTotp();
  const refusal = useRefusal();
  const [setup, setSetup] = useState<TotpSetup>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [startError, setStartError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function begin() {
    setStartError(undefined);
    setNotice(undefined);
    try {
      setSetup(await start.mutateAsync());
    } catch (failure) {
      setStartError(refusal(failure));
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
          <TotpEnrolment setup={setup} onConfirmed={setRecoveryCodes} />
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
    </Container>
  );
}
