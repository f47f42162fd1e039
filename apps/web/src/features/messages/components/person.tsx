import type { Conversation } from '@mihna/shared';
import { paths } from '../../../lib/paths.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';

type Person = Conversation['other'];

/** Where the other person's public profile is. */
export const profilePathOf = (person: Person) =>
  person.role === 'professional' ? paths.professional(person.id) : paths.employer(person.id);

/** Their picture, or their initials; their name is always written beside it. */
export function PersonAvatar({ person }: { person: Person }) {
  const [first = '', ...rest] = person.name.split(' ');
  return <Avatar person={{ first_name: first, last_name: rest.at(-1) ?? '', profile_picture: person.profile_picture_url }} size="sm" />;
}
