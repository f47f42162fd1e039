import type { Db } from '../../db/client.ts';
import type { UsersRepository } from '../users/users.repository.ts';

/** What money screens and messages need of a person: a name to show and an address to e-mail. */
export interface PersonSummary {
  id: string;
  role: 'professional' | 'employer';
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

export function createPeopleLookup(users: UsersRepository) {
  async function find(id: string, executor?: Db): Promise<PersonSummary | undefined> {
    const user = await users.findUserById(id, executor);
    if (!user) return undefined;
    return {
      id: user.id,
      role: user.role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
    };
  }
  return {
    find,
    async require(id: string, executor?: Db): Promise<PersonSummary> {
      const person = await find(id, executor);
      if (!person) throw new Error(`user ${id} not found`);
      return person;
    },
  };
}

export type PeopleLookup = ReturnType<typeof createPeopleLookup>;
