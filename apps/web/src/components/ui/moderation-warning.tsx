import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export type ModerationSeverity = 'mild' | 'moderate' | 'severe';

/** The content-moderation warning: what was cleaned, or why a text was refused. */
export function ModerationWarning({
  severity,
  messages,
  onClose,
}: {
  severity: ModerationSeverity | null;
  messages: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translate = useValidationMessage();
  if (!severity) return null;
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t(`moderation.${severity}.title`)}
      closeLabel={t('moderation.close')}
    >
      <div className="flex gap-3">
        <ShieldAlert
          className={severity === 'severe' ? 'size-6 shrink-0 text-red-600' : 'size-6 shrink-0 text-amber-600'}
          aria-hidden="true"
        />
        <div className="space-y-2 text-sm text-slate-700">
          <p>{t(`moderation.${severity}.text`)}</p>
          {messages.length > 0 ? (
            <ul className="list-disc space-y-1 ps-5 text-slate-600">
              {messages.map((message) => (
                <li key={message}>{translate(message)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <Button className="mt-6 w-full" onClick={onClose}>
        {t('moderation.understood')}
      </Button>
    </Dialog>
  );
}
