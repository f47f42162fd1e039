import { useTranslation } from '../../i18n/index.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('forgot.title')}>
      <title>{t('forgot.title')}</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
