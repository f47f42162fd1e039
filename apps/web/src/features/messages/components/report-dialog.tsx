import { conversationReportReasons, type ConversationReportReason } from '@mihna/shared';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { Field, Select, Textarea } from '../../../components/ui/field.tsx';
import { FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useReport } from '../api/conversations.ts';

/** Report the conversation to Mihna's staff, who read it in the console. */
export function ReportDialog({
  conversationId,
  isOpen,
  onClose,
  onReported,
}: {
  conversationId: string;
  isOpen: boolean;
  onClose: () => void;
  onReported: (message: string) => void;
}) {
  const { t } = useTranslation('messages');
  const serverMessage = useServerMessage();
  const report = useReport(conversationId);
  const [reason, setReason] = useState<ConversationReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [isReasonMissing, setReasonMissing] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('report.title')}
      description={t('report.text')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('report.submit')}
      isPending={report.isPending}
      failure={report.isError ? serverMessage(report.error, t('report.failed')) : null}
      onSubmit={() => {
        setReasonMissing(reason === '');
        if (reason === '') return;
        report.mutate(
          { reason, details },
          {
            onSuccess: ({ message }) => {
              setDetails('');
              onReported(message);
            },
          },
        );
      }}
    >
      <Field label={t('report.reason')} error={isReasonMissing ? t('report.reason_required') : undefined}>
        {(props) => (
          <Select {...props} value={reason} onChange={(event) => setReason(event.target.value as ConversationReportReason)}>
            <option value="" disabled>
              {t('report.choose_reason')}
            </option>
            {conversationReportReasons.map((value) => (
              <option key={value} value={value}>
                {t(`report.reasons.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('report.details')}>
        {(props) => (
          <Textarea {...props} dir="auto" rows={4} maxLength={2000} value={details} onChange={(event) => setDetails(event.target.value)} />
        )}
      </Field>
    </FormDialog>
  );
}
