import { useTranslation } from '../../i18n/index.ts';
import { useParams } from '../../lib/router/index.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEmployerProfile } from '../../features/professionals/api/get-employer-profile.ts';
import {
  EmployerProfileHeader,
  EmployerProfileStats,
  employerDisplayName,
} from '../../features/professionals/components/employer-profile-header.tsx';
import { EmployerProfileTabs } from '../../features/professionals/components/employer-profile-tabs.tsx';
import { ProfileNotFound } from '../../features/professionals/components/profile-parts.tsx';
import { ProfileSavedNotice } from '../../features/profile/components/profile-saved-notice.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

export default function EmployerProfilePage() {
  const { t } = useTranslation('professionals');
  const { employerId = '' } = useParams();
  const { user } = useSession();
  const profile = useEmployerProfile(employerId);

  if (profile.isPending) return <Spinner label={t('profile.loading')} className="min-h-[50vh]" />;
  if (profile.isError) {
    const isMissing = profile.error instanceof ApiError && profile.error.status === 404;
    return <ProfileNotFound title={t('employer.not_found')} onRetry={isMissing ? undefined : () => void profile.refetch()} />;
  }

  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{employerDisplayName(profile.data.user)}</title>
      <ProfileSavedNotice />
      <EmployerProfileHeader
        profile={profile.data}
        isOwner={user?.id === profile.data.user.id}
        canContact={user?.role === 'professional'}
      />
      <EmployerProfileStats profile={profile.data} />
      <EmployerProfileTabs profile={profile.data} />
    </Container>
  );
}
