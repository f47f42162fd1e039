// The users module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createPeopleLookup, type PeopleLookup, type PersonSummary } from './people.ts';
export { toCurrentUser } from './user-response.ts';
export { createUsersRepository, internationalPhoneDigits, type UserRow, type UsersRepository } from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { createUsersService, DELETED_USER_NAME, type UsersService } from './users.service.ts';
export { insertUsers, backdateUser, type NewUser } from './users.repository.ts';
