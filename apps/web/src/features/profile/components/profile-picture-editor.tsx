import type { CurrentUser } from '@mihna/shared';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { useValidationMessage } from '../../../lib/validation-message.ts';
import { deleteProfilePicture, uploadProfilePicture } from '../api/profile.ts';

const MAX_BYTES = 2 * 1024 * 1024;

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** The picture with upload and delete; the server checks the bytes again and re-encodes. */
export function ProfilePictureEditor({ user, onChanged }: { user: CurrentUser; onChanged: (user: CurrentUser) => void }) {
  const { t } = useTranslation('profile');
  const translate = useValidationMessage();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const initials = initialsOf(user.first_name, user.last_name);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError(t('picture.not_image'));
    if (file.size >= MAX_BYTES) return setError(t('picture.too_large'));
    setError(undefined);
    setBusy(true);
    try {
      onChanged(await uploadProfilePicture(await readAsDataUrl(file)));
    } catch (failure) {
      setError(
        failure instanceof ApiError ? t('picture.upload_failed', { detail: translate(failure.message) }) : t('picture.process_failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      onChanged(await deleteProfilePicture());
      setConfirming(false);
    } catch {
      setConfirming(false);
      setError(t('picture.delete_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {user.profile_picture ? (
        <img
          src={user.profile_picture}
          alt={t('picture.alt', { name: user.first_name })}
          className="size-24 rounded-full object-cover ring-1 ring-slate-200"
        />
      ) : (
        <span
          className="flex size-24 items-center justify-center rounded-full bg-primary/10 text-2xl font-semibold text-primary-strong"
          aria-hidden="true"
        >
          {initials}
        </span>
      )}
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" size="sm" disabled={isBusy} onClick={() => input.current?.click()}>
            <Camera className="size-4" aria-hidden="true" />
            {user.profile_picture ? t('picture.change') : t('picture.upload')}
          </Button>
          {user.profile_picture ? (
            <Button type="button" variant="ghost" size="sm" disabled={isBusy} onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t('picture.delete')}
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-500">{t('picture.hint')}</p>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label={t('picture.upload')}
          onChange={(event) => void upload(event)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      {/* Asked in the app's own words and language, not the browser's. */}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('picture.confirm_delete')}
        description={t('picture.confirm_delete_text')}
        confirmLabel={t('picture.delete')}
        cancelLabel={t('picture.keep')}
        isBusy={isBusy}
        isDestructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
