import type { Db } from '../../db/client.ts';
import type { UsersRepository } from './users.repository.ts';

/** What money screens and messages need of a person: a name to show and an address to e-mail. */
export interface PersonSummary {
  id: string;
  role: 'professional' | 'employer';
  email: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
}

type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findUserById']>>>;

const summaryOf = (user: UserRow): PersonSummary => ({
  id: user.id,
  role: user.role,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  companyName: user.companyName,
});

type Contract = { employerId: string; professionalId: string };

export function createPeopleLookup(users: UsersRepository) {
  /** Both sides of each contract, in the contracts' order, in one query however many there are. */
  async function partiesOfAll(contracts: Contract[], executor?: Db) {
    const ids = [...new Set(contracts.flatMap((contract) => [contract.employerId, contract.professionalId]))];
    const byId = new Map((await users.findUsersByIds(ids, executor)).map((row) => [row.id, summaryOf(row)]));
    return contracts.map((contract) => {
      const employer = byId.get(contract.employerId);
      const professional = byId.get(contract.professionalId);
      if (!employer || !professional)
        throw new Error(`a party of the contract between ${contract.employerId} and ${contract.professionalId} is missing`);
      return { employer, professional };
    });
  }

  async function find(id: string, executor?: Db): Promise<PersonSummary | undefined> {
    const user = await users.findUserById(id, executor);
    return user && summaryOf(user);
  }
  return {
    find,
    async require(id: string, executor?: Db): Promise<PersonSummary> {
      const person = await find(id, executor);
      if (!person) throw new Error(`user ${id} not found`);
      return person;
    },
    /** Both sides of a contract in one query. */
    async partiesOf(contract: Contract, executor?: Db) {
      const [parties] = await partiesOfAll([contract], executor);
      if (!parties) throw new Error('no parties');
      return parties;
    },
  };
}

export type PeopleLookup = ReturnType<typeof createPeopleLookup>;
