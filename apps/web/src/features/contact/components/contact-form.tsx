import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageInputSchema, contactSubjects, type ContactMessageInput } from '@mihna/shared';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { paths } from '../../../lib/paths.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

function SentMessage() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-center rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200">
      <CheckCircle2 className="size-14 text-secondary-strong" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-950 focus:outline-none">
        {t('contact.sent_title')}
      </h2>
      <p className="mt-2 max-w-sm text-slate-600">{t('contact.sent_text')}</p>
      <Button asChild className="mt-6">
        <Link to={paths.home}>{t('contact.back_home')}</Link>
      </Button>
    </div>
  );
}

export function ContactForm() {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  const send = useSendContactMessage();
  const { register, handleSubmit, formState } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: { name: '', email: '', message: '' },
  });
  const errorFor = (field: keyof ContactMessageInput) => translate(formState.errors[field]?.message);

  // The sent screen appears whatever the outcome (specification §8); a failure is only logged.
  if (send.isSuccess || send.isError) return <SentMessage />;

  return (
    <form
      onSubmit={(event) =>
        void handleSubmit((input) => send.mutate(input, { onError: (error) => console.error('contact message failed', error) }))(event)
      }
      noValidate
      className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 className="text-xl font-semibold text-slate-950">{t('contact.form_title')}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('contact.name')} error={errorFor('name')}>
          {(props) => <Input {...props} {...register('name')} autoComplete="name" />}
        </Field>
        <Field label={t('contact.email')} error={errorFor('email')}>
          {(props) => <Input {...props} {...register('email')} type="email" autoComplete="email" dir="ltr" />}
        </Field>
      </div>
      <Field label={t('contact.subject')} error={errorFor('subject')}>
        {(props) => (
          <Select {...props} {...register('subject')} defaultValue="">
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
        {(props) => <Textarea {...props} {...register('message')} rows={6} placeholder={t('contact.message_placeholder')} />}
      </Field>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
