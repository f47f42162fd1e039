import {
  type AdminDispute,
  currencyOfCountry,
  findCountry,
  findRegion,
  money,
  toDecimal,
  jobCreationSchema,
  LOCAL_SERVICES_INDUSTRY_ID,
  toUsdCents,
} from '@mihna/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findContactDetails } from '../modules/moderation/contact-details.ts';
import { moderateText } from '../modules/moderation/moderation.ts';
import { createTestApp, selectRows } from '../test/harness.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { planDemoMarketplace, seedDemoMarketplace } from './demo-marketplace.ts';
import { jobs } from '../modules/jobs/jobs.schema.ts';
import { notifications } from '../modules/notifications/notifications.schema.ts';
import { jobInterests, jobInvitations, proposals } from '../modules/proposals/proposals.schema.ts';
import { users } from '../modules/users/users.schema.ts';
import { seedDatabase } from './seed.ts';
import { seedDemoMoney } from './demo-money.ts';
import { seedDemoMessages } from './demo-messages.ts';
import { checkLedgerInvariants } from '../modules/payments/ledger-invariants.ts';
import type { App } from '../app.ts';
import { createSuperAdmin } from '../modules/admin/test-admins.ts';

const omarEmail = 'omar.almansoori@demo.mihna.ae';
const laylaEmail = 'layla.haddad@demo.mihna.ae';
const countries = ['AE', 'SA', 'QA', 'KW', 'OM', 'BH'];

