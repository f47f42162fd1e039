import type { SiteSettings } from '@mihna/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { useAdminSettings, useSaveSettings } from '../api/admin-api.ts';
import { LoadState, panel } from './console-ui.tsx';

/** Admin spec §2 Settings: the fields the editor shows, grouped, with their input types. */
const groups = [
  {
    id: 'identity',
    fields: [
      { key: 'site_name', type: 'text' },
      { key: 'site_slogan', type: 'text' },
      { key: 'hero_title', type: 'text' },
      { key: 'hero_subtitle', type: 'textarea' },
    ],
  },
  {
    id: 'contact',
    fields: [
      { key: 'contact_email', type: 'email' },
      { key: 'support_email', type: 'email' },
      { key: 'phone_number', type: 'tel' },
      { key: 'address', type: 'text' },
    ],
  },
  {
    id: 'social',
    fields: [
      { key: 'facebook_url', type: 'url' },
      { key: 'instagram_url', type: 'url' },
      { key: 'linkedin_url', type: 'url' },
      { key: 'twitter_url', type: 'url' },
    ],
  },
] as const satisfies readonly { id: string; fields: readonly { key: keyof SiteSettings; type: string }[] }[];
type EditedKey = (typeof groups)[number]['fields'][number]['key'];

/** The refused fields of a 422, by name, as the server said it. */
function fieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError) || !Array.isArray((error.body as { detail?: unknown })?.detail)) return {};
  const found: Record<string, string> = {};
  for (const issue of (error.body as { detail: { loc: (string | number)[]; msg: string }[] }).detail) {
    const field = issue.loc[1];
    if (typeof field === 'string' && !found[field]) found[field] = issue.msg;
  }
  return found;
}

/**
 * Admin spec §2 Settings: edits the public site's texts, contact details and social links, and saves
 * the whole settings object; the public site shows them on its next load (this browser's at once).
 */
export function SettingsTab() {
  const { t } = useTranslation('admin');
  const translate = useValidationMessage();
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const [form, setForm] = useState<SiteSettings>();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    if (settings.data) setForm(settings.data);
  }, [settings.data]);

  if (!form) return <LoadState isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setErrors({});
    save.mutate(form, {
      onSuccess: () => setNotice({ tone: 'success', text: t('settings.saved') }),
      onError: (error) => {
        setErrors(fieldErrors(error));
        setNotice({ tone: 'error', text: t('settings.failed') });
      },
    });
  }
  const set = (key: EditedKey, value: string) => setForm({ ...form, [key]: value });

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <p className="text-sm text-slate-600">{t('settings.intro')}</p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {groups.map((group) => (
        <fieldset key={group.id} className={panel}>
          <legend className="sr-only">{t(`settings.${group.id}`)}</legend>
          <h2 className="text-lg font-semibold text-slate-950" aria-hidden="true">
            {t(`settings.${group.id}`)}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {group.fields.map(({ key, type }) => (
              <Field key={key} label={t(`settings.${key}`)} error={errors[key] ? (translate(errors[key]) ?? errors[key]) : undefined}>
                {(props) =>
                  // The hero's subtitle is a sentence or two: it gets room to be read whole while it is edited.
                  type === 'textarea' ? (
                    <Textarea
                      {...props}
                      name={key}
                      rows={3}
                      dir="auto"
                      value={form[key]}
                      onChange={(event) => set(key, event.target.value)}
                    />
                  ) : (
                    <Input
                      {...props}
                      name={key}
                      type={type}
                      dir={type === 'text' ? 'auto' : 'ltr'}
                      value={form[key]}
                      onChange={(event) => set(key, event.target.value)}
                    />
                  )
                }
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </div>
    </form>
  );
}
