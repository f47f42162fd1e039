import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useNavigate } from '../../lib/router/index.tsx';
import { Container } from '../../components/ui/container.tsx';
import { ModerationWarning, type ModerationSeverity } from '../../components/ui/moderation-warning.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { UpdatedProfile } from '../../features/profile/api/profile.ts';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { profileSavedState } from '../../features/profile/components/profile-saved-notice.tsx';
import { paths } from '../../lib/paths.ts';
import { useReturnState } from '../../lib/return-to.ts';
import { useSession } from '../../lib/session.tsx';

const AFTER_SAVE_MS = 1200;

export default function EditProfilePage() {
  const { t } = useTranslation('profile');
  const { user, isLoading, updateUser } = useSession();
  const navigate = useNavigate();
  const returnState = useReturnState();
  const [moderation, setModeration] = useState<{ severity: ModerationSeverity; messages: string[]; next?: string } | null>(null);

  if (isLoading) return <Spinner label={t('loading')} className="min-h-[50vh]" />;
  if (!user) {
    return (
      <Container className="py-16 text-center">
        <title>{t('access_denied')}</title>
        <h1 className="text-2xl font-bold text-slate-950">{t('access_denied')}</h1>
        <p className="mt-2 text-slate-600">{t('please_log_in')}</p>
        <Link to={paths.login} state={returnState} className="mt-6 inline-block font-semibold text-primary-strong hover:underline">
          {t('log_in')}
        </Link>
      </Container>
    );
  }

  // The specification's /employers/{id}, or the professional profile that its /experts/{id} opens: straight
  // there, since a forward does not carry the saved notice along.
  const profilePath = user.role === 'employer' ? paths.employer(user.id) : paths.professional(user.id);
  // The profile says 'Profile updated successfully!' too, as the form did before leaving.
  const openProfile = () => void navigate(profilePath, { state: profileSavedState });

  function saved({ moderation_messages: messages, ...updated }: UpdatedProfile) {
    updateUser(updated);
    if (messages.length > 0) return setModeration({ severity: 'mild', messages, next: profilePath });
    setTimeout(openProfile, AFTER_SAVE_MS);
  }

  return (
    <Container className="py-10 sm:py-14">
      <title>{t('title')}</title>
      <div className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 text-slate-600">{t('subtitle')}</p>
        <div className="mt-8">
          <ProfileForm
            user={user}
            onUserChanged={updateUser}
            onSaved={saved}
            onRefused={() => setModeration({ severity: 'severe', messages: [] })}
            onClose={() => void navigate(-1)}
          />
        </div>
      </div>
      <ModerationWarning
        severity={moderation?.severity ?? null}
        messages={moderation?.messages ?? []}
        onClose={() => {
          const next = moderation?.next;
          setModeration(null);
          if (next) openProfile();
        }}
      />
    </Container>
  );
}
