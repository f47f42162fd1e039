import type { ServerMessage, UserRole } from '@mihna/shared';
import { AppError } from './app-error.ts';

/** Who is acting: what permission checks need, never the whole user row (no password hash travels). */
export interface Actor {
  readonly id: string;
  readonly role: UserRole;
}

export const actorOf = (user: { id: string; role: UserRole }): Actor => ({ id: user.id, role: user.role });

/** The two sides of a contract. */
export interface Parties {
  readonly employerId: string;
  readonly professionalId: string;
}

export type Side = 'employer' | 'professional';

export function requireRole(actor: Actor, role: UserRole, message: ServerMessage): void {
  if (actor.role !== role) throw new AppError('forbidden', message);
}

/** The side the actor is on, or 403 when they are neither. */
export function requireParty(actor: Actor, parties: Parties, message: ServerMessage): Side {
  if (actor.id === parties.employerId) return 'employer';
  if (actor.id === parties.professionalId) return 'professional';
  throw new AppError('forbidden', message);
}

export function requireEmployer(actor: Actor, parties: Pick<Parties, 'employerId'>, message: ServerMessage): void {
  if (actor.id !== parties.employerId) throw new AppError('forbidden', message);
}

export function requireProfessional(actor: Actor, parties: Pick<Parties, 'professionalId'>, message: ServerMessage): void {
  if (actor.id !== parties.professionalId) throw new AppError('forbidden', message);
}
