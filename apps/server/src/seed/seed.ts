import type { App } from '../app.ts';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { seedDemoMoney } from './demo-money.ts';

interface SeedOptions {
  demo: boolean;
  canDeliverLocally: boolean;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: the admin console's super admin, created when missing (ADMIN_TOTP_SECRET its authenticator). */
  superAdmin?: { email: string; password: string; totpSecret?: string } | undefined;
  clock?: () => Date;
}

/** The demo's super admin, when ADMIN_EMAIL names none: it signs in at /admin with the demo password. */
const DEMO_SUPER_ADMIN = {
  email: 'admin@demo.mihna.ae',
  password: DEMO_PASSWORD,
  totpSecret: DEMO_ADMIN_TOTP_SECRET,
  first_name: 'Mariam',
  last_name: 'Al Suwaidi',
};

/**
 * The console's super admin: `account` when it has none of that address yet. Without one and without
 * any admin, the log says how to make one. Returns the address of the super admin named, if any.
 */
async function seedSuperAdmin(app: App, account: { email: string; password: string; totpSecret?: string } | undefined) {
  if (account) {
    if (await app.services.admins.ensureSuperAdmin(account)) app.log.info(`Admin console: super admin ${account.email} created.`);
    return account.email;
  }
  if (!(await app.services.admins.hasAnyAdmin()))
    app.log.warn('The admin console (/admin) has no admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create its super admin.');
  return undefined;
}

/**
 * Prepares a database for use through the same services the product uses. Safe to run at every
 * start: it only adds what is missing. `demo` adds demo content (SEED_DEMO); the features that own
 * demo content add it here.
 */
export async function seedDatabase(app: App, options: SeedOptions = { demo: false, canDeliverLocally: false }) {
  await app.services.settings.ensureSettings();
  const isDemo = options.demo && options.canDeliverLocally;
  const admin = await seedSuperAdmin(app, options.superAdmin ?? (isDemo ? DEMO_SUPER_ADMIN : undefined));
  if (!options.demo) return undefined;
  if (!options.canDeliverLocally) {
    app.log.info('Demo accounts are made only with the development outbox (no e-mail provider); skipped.');
    return undefined;
  }
  const demo = await seedDemoAccounts(app);
  const now = options.clock?.() ?? new Date();
  const marketplace = await seedDemoMarketplace(app, now);
  if (marketplace.created) {
    app.log.info(`Demo marketplace: ${marketplace.users} people, ${marketplace.jobs} projects, ${marketplace.proposals} proposals.`);
  }
  const employer = demo.accounts.find((account) => account.role === 'employer');
  const demoEmployer = employer ? await app.services.users.findUserByEmail(employer.email) : undefined;
  const money = await seedDemoMoney(app, now, demoEmployer?.id);
  if (money.completed > 0) app.log.info(`Demo payments: ${money.completed} jobs completed and paid, one in escrow, one disputed.`);
  const professional = demo.accounts.find((account) => account.role === 'professional');
  const demoProfessional = professional ? await app.services.users.findUserByEmail(professional.email) : undefined;
  const talk = await seedDemoMessages(app, now, { employerId: demoEmployer?.id, professionalId: demoProfessional?.id });
  if (talk.conversations > 0) app.log.info(`Demo messages: ${talk.conversations} conversations.`);
  return {
    ...demo,
    password: DEMO_PASSWORD,
    marketplace,
    money,
    talk,
    superAdmin: admin,
    isDemoSuperAdmin: admin === DEMO_SUPER_ADMIN.email,
    adminTotpSecret: admin === DEMO_SUPER_ADMIN.email ? DEMO_ADMIN_TOTP_SECRET : undefined,
  };
}