describe('seedDemoMarketplace', () => {
  let app: App;
  let now: Date;
  let result: Awaited<ReturnType<typeof seedDemoMarketplace>>;
  let usersWithoutDemo: number;
  let demoMoney: Awaited<ReturnType<typeof seedDemoMoney>>;
  const db = () => app.services.database.db;
  const count = async (table: string) => {
    const [row] = await selectRows<{ total: number }>(app.services.database, sql.raw(`select count(*)::int as total from ${table}`));
    return row?.total ?? 0;
  };
  const logIn = async (email: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/enhanced-login', payload: { email, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string; user: { id: string; role: string } }>();
  };

  beforeAll(async () => {
    app = await createTestApp();
    usersWithoutDemo = await count('users');
    await seedDemoAccounts(app);
    now = new Date();
    const started = performance.now();
    result = await seedDemoMarketplace(app, now);
    const omar = await app.services.users.findUserByEmail('omar.almansoori@demo.mihna.ae');
    demoMoney = await seedDemoMoney(app, now, omar?.id);
    const layla = await app.services.users.findUserByEmail('layla.haddad@demo.mihna.ae');
    await seedDemoMessages(app, now, { employerId: omar?.id, professionalId: layla?.id });
    console.log(
      `demo marketplace seeded in ${Math.round(performance.now() - started)} ms on ${app.services.database.kind}`,
      result,
      demoMoney,
    );
  });
  afterAll(() => app.close());

  it('creates professionals, employers, projects in all six countries and proposals', async () => {
    expect(usersWithoutDemo).toBe(0);
    expect(result.created).toBe(true);
    const [people] = await selectRows<{ professionals: number; employers: number }>(
      app.services.database,
      sql`select count(*) filter (where role = 'professional')::int as professionals, count(*) filter (where role = 'employer')::int as employers from users`,
    );
    expect(people!.professionals).toBeGreaterThanOrEqual(55);
    expect(people!.employers).toBeGreaterThanOrEqual(15);
    expect(await count('jobs')).toBeGreaterThanOrEqual(110);
    expect(await count('proposals')).toBeGreaterThanOrEqual(100);
    const perCountry = await selectRows<{ country: string; total: number }>(
      app.services.database,
      sql`select country, count(*)::int as total from jobs group by country`,
    );
    expect(perCountry.map((row) => row.country).sort()).toEqual([...countries].sort());
    const professionals = await db().select().from(users).where(eq(users.role, 'professional'));
    const uaeShare = professionals.filter((user) => user.country === 'AE').length / professionals.length;
    expect(uaeShare).toBeGreaterThan(0.4);
    expect(uaeShare).toBeLessThan(0.6);
    expect(new Set(professionals.map((user) => user.country))).toEqual(new Set(countries));
  });

  it('keeps every proposal_count equal to the proposals of its project', async () => {
    const mismatches = await selectRows(
      app.services.database,
      sql`select j.id from jobs j left join proposals p on p.job_id = j.id group by j.id having j.proposal_count <> count(p.id)`,
    );
    expect(mismatches).toEqual([]);
  });

  it('never has two proposals from one professional on one project, and hires once per assigned project', async () => {
    const duplicates = await selectRows(
      app.services.database,
      sql`select job_id, worker_id from proposals group by job_id, worker_id having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    const hires = await selectRows<{ status: string; accepted: number }>(
      app.services.database,
      sql`select j.status, count(p.id) filter (where p.status = 'accepted')::int as accepted
          from jobs j left join proposals p on p.job_id = j.id group by j.id, j.status`,
    );
    // Hired projects are assigned (in escrow or disputed) or, once paid, completed.
    const isHired = (status: string) => status === 'assigned' || status === 'completed';
    expect(hires.filter((row) => isHired(row.status)).length).toBeGreaterThanOrEqual(4);
    for (const row of hires) expect(row.accepted).toBe(isHired(row.status) ? 1 : 0);
    expect(new Set(hires.map((row) => row.status))).toEqual(new Set(['open', 'assigned', 'completed']));
    const fromEmployers = await selectRows(
      app.services.database,
      sql`select p.id from proposals p join users u on u.id = p.worker_id where u.role <> 'professional'`,
    );
    expect(fromEmployers).toEqual([]);
  });

  it('takes proposals on cash projects only from professionals in the same emirate or region', async () => {
    const cashJobs = await db().select().from(jobs).where(eq(jobs.paymentMethod, 'cash'));
    expect(cashJobs.length).toBeGreaterThan(5);
    for (const job of cashJobs) expect(job.region).not.toBeNull();
    const outsiders = await selectRows(
      app.services.database,
      sql`select p.id from proposals p join jobs j on j.id = p.job_id join users u on u.id = p.worker_id
          where j.payment_method = 'cash' and (u.country <> j.country or u.emirate is distinct from j.region)`,
    );
    expect(outsiders).toEqual([]);
    const [withProposals] = await selectRows<{ total: number }>(
      app.services.database,
      sql`select count(*)::int as total from jobs where payment_method = 'cash' and proposal_count > 0`,
    );
    expect(withProposals!.total).toBeGreaterThan(3);
  });

  it('features projects with featured_until set, some still featured and some no longer', async () => {
    const featured = (await db().select().from(jobs)).filter((job) => job.featuredRequested);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    for (const job of featured) expect(job.featuredUntil).toBeInstanceOf(Date);
    const active = featured.filter((job) => job.featuredUntil!.getTime() > now.getTime());
    expect(active.length).toBeGreaterThanOrEqual(5);
    for (const job of active) expect(job.featuredUntil!.getTime()).toBeLessThanOrEqual(now.getTime() + 7 * 86_400_000);
    expect(featured.length - active.length).toBeGreaterThanOrEqual(1);
    const notRequested = (await db().select().from(jobs)).filter((job) => !job.featuredRequested && job.featuredUntil !== null);
    expect(notRequested).toEqual([]);
  });

  it('stores every project as the project form would accept it, in its country’s currency', async () => {
    const rows = await db().select().from(jobs);
    const oldest = Math.min(...rows.map((job) => job.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeLessThanOrEqual(46 * 86_400_000);
    for (const job of rows) {
      const currency = currencyOfCountry(job.country);
      expect(job.currency).toBe(currency);
      const budgetMin = toDecimal(money(job.budgetMinMinor, currency));
      const budgetMax = toDecimal(money(job.budgetMaxMinor, currency));
      expect(job.budgetMinUsd).toBe(toUsdCents(money(job.budgetMinMinor, currency)));
      expect(job.budgetMaxUsd).toBe(toUsdCents(money(job.budgetMaxMinor, currency)));
      const parsed = jobCreationSchema.safeParse({
        title: job.title,
        description: job.description,
        skills_required: job.skillsRequired,
        project_type: job.jobType,
        budget_min: budgetMin,
        budget_max: budgetMax,
        start_date: job.startDate,
        deadline: job.deadline,
        country: job.country,
        region: job.region,
        city: job.city,
        industry_category: job.industryCategory,
        local_service_category: job.localServiceCategory,
        local_service_subcategory: job.localServiceSubcategory,
        payment_method: job.paymentMethod,
        is_urgent: job.isUrgent,
        location_required: job.locationRequired,
        allow_remote: job.allowRemote,
      });
      expect(parsed.error?.issues, job.title).toBeUndefined();
      expect(job.localServiceCategory !== null, job.title).toBe(job.industryCategory === LOCAL_SERVICES_INDUSTRY_ID);
      expect(job.createdAt.getTime()).toBeLessThan(now.getTime());
      if (job.status === 'open' && job.deadline) expect(Date.parse(`${job.deadline}T23:59:59Z`)).toBeGreaterThan(now.getTime());
    }
    const arabic = rows.filter((job) => /[\u0600-\u06FF]/.test(job.title)).length / rows.length;
    expect(arabic).toBeGreaterThan(0.18);
    expect(arabic).toBeLessThan(0.32);
  });

  it('gives every demo person a unique e-mail, a mobile number of their country and a valid place', async () => {
    const people = await db().select().from(users);
    expect(new Set(people.map((user) => user.email.toLowerCase())).size).toBe(people.length);
    const reviewed = await selectRows<{ reviewee_id: string; total: number; average: number }>(
      app.services.database,
      sql`select reviewee_id, count(*)::int as total, avg(overall_rating)::float as average from reviews where released_at is not null group by reviewee_id`,
    );
    const ratingOf = new Map(reviewed.map((row) => [row.reviewee_id, row]));
    for (const user of people) {
      expect(user.email).toMatch(/^[a-z]+\.[a-z]+@demo\.mihna\.ae$/);
      expect(user.countryCode).toBe(findCountry(user.country)?.phoneCode);
      expect(user.phoneNumber).toMatch(/^\d{8,9}$/);
      const region = findRegion(user.country, user.emirate ?? '');
      expect(region, user.email).toBeDefined();
      expect(
        region?.cities.some((city) => city.id === user.city),
        user.email,
      ).toBe(true);
      expect(user.verificationMethod).toBe('email');
      if (user.showExactLocation) expect(user.showLocation).toBe(true);
      if (user.role !== 'professional' || user.email === laylaEmail) continue;
      expect(user.hourlyRateMinor).toBeGreaterThanOrEqual(60_00);
      expect(user.hourlyRateMinor).toBeLessThanOrEqual(450_00);
      expect(user.skills.length).toBeGreaterThanOrEqual(4);
      // A rating only from the verified reviews of paid work.
      expect(user.totalReviews).toBe(ratingOf.get(user.id)?.total ?? 0);
      expect(user.totalRating).toBeCloseTo(ratingOf.get(user.id)?.average ?? 0, 2);
      expect(user.localServiceCategory !== null).toBe(user.industryCategory === LOCAL_SERVICES_INDUSTRY_ID);
    }
    expect(people.filter((user) => !user.showLocation).length).toBeGreaterThanOrEqual(2);
    expect(people.filter((user) => user.showExactLocation).length).toBeGreaterThanOrEqual(2);
    expect(new Set(people.map((user) => `${user.countryCode}${user.phoneNumber}`)).size).toBe(people.length);
  });

  it('gives the demo employer projects with proposals, and notifies him of each proposal', async () => {
    const omar = (await app.services.users.findUserByEmail(omarEmail))!;
    const own = await db().select().from(jobs).where(eq(jobs.employerId, omar.id));
    expect(own.length).toBeGreaterThanOrEqual(5);
    const open = own.filter((job) => job.status === 'open');
    for (const job of open) expect(job.proposalCount).toBeGreaterThanOrEqual(2);
    const received = await db().select().from(notifications).where(eq(notifications.userId, omar.id));
    const aboutProposals = received.filter((notification) => notification.kind === 'proposal_received');
    expect(aboutProposals.length).toBe(own.reduce((total, job) => total + job.proposalCount, 0));
    // And of his hourly contract's weeks, reviewed and paid but for the last, which waits for him.
    const [waiting] = await selectRows<{ weeks: number }>(
      app.services.database,
      sql`select count(distinct date_trunc('week', (t.started_at at time zone 'UTC') + interval '4 hours'))::int as weeks
          from time_entries t join contracts c on c.id = t.contract_id
          where c.employer_id = ${omar.id} and t.review_status is null
            and date_trunc('week', (t.started_at at time zone 'UTC') + interval '4 hours') + interval '7 days' <= (now() at time zone 'UTC') + interval '4 hours'`,
    );
    expect(waiting!.weeks).toBe(1);
    const sample = aboutProposals[0]!;
    expect(sample.kind).toBe('proposal_received');
    expect(sample.title).toBe('New proposal');
    expect(sample.message).toBe(`\u2068${sample.params.worker_name}\u2069 sent a proposal for "\u2068${sample.params.job_title}\u2069".`);
    const [proposal] = await selectRows<{ id: string }>(
      app.services.database,
      sql`select p.id from proposals p join users u on u.id = p.worker_id
          where p.job_id = ${sample.params.job_id} and u.first_name || ' ' || u.last_name = ${sample.params.worker_name}`,
    );
    expect(sample.link).toBe(`/projects/${sample.params.job_id}#proposal-${proposal!.id}`);

    const { access_token: token } = await logIn(omarEmail);
    const list = await app.inject({ method: 'GET', url: '/api/notifications?limit=10', headers: { authorization: `Bearer ${token}` } });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ notifications: { title: string }[]; unread_count: number }>();
    expect(body.notifications.length).toBeGreaterThanOrEqual(8);
    expect(body.notifications[0]!.title).toBe('New proposal');
    expect(body.unread_count).toBeGreaterThanOrEqual(1);
  });

  it('sends one proposal from the demo professional, on another employer’s open project', async () => {
    const layla = (await app.services.users.findUserByEmail(laylaEmail))!;
    const sent = await selectRows<{ employer_id: string; status: string }>(
      app.services.database,
      sql`select j.employer_id, j.status from proposals p join jobs j on j.id = p.job_id where p.worker_id = ${layla.id}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.employer_id).not.toBe(layla.id);
    expect(sent[0]!.status).toBe('open');
    const [proposal] = await db().select().from(proposals).where(eq(proposals.workerId, layla.id));
    const [job] = await db().select().from(jobs).where(eq(jobs.id, proposal!.jobId));
    expect(proposal!.currency).toBe(job!.currency);
    expect(proposal!.proposedAmountMinor).toBeGreaterThan(0);
    // A fixed-price bid is a whole price within the budget; an hourly one a rate well below it.
    if (job!.jobType === 'fixed') expect(proposal!.proposedAmountMinor).toBeLessThanOrEqual(job!.budgetMaxMinor);
  });

  it('lets a demo professional and a demo employer log in with the demo password', async () => {
    expect((await logIn('priya.nair@demo.mihna.ae')).user.role).toBe('professional');
    expect((await logIn('nasser.alfalasi@demo.mihna.ae')).user.role).toBe('employer');
  });

  it('writes texts that moderation lets through unchanged', async () => {
    const texts = [
      ...(await db().select({ title: jobs.title, description: jobs.description }).from(jobs)).flatMap((job) => [
        job.title,
        job.description,
      ]),
      ...(await db().select({ text: proposals.proposalText }).from(proposals)).map((proposal) => proposal.text),
      ...(await db().select({ bio: users.bio, company: users.companyDescription }).from(users)).flatMap((user) => [
        user.bio ?? '',
        user.company ?? '',
      ]),
    ];
    const flagged = texts.filter((text) => text && moderateText(text).severity !== 'none');
    expect(flagged).toEqual([]);
  });

  it('writes profiles, projects, proposals and notes that hold no contact details, so none is refused or masked', async () => {
    const texts = [
      ...(await db().select({ title: jobs.title, description: jobs.description }).from(jobs)).flatMap((job) => [
        job.title,
        job.description,
      ]),
      ...(await db().select({ text: proposals.proposalText }).from(proposals)).map((proposal) => proposal.text),
      ...(await db().select({ message: jobInterests.message, duration: jobInterests.estimatedDuration }).from(jobInterests)).flatMap(
        (interest) => [interest.message ?? '', interest.duration ?? ''],
      ),
      ...(await db().select({ message: jobInvitations.message }).from(jobInvitations)).map((invitation) => invitation.message ?? ''),
      ...(
        await db()
          .select({ bio: users.bio, name: users.companyName, company: users.companyDescription, highlights: users.careerHighlights })
          .from(users)
      ).flatMap((user) => [user.bio ?? '', user.name ?? '', user.company ?? '', ...user.highlights]),
    ];
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((text) => findContactDetails(text).length > 0)).toEqual([]);
  });

  it('pays for hires through the payment services: completed jobs with reviews, one in escrow, one disputed, the ledger sound', async () => {
    expect(demoMoney.completed).toBeGreaterThanOrEqual(2);
    const statuses = await selectRows<{ status: string; total: number }>(
      app.services.database,
      sql`select status, count(*)::int as total from payments group by status order by status`,
    );
    // Completed contracts are paid in full; one fixed-price job is in escrow with work submitted; one dispute is open.
    expect(statuses.find((row) => row.status === 'disputed')?.total).toBe(1);
    expect(statuses.find((row) => row.status === 'escrowed')?.total).toBe(1);
    // The dispute is over money still held, which staff can release, refund or split.
    const staff = await createSuperAdmin(app);
    const disputes = await app.inject({ method: 'GET', url: '/api/admin/disputes', headers: { authorization: `Bearer ${staff.token}` } });
    const [dispute] = disputes.json<{ disputes: AdminDispute[] }>().disputes;
    expect(dispute!.held).toBeGreaterThan(0);
    // About its second milestone only: the first was approved and paid before.
    expect(dispute!.milestones.map((milestone) => [milestone.status, milestone.in_dispute])).toEqual([
      ['approved', false],
      ['pending', true],
    ]);
    const [unpaid] = await selectRows<{ total: number }>(
      app.services.database,
      sql`select count(*)::int as total from contracts c join payments p on p.contract_id = c.id
          where c.status = 'completed' and p.status <> 'released'`,
    );
    expect(unpaid!.total).toBe(0);
    const [reviewed] = await selectRows<{ released: number }>(
      app.services.database,
      sql`select count(*)::int as released from reviews where released_at is not null`,
    );
    expect(reviewed!.released).toBe(2 * demoMoney.completed);
    const [submitted] = await selectRows<{ total: number }>(
      app.services.database,
      sql`select count(*)::int as total from milestones m join payments p on p.id = m.payment_id where m.status = 'submitted' and p.status = 'escrowed'`,
    );
    expect(submitted!.total).toBe(1);
    // Hourly contracts were worked on the timer and paid week by week, an entry disputed here and there.
    const [hours] = await selectRows<{ timed: number; weeks: number; paid: number; disputed: number }>(
      app.services.database,
      sql`select (select count(*)::int from time_entries where source = 'timer') as timed,
                 (select count(*)::int from timesheets) as weeks,
                 (select count(*)::int from timesheets t join milestones m on m.id = t.milestone_id where m.status = 'approved') as paid,
                 (select count(*)::int from time_entries where review_status = 'disputed') as disputed`,
    );
    expect(hours!.timed).toBeGreaterThanOrEqual(10);
    expect(hours!.paid).toBeGreaterThanOrEqual(3);
    expect(hours!.disputed).toBeGreaterThanOrEqual(1);
    // Completion dates spread over the past, not all today.
    const [spread] = await selectRows<{ days: number }>(
      app.services.database,
      sql`select count(distinct completed_at::date)::int as days from contracts where status = 'completed'`,
    );
    expect(spread!.days).toBeGreaterThan(1);
    // The top earners paid half of their balance out; something stays available to pay out.
    const payouts = await selectRows<{ status: string; remaining: number }>(
      app.services.database,
      sql`select p.status, a.balance_minor::int as remaining from payouts p
          join ledger_accounts a on a.owner_id = p.professional_id and a.kind = 'professional_balance' and a.currency = p.currency`,
    );
    expect(payouts.length).toBeGreaterThanOrEqual(1);
    expect(payouts.every((payout) => payout.status === 'paid' && payout.remaining > 0)).toBe(true);
    expect(await checkLedgerInvariants(app.services.database.db)).toEqual([]);
  });

  it('adds nothing when seeded again, directly or at the next start', async () => {
    const before = await Promise.all(['users', 'jobs', 'proposals', 'notifications'].map(count));
    expect(await seedDemoMarketplace(app, new Date())).toEqual({ created: false });
    const again = await seedDatabase(app, { demo: true, canDeliverLocally: true });
    expect(again?.created).toEqual([]);
    expect(again?.marketplace).toEqual({ created: false });
    expect(again?.money).toEqual({ completed: 0 });
    expect(again?.talk).toEqual({ conversations: 0 });
    expect(await Promise.all(['users', 'jobs', 'proposals', 'notifications'].map(count))).toEqual(before);
  });

  it('plans the same marketplace from the same clock', () => {
    const plan = () => {
      let next = 0;
      return planDemoMarketplace({ now, passwordHash: 'hash', newId: () => `id-${(next += 1)}` });
    };
    expect(plan()).toEqual(plan());
    expect(plan().jobs.length).toBeGreaterThan(100);
  });
});
