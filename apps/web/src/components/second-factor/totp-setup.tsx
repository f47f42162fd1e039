import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SecondFactorCodeInput } from '../ui/code-input.tsx';
import { Field } from '../ui/field.tsx';

// Setting up an authenticator app, the marketplace's Security page's and the console's first login's:
// the QR code and the key to type, a first code, then the ten recovery codes shown once.

/** What the server answers when setting up starts. */
export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
}

/** A code the user types: what the server says of a refused one, in the page's language. */
export function useRefusal() {
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  return (error: unknown) => (error instanceof ApiError ? (translate(error.message) ?? t('failed')) : t('failed'));
}

/** One code field and its button, for confirming and for turning off. */
export function CodeForm({
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
export function TotpEnrolment({
  setup,
  confirm,
  onConfirmed,
}: {
  setup: TotpSetup;
  /** Sends the first code; answers the recovery codes. */
  confirm: (code: string) => Promise<{ recovery_codes: string[] }>;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const [isPending, setPending] = useState(false);
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
        isPending={isPending}
        onSubmit={async (code) => {
          setPending(true);
          try {
            onConfirmed((await confirm(code)).recovery_codes);
          } finally {
            setPending(false);
          }
        }}
      />
    </div>
  );
}

/** The recovery codes, shown this once. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
