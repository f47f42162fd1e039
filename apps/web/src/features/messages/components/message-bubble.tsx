import type { Attachment } from '@mihna/shared';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Check, CheckCheck, Clock, FileText, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { apiDownload } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatNumber, formatTime, languageOf } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.tsx';
import { messagingKeys } from '../api/conversations.ts';

export type DeliveryState = 'sending' | 'failed' | 'sent' | 'read';

/** A file's size as people say it: '820 KB', '2.4 MB'. */
function useFileSize() {
  const { t, i18n } = useTranslation('messages');
  const language = languageOf(i18n.language);
  return (bytes: number) =>
    bytes >= 1024 * 1024
      ? t('file.mb', { size: formatNumber(bytes / (1024 * 1024), language, { fractionDigits: 1 }) })
      : t('file.kb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024)), language) });
}

/** An image sent in the conversation: fetched with the reader's token (only its two people may see it), shown in place. */
function ImageAttachment({ attachment, onLoad }: { attachment: Attachment; onLoad: () => void }) {
  const { user } = useSession();
  const image = useQuery({
    queryKey: [...messagingKeys.all(user?.id ?? ''), 'attachment', attachment.url],
    queryFn: async () => (await apiDownload(attachment.url)).blob,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // The picture's address lives as long as it is on screen.
  const [source, setSource] = useState<string>();
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSource(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);
  if (!source) return <span className="block h-40 w-56 max-w-full animate-pulse rounded-lg bg-black/10" aria-hidden="true" />;
  return <img src={source} alt={attachment.file_name} onLoad={onLoad} className="max-h-64 max-w-full rounded-lg object-contain" />;
}

function FileAttachment({ attachment, isMine }: { attachment: Attachment; isMine: boolean }) {
  const { t } = useTranslation('messages');
  const fileSize = useFileSize();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function download() {
    setState('busy');
    try {
      await downloadFile(attachment.url, attachment.file_name);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={state === 'busy'}
      className={clsx(
        'flex w-64 max-w-full items-center gap-3 rounded-lg p-2 text-start',
        isMine ? 'bg-white/15 hover:bg-white/25' : 'bg-white ring-1 ring-slate-200 hover:bg-slate-50',
      )}
    >
      <FileText className="size-8 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span dir="auto" className="block truncate text-sm font-semibold">
          {attachment.file_name}
        </span>
        <span className="block text-xs opacity-80">
          {state === 'failed'
            ? t('file.failed')
            : state === 'busy'
              ? t('file.downloading')
              : `${fileSize(attachment.byte_size)} · ${t('file.download')}`}
        </span>
      </span>
    </button>
  );
}

const stateIcons = { sending: Clock, failed: ShieldAlert, sent: Check, read: CheckCheck } as const;

interface BubbleProps {
  body: string;
  attachment: Attachment | null;
  createdAt: string;
  isMine: boolean;
  isMasked: boolean;
  /** Mine only: where the message is on its way to being read. */
  state?: DeliveryState;
  onImageLoad: () => void;
  children?: React.ReactNode;
}

/** One message: its text in its own direction, its file, its time, and for the sender whether it was sent and read. */
export function MessageBubble({ body, attachment, createdAt, isMine, isMasked, state, onImageLoad, children }: BubbleProps) {
  const { t, i18n } = useTranslation('messages');
  const language = languageOf(i18n.language);
  const StateIcon = state ? stateIcons[state] : null;
  return (
    <li className={clsx('flex flex-col', isMine ? 'items-end' : 'items-start')} data-testid="message">
      <div
        className={clsx(
          'max-w-[85%] space-y-2 rounded-2xl px-3.5 py-2 sm:max-w-[70%]',
          isMine ? 'rounded-ee-sm bg-primary-strong text-white' : 'rounded-es-sm bg-slate-100 text-slate-950',
          state === 'failed' && 'opacity-70',
        )}
      >
        {attachment ? (
          attachment.content_type.startsWith('image/') ? (
            <ImageAttachment attachment={attachment} onLoad={onImageLoad} />
          ) : (
            <FileAttachment attachment={attachment} isMine={isMine} />
          )
        ) : null}
        {body ? (
          <p dir="auto" className="text-[15px] leading-6 break-words whitespace-pre-wrap">
            {body}
          </p>
        ) : null}
        <p className={clsx('flex items-center justify-end gap-1 text-[11px]', isMine ? 'text-white/80' : 'text-slate-500')}>
          <time dateTime={createdAt}>{formatTime(createdAt, language)}</time>
          {StateIcon && state ? (
            <span className="inline-flex items-center gap-0.5" data-state={state}>
              <StateIcon className="size-3.5" aria-hidden="true" />
              <span className={state === 'failed' || state === 'read' ? undefined : 'sr-only'}>{t(`state.${state}`)}</span>
            </span>
          ) : null}
        </p>
      </div>
      {isMasked ? (
        <p className="mt-1 flex max-w-[85%] items-start gap-1 text-xs text-amber-800 sm:max-w-[70%]">
          <ShieldAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {t('masked_note')}
        </p>
      ) : null}
      {children}
    </li>
  );
}
