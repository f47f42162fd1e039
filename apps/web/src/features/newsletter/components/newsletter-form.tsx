import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { languageOf } from '../../../lib/format.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSubscribeToNewsletter } from '../api/subscribe.ts';

export function NewsletterForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeToNewsletter();
  const translate = useValidationMessage();
  // The server validates (the footer is on every page, so it carries no validator); its words are shown translated.
  const error =
    subscribe.error instanceof ApiError && subscribe.error.status === 422
      ? translate(subscribe.error.message)
      : subscribe.isError
        ? t('footer.subscribe_failed')
        : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    subscribe.mutate({ email, language: languageOf(i18n.language) }, { onSuccess: () => setEmail('') });
  }

  if (subscribe.isSuccess) {
    return (
      <p role="status" className="rounded-lg bg-white/10 px-4 py-3 text-sm text-white">
        {t('footer.subscribed')}
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          {t('footer.newsletter_email')}
        </label>
        <input
          id="newsletter-email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('footer.newsletter_email')}
          autoComplete="email"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-error' : undefined}
          className="h-10 min-w-0 flex-1 rounded-lg border-0 bg-white/10 px-3 text-sm text-white ring-1 ring-inset ring-white/20 placeholder:text-slate-400 focus:ring-2 focus:ring-primary"
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="h-10 shrink-0 rounded-lg bg-primary-strong px-4 text-sm font-semibold text-white hover:bg-primary-strong/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
        >
          {subscribe.isPending ? t('footer.subscribing') : t('footer.subscribe')}
        </button>
      </div>
      {error ? (
        <p id="newsletter-error" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
