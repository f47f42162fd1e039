import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useStepUp } from '../../../components/second-factor/step-up.tsx';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { languageOf } from '../../../lib/format.ts';
import { goToProvider, useIdentityProviders } from '../api/identity.ts';

/**
 * A button for each national digital identity provider configured ("Sign in with UAE PASS"), in the
 * page's language; it sends the browser to the provider. None configured, nothing shows.
 */
export function IdentityButtons({ intent, divider }: { intent: 'sign_in' | 'link'; divider?: string }) {
  const { t, i18n } = useTranslation('auth');
  const language = languageOf(i18n.language);
  const providers = useIdentityProviders().data?.providers ?? [];
  const refusal = useRefusal();
  // Linking adds a way into the account: a second factor first (step-up).
  const { guarded, dialog } = useStepUp();
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<string>();
  if (providers.length === 0) return null;

  async function start(id: (typeof providers)[number]['id']) {
    setError(undefined);
    setPending(id);
    try {
      await (intent === 'link' ? guarded(() => goToProvider(id, intent)) : goToProvider(id, intent));
    } catch (failure) {
      // A closed step-up dialog rejects with nothing to say.
      if (failure) setError(refusal(failure));
      setPending(undefined);
    }
  }

  return (
    <div className="space-y-3">
      {divider ? <p className="text-center text-sm text-slate-500">{divider}</p> : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={pending !== undefined}
          onClick={() => void start(provider.id)}
        >
          <Fingerprint aria-hidden className="size-5 text-emerald-700" />
          {intent === 'link'
            ? t('identity.verify_with', { provider: t(`common:identity.providers.${provider.id}`) })
            : provider.label[language]}
        </Button>
      ))}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {dialog}
    </div>
  );
}
