import type { Conversation } from '@mihna/shared';
import clsx from 'clsx';
import { paths } from '../../../lib/paths.ts';
import { initialsOf } from '../../professionals/display.ts';

type Person = Conversation['other'];

/** Where the other person's public profile is. */
export const profilePathOf = (person: Person) =>
  person.role === 'professional' ? paths.professional(person.id) : paths.employer(person.id);

/** Their picture, or their initials on a brand-coloured disc; their name is always written beside it. */
export function PersonAvatar({ person, className = 'size-11' }: { person: Person; className?: string }) {
  if (person.profile_picture_url) {
    return (
      <img
        src={person.profile_picture_url}
        alt=""
        width={44}
        height={44}
        className={clsx('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  const [first = '', ...rest] = person.name.split(' ');
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary-strong',
        className,
      )}
    >
      {initialsOf(first, rest.at(-1) ?? '')}
    </span>
  );
}
