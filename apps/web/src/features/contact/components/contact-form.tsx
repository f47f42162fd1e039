import { contactMessageInputSchema, contactSubjects, type ContactSubject } from '@mihna/shared';
import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const emptyForm = { name: '', email: '', subject: '' as ContactSubject | '', message: '' };

export function ContactForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendContactMessage();
  const isSent = send.isSuccess || send.isError;

  const update = (field: keyof typeof emptyForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const errorFor = (field: string) => (errors[field] ? t(`validation.${errors[field]}`, { defaultValue: errors[field] }) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactMessageInputSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    // The sent screen appears whatever the outcome (specification §8); a failure is only logged.
    send.mutate(parsed.data, { onError: (error) => console.error('contact message failed', error) });
  }

  if (isSent) {
    return (
      <div role="status" className="flex flex-col items-center rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
        <CheckCircle2 className="size-14 text-secondary" aria-hidden="true" />
        <h2 className="mt-4 text-2xl font-bold text-slate-950">{t('contact.sent_title')}</h2>
        <p className="mt-2 max-w-sm text-slate-600">{t('contact.sent_text')}</p>
        <Button asChild className="mt-6">
          <Link to={paths.home}>{t('contact.back_home')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 className="text-xl font-semibold text-slate-950">{t('contact.form_title')}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('contact.name')} error={errorFor('name')}>
          {(props) => <Input {...props} name="name" autoComplete="name" value={form.name} onChange={(event) => update('name')(event.target.value)} />}
        </Field>
        <Field label={t('contact.email')} error={errorFor('email')}>
          {(props) => (
            <Input {...props} name="email" type="email" autoComplete="email" dir="ltr" value={form.email} onChange={(event) => update('email')(event.target.value)} />
          )}
        </Field>
      </div>
      <Field label={t('contact.subject')} error={errorFor('subject')}>
        {(props) => (
          <Select {...props} name="subject" value={form.subject} onChange={(event) => update('subject')(event.target.value)}>
            <option value="" disabled>
              {t('contact.subject_placeholder')}
            </option>
            {contactSubjects.map((subject) => (
              <option key={subject} value={subject}>
                {t(`contact.subjects.${subject}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('contact.message')} error={errorFor('message')}>
        {(props) => (
          <Textarea
            {...props}
            name="message"
            rows={6}
            placeholder={t('contact.message_placeholder')}
            value={form.message}
            onChange={(event) => update('message')(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
