import { paths } from '../../lib/paths.ts';
import { GuidePage } from './guide-page.tsx';

export default function ForEmployersPage() {
  return (
    <GuidePage
      namespace="for-employers"
      actions={(t) => [
        { label: t('cta.post'), to: paths.postJob },
        { label: t('cta.browse'), to: paths.professionals },
      ]}
    />
  );
}
