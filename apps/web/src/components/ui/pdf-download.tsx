import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/index.ts';
import { apiDownload } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/download.ts';
import { languageOf } from '../../lib/format.ts';
import { useServerMessage } from '../../lib/server-message.ts';
import { Button } from './button.tsx';

/**
 * Downloads a document the API lays out as PDF: in the reader's language, or in the other one (an
 * Arabic-speaking employer's accountant may need it in English, and the other way round).
 */
export function PdfDownload({ path, onError }: { path: string; onError: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const serverMessage = useServerMessage();
  const download = useMutation({
    mutationFn: (inLanguage: 'en' | 'ar') => apiDownload(path, { query: { language: inLanguage } }),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (error) => onError(serverMessage(error, t('pdf.failed'))),
  });
  const other = language === 'ar' ? 'en' : 'ar';
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Button variant="secondary" size="sm" disabled={download.isPending} onClick={() => download.mutate(language)}>
        {download.isPending && download.variables === language ? t('pdf.preparing') : t('pdf.download')}
      </Button>
      <Button variant="secondary" size="sm" disabled={download.isPending} onClick={() => download.mutate(other)} lang={other}>
        {download.isPending && download.variables === other ? t('pdf.preparing') : t(`pdf.in_${other}`)}
      </Button>
    </span>
  );
}
