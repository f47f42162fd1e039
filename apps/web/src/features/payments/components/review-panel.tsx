import type { JobReviews } from '@mihna/shared';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { useJobReviews, useSubmitReview, type ReviewDraft } from '../api/reviews.ts';
import { useMoneyFormat } from './use-money.ts';

type Criterion = 'overall_rating' | 'work_quality' | 'communication' | 'timeliness' | 'payment_reliability';
const criteriaOf = (role: JobReviews['viewer_role']): Criterion[] =>
  role === 'employer'
    ? ['overall_rating', 'work_quality', 'communication', 'timeliness']
    : ['overall_rating', 'communication', 'payment_reliability'];
const labelKey = (criterion: Criterion) => (criterion === 'overall_rating' ? 'overall' : criterion);

/** 1–5 stars as a radio group: arrow keys move between them, and each star says how many it gives. */
function StarInput({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation('payments');
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="relative inline-block cursor-pointer">
            <input
              type="radio"
              className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              name={label}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
            />
            <Star
              aria-hidden="true"
              className={`size-7 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-primary ${stars <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
            />
            <span className="sr-only">{t('reviews.stars', { count: stars })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** After completion: the viewer's review form, then both reviews once they are released (double-blind). */
export function ReviewPanel({ jobId }: { jobId: string }) {
  const { t } = useTranslation('payments');
  const format = useMoneyFormat();
  const serverMessage = useServerMessage();
  const translate = useValidationMessage();
  const reviews = useJobReviews(jobId, true);
  const submit = useSubmitReview(jobId);
  const [draft, setDraft] = useState<Partial<Record<Criterion, number>>>({});
  const [comment, setComment] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  if (!reviews.data) return null;
  const data = reviews.data;
  const name = `\u2068${data.other_party_name}\u2069`;
  const date = data.release_due_at ? format.date(data.release_due_at) : '';
  const criteria = criteriaOf(data.viewer_role);
  const isComplete = criteria.every((criterion) => draft[criterion]);

  return (
    <section aria-labelledby="reviews" className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
      <h2 id="reviews" className="text-lg font-bold text-slate-950">
        {t('reviews.title')}
      </h2>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {data.can_review ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isComplete) return;
            submit.mutate(
              { ...(draft as ReviewDraft), comment },
              {
                onSuccess: ({ message }) => setNotice({ tone: 'success', text: translate(message) ?? message }),
                onError: (error) => setNotice({ tone: 'error', text: serverMessage(error, t('reviews.failed')) }),
              },
            );
          }}
        >
          <p className="text-sm text-slate-700">{t('reviews.prompt', { name })}</p>
          <p className="text-xs text-slate-500">{t('reviews.blind', { name, date })}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {criteria.map((criterion) => (
              <StarInput
                key={criterion}
                label={t(`reviews.${labelKey(criterion)}`)}
                value={draft[criterion] ?? 0}
                onChange={(value) => setDraft((current) => ({ ...current, [criterion]: value }))}
              />
            ))}
          </div>
          <Field label={t('reviews.comment')}>
            {(props) => (
              <Textarea {...props} rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
            )}
          </Field>
          <Button type="submit" disabled={!isComplete || submit.isPending}>
            {t('reviews.submit')}
          </Button>
        </form>
      ) : null}
      {data.mine ? (
        <div className="rounded-xl bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('reviews.yours', { name })}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('reviews.stars', { count: data.mine.overall_rating })}</p>
          {data.mine.comment ? (
            <p dir="auto" className="mt-1 text-sm text-slate-700">
              {data.mine.comment}
            </p>
          ) : null}
        </div>
      ) : null}
      {data.theirs ? (
        <div className="rounded-xl bg-slate-50 p-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('reviews.theirs', { name })}</h3>
          <p className="mt-1 text-sm text-slate-700">{t('reviews.stars', { count: data.theirs.overall_rating })}</p>
          {data.theirs.comment ? (
            <p dir="auto" className="mt-1 text-sm text-slate-700">
              {data.theirs.comment}
            </p>
          ) : null}
        </div>
      ) : data.mine ? (
        <p className="text-sm text-slate-500">{t('reviews.waiting', { name, date })}</p>
      ) : null}
    </section>
  );
}
