import type { ServerMessage, UserRole } from '@mihna/shared';
import { AppError } from './app-error.ts';
import { isRowId } from './ids.ts';

/** Who is acting: what permission checks need, never the whole user row (no password hash travels). */
export interface Actor {
  readonly id: string;
  readonly role: UserRole;
}

export const actorOf = (user: { id: string; role: UserRole }): Actor => ({ id: user.id, role: user.role });

/** The side of a contract a user is on. */
export type Side = 'employer' | 'professional';

/** 403 unless the actor is the employer (checked where a lookup first would let requests overtake each other). */
export function requireEmployer(actor: Actor, parties: { readonly employerId: string }, message: ServerMessage): void {
  if (actor.id !== parties.employerId) throw new AppError('forbidden', message);
}

/**
 * An action a module names on one of its subjects, `<subject>.<verb>`: `job.update`, `proposal.accept`,
 * `milestone.approve`. Each module lists its own in its `*.access.ts` (as immich does, server/src/utils/access.ts).
 */
export type Action = `${string}.${string}`;

/** Of the ids asked about, the ones that exist, each with whether the actor may do the action to it. */
export type Grants = ReadonlyMap<string, boolean>;

/** Who may do one action. */
export interface AccessRule {
  /** Only this role may do it at all: checked first, without a query (the wrong role is refused even for an id that names nothing). */
  role?: UserRole;
  /** The refusal (403) of the wrong role, when it is said in other words than `refusal`. */
  roleRefusal?: ServerMessage;
  /** The refusal (403) in the spec's words, when the role or the grant is missing. */
  refusal: ServerMessage;
  /**
   * The 404 of an id that names nothing, or that the grants leave out to hide that it exists (someone
   * else's conversation or invoice). Without it, such an id is refused (403) like one the actor may not touch.
   */
  notFound?: ServerMessage;
  /** Which of the ids exist and which the actor may touch: the module's repository answers, in one query for any number. */
  grants?: (actor: Actor, ids: readonly string[]) => Promise<Grants>;
}

export interface Access<A extends Action> {
  /**
   * The one check at the start of a service method: 403 when the actor lacks the role, then 404 when an id
   * names nothing, 403 when the actor may not do the action to every one of them, and nothing when they may.
   */
  require(actor: Actor, action: A, ids?: string | readonly string[]): Promise<void>;
  /** Whether the actor may do the action to every one of the ids (false for one that names nothing). */
  allows(actor: Actor, action: A, ids?: string | readonly string[]): Promise<boolean>;
}

/** A module's actions and who may do each: `const access = defineAccess({ 'job.update': { … } })`. */
export function defineAccess<A extends Action>(rules: Record<A, AccessRule>): Access<A> {
  type Decision = 'allowed' | 'wrong_role' | 'refused' | 'not_found';
  async function decide(actor: Actor, action: A, ids: string | readonly string[] = []): Promise<Decision> {
    const rule = rules[action];
    if (rule.role !== undefined && actor.role !== rule.role) return 'wrong_role';
    if (!rule.grants) return 'allowed';
    const list = typeof ids === 'string' ? [ids] : ids;
    const missing = rule.notFound === undefined ? 'refused' : 'not_found';
    if (list.some((id) => !isRowId(id))) return missing;
    const grants = list.length === 0 ? new Map<string, boolean>() : await rule.grants(actor, [...new Set(list)]);
    if (list.some((id) => !grants.has(id))) return missing;
    return list.every((id) => grants.get(id)) ? 'allowed' : 'refused';
  }
  return {
    async require(actor, action, ids) {
      const decision = await decide(actor, action, ids);
      const rule = rules[action];
      if (decision === 'not_found') throw new AppError('not_found', rule.notFound ?? rule.refusal);
      if (decision === 'wrong_role') throw new AppError('forbidden', rule.roleRefusal ?? rule.refusal);
      if (decision === 'refused') throw new AppError('forbidden', rule.refusal);
    },
    allows: async (actor, action, ids) => (await decide(actor, action, ids)) === 'allowed',
  };
}
