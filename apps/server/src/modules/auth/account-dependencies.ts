import type { Db } from '../../db/client.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { UsersRepository } from '../users/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { CodesService } from './codes.service.ts';
import type { SessionsService } from './sessions.service.ts';

/** What the registration, login and password-reset services all work with. */
export interface AccountDependencies {
  db: Db;
  auth: AuthRepository;
  users: UsersRepository;
  codes: CodesService;
  sessions: SessionsService;
  delivery: DeliveryService;
}
