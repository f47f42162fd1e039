import clsx from 'clsx';
import { initialsOf } from '../../lib/initials.ts';

const sizes = { sm: 'size-11 text-sm', md: 'size-14 text-lg', lg: 'size-24 text-3xl' } as const;

/** The profile picture, or the initials on a brand-coloured disc when there is none. */
export function Avatar({
  person,
  size = 'md',
}: {
  person: { first_name: string; last_name: string; profile_picture: string | null };
  size?: keyof typeof sizes;
}) {
  if (person.profile_picture) {
    // The name is always written next to the picture, so the picture itself is decoration.
    return <img src={person.profile_picture} alt="" className={clsx('shrink-0 rounded-full object-cover', sizes[size])} />;
  }
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-primary-strong',
        sizes[size],
      )}
    >
      {initialsOf(person.first_name, person.last_name)}
    </span>
  );
}
