import { useTranslation } from '../../../i18n/index.ts';
import { useLocation } from '../../../lib/router/index.tsx';
import { Alert } from '../../../components/ui/alert.tsx';

/** What Edit profile sends along to the profile it opens after saving. */
export const profileSavedState = { notice: 'profile_saved' } as const;

/** 'Profile updated successfully!' on the profile page that Edit profile opened after saving (§8 Profile). */
export function ProfileSavedNotice() {
  const { t } = useTranslation('profile');
  const state = useLocation().state as { notice?: unknown } | null;
  if (state?.notice !== profileSavedState.notice) return null;
  return <Alert tone="success">{t('saved')}</Alert>;
}
