import { paths } from '../../lib/paths.ts';
import { GuidePage } from './guide-page.tsx';

export default function HowItWorksPage() {
  return (
    <GuidePage
      namespace="how-it-works"
      actions={(t) => [
        { label: t('cta.professional'), to: paths.register('professional') },
        { label: t('cta.employer'), to: paths.register('employer') },
      ]}
    />
  );
}
