import type { ExpertProfile } from '@mihna/shared';
import { BadgeCheck, Pencil, Send } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { takeFirst } from '../../../lib/format.ts';
import { ContactButton } from '../../../components/ui/contact-button.tsx';
import { fullName } from '../display.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { LocationAndIndustryBadges, SkillChips } from './badges.tsx';
import { IdentityBadge } from '../../../components/ui/identity-badge.tsx';

const HEADER_SKILLS = 8;

interface ExpertProfileHeaderProps {
  profile: ExpertProfile;
  isOwner: boolean;
  canInvite: boolean;
}

// Only employers can invite, and only some open the dialog: its code (a modal's focus trap and scroll
// lock) loads when the pointer or focus reaches the button, not with every visitor's profile.
const loadInviteDialog = () => import('./invite-to-job-dialog.tsx');
const InviteToJobDialog = lazy(() => loadInviteDialog().then((module) => ({ default: module.InviteToJobDialog })));

export function ExpertProfileHeader({ profile, isOwner, canInvite }: ExpertProfileHeaderProps) {
  const { t } = useTranslation('professionals');
  const [isInviting, setInviting] = useState(false);
  const [hasInvited, setHasInvited] = useState(false);
  const { user } = profile;
  const name = fullName(user);
  const skills = takeFirst(user.skills, HEADER_SKILLS);
  const isVerified = profile.verified_rating.total_verified_reviews > 0;

  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <Avatar person={user} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{name}</h1>
            {isVerified ? (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-secondary-strong">
                <BadgeCheck className="size-6" aria-hidden="true" />
                <span className="sr-only">{t('expert.verified')}</span>
              </span>
            ) : null}
            <IdentityBadge identity={user.identity_verified} />
          </div>
          {user.bio ? (
            <p dir="auto" className="mt-3 max-w-3xl whitespace-pre-line text-slate-700">
              {user.bio}
            </p>
          ) : null}
          <LocationAndIndustryBadges user={user} />
          <div className="mt-4">
            <SkillChips skills={skills.shown} more={skills.hiddenCount > 0 ? t('more', { n: skills.hiddenCount }) : null} />
          </div>
        </div>
        {isOwner || canInvite ? (
          <div className="flex shrink-0 flex-col gap-2 sm:items-end">
            {isOwner ? (
              <Button asChild variant="secondary">
                <Link to={paths.editProfile}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('profile.edit')}
                </Link>
              </Button>
            ) : null}
            {/* Employers see Contact Expert and Invite to Job (spec §2, §6). */}
            {canInvite ? <ContactButton participantId={user.id} label={t('expert.contact')} /> : null}
            {canInvite ? (
              <Button
                onPointerEnter={() => void loadInviteDialog()}
                onFocus={() => void loadInviteDialog()}
                onClick={() => {
                  setHasInvited(true);
                  setInviting(true);
                }}
              >
                <Send className="size-4" aria-hidden="true" />
                {t('invite.open')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {canInvite && hasInvited ? (
        <Suspense fallback={null}>
          <InviteToJobDialog professionalId={user.id} professionalName={name} isOpen={isInviting} onOpenChange={setInviting} />
        </Suspense>
      ) : null}
    </section>
  );
}
