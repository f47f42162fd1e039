import { useTranslation } from '../../i18n/index.ts';
import { useParams } from '../../lib/router/index.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useExpertProfile } from '../../features/professionals/api/get-expert-profile.ts';
import { fullName } from '../../features/professionals/display.ts';
import { ExpertProfileHeader } from '../../features/professionals/components/expert-profile-header.tsx';
import { ExpertProfileStats } from '../../features/professionals/components/expert-profile-stats.tsx';
import { ExpertProfileTabs } from '../../features/professionals/components/expert-profile-tabs.tsx';
import { ProfileNotFound } from '../../features/professionals/components/profile-parts.tsx';
import { ProfileSavedNotice } from '../../features/profile/components/profile-saved-notice.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

export default function ProfessionalProfilePage() {
  const { t } = useTranslation('professionals');
  const { professionalId = '' } = useParams();
  const { user } = useSession();
  const profile = useExpertProfile(professionalId);

  if (profile.isPending) return <Spinner label={t('profile.loading')} className="min-h-[50vh]" />;
  if (profile.isError) {
    const isMissing = profile.error instanceof ApiError && profile.error.status === 404;
    return <ProfileNotFound title={t('expert.not_found')} onRetry={isMissing ? undefined : () => void profile.refetch()} />;
  }

  const isOwner = user?.id === profile.data.user.id;
  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{fullName(profile.data.user)}</title>
      <ProfileSavedNotice />
      <ExpertProfileHeader profile={profile.data} isOwner={isOwner} canInvite={user?.role === 'employer' && !isOwner} />
      <ExpertProfileStats profile={profile.data} />
      <ExpertProfileTabs profile={profile.data} />
    </Container>
  );
}
