import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_LENGTH, messages, messagingMessages, type Attachment } from '@mihna/shared';
import { Paperclip, SendHorizontal, X } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { uploadAttachment } from '../api/conversations.ts';

interface ComposerProps {
  conversationId: string;
  onSend: (body: string, attachment: Attachment | null) => void;
  /** Take the focus when shown. */
  isFocused?: boolean;
}

/** Writing a message: Enter sends, Shift+Enter starts a new line; a file is uploaded as soon as it is chosen. */
export function Composer({ conversationId, onSend, isFocused = false }: ComposerProps) {
  const { t } = useTranslation('messages');
  const translate = useValidationMessage();
  const serverMessage = useServerMessage();
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const say = (english: string) => setProblem(translate(english) ?? english);

  async function attach(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (file.size > ATTACHMENT_MAX_BYTES) return say(messagingMessages.fileTooLarge);
    setUploading(true);
    try {
      setAttachment(await uploadAttachment(conversationId, file));
    } catch (error) {
      setProblem(serverMessage(error, t('file.upload_failed')));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    if (isUploading || (!body && !attachment)) return;
    if (body.length > MESSAGE_MAX_LENGTH) return say(messages.maxLength(MESSAGE_MAX_LENGTH));
    setProblem(null);
    onSend(body, attachment);
    setText('');
    setAttachment(null);
    textArea.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is still composing a word (Arabic, Japanese keyboards) finishes the word, not the message.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-3">
      {problem ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {attachment || isUploading ? (
        <div className="mb-2 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm">
          <Paperclip className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span dir="auto" className="min-w-0 flex-1 truncate">
            {attachment ? attachment.file_name : t('file.uploading')}
          </span>
          {attachment ? (
            <button
              type="button"
              onClick={() => setAttachment(null)}
              aria-label={t('file.remove', { name: attachment.file_name })}
              className="rounded p-1 text-slate-600 hover:bg-slate-200"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept="image/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv"
          onChange={(event) => void attach(event.target.files?.[0])}
          data-testid="attachment-input"
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={isUploading}
          aria-label={t('file.attach')}
          title={t('file.attach')}
          className="rounded-full p-2.5 text-slate-600 hover:bg-slate-100 disabled:opacity-50"
        >
          <Paperclip className="size-5" aria-hidden="true" />
        </button>
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t('composer.label')}</span>
          <textarea
            ref={textArea}
            dir="auto"
            rows={1}
            autoFocus={isFocused}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('composer.placeholder')}
            maxLength={MESSAGE_MAX_LENGTH}
            className="block max-h-40 min-h-11 w-full resize-none rounded-2xl border border-slate-300 px-4 py-2.5 text-[15px] [field-sizing:content] focus:border-primary focus:outline-2 focus:outline-primary/30"
          />
        </label>
        <button
          type="submit"
          disabled={isUploading || (!text.trim() && !attachment)}
          aria-label={t('composer.send')}
          title={t('composer.send')}
          className="rounded-full bg-primary-strong p-2.5 text-white hover:bg-primary disabled:opacity-40"
        >
          <SendHorizontal className="size-5 rtl:rotate-180" aria-hidden="true" />
        </button>
      </div>
    </form>
  );
}
