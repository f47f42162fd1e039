import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { isPasskeyPromptClosed } from './passkeys.ts';
import { useRefusal } from './totp-setup.tsx';

/**
 * One passkey ceremony behind a button: `run` asks the server for the options, the browser for the
 * passkey and the server to check it. A closed prompt, the server's refusal (in the page's language)
 * or the browser's own failure shows under it, with the button there to try again; `onRefused` sees
 * the server's refusals first (an expired sign-in goes back a step).
 */
export function PasskeyButton<T>({
  label,
  run,
  onDone,
  onRefused,
  variant = 'secondary',
  size = 'lg',
}: {
  label: string;
  run: () => Promise<T>;
  onDone: (value: T) => void;
  onRefused?: (error: ApiError, text: string) => boolean;
  variant?: 'primary' | 'secondary';
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation('security');
  const refusal = useRefusal();
  const [error, setError] = useState<string>();
  const [isPending, setPending] = useState(false);

  async function start() {
    setError(undefined);
    setPending(true);
    try {
      onDone(await run());
    } catch (failure) {
      if (failure instanceof ApiError) {
        const text = refusal(failure);
        if (!onRefused?.(failure, text)) setError(text);
      } else setError(isPasskeyPromptClosed(failure) ? t('passkeys.prompt_closed') : t('passkeys.browser_failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <Button type="button" variant={variant} size={size} className="w-full" onClick={() => void start()} disabled={isPending}>
        <KeyRound aria-hidden className="size-4" />
        {isPending ? t('passkeys.waiting') : label}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
