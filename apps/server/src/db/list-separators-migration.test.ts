import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JobSearchResponse, ProfessionalSearchResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, openTestDatabase, selectRows } from '../test/harness.ts';
import type { Database } from './client.ts';
import { jobs } from '../modules/jobs/jobs.schema.ts';
import { users } from '../modules/users/users.schema.ts';

// Migration 0035 ran when the database opened; lists are put back as they were stored before it (typed
// with Arabic separators, kept as one item), it is run again over them, and only then is the app built
// over the database, so its search indexes load from the rows as the migration left them.
const migration = fs.readFileSync(fileURLToPath(new URL('../../drizzle/0035_arabic_list_separators.sql', import.meta.url)), 'utf8');

let database: Database;
let app: App | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  // The app closes the database with it.
  if (app) await app.close();
  else await database.close();
});

let sequence = 0;
async function insertUser(role: 'professional' | 'employer', lists: { skills?: string[]; languages?: string[]; highlights?: string[] }) {
  sequence += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      email: `lists${sequence}@example.ae`,
      phoneNumber: `5200000${sequence}`,
      countryCode: '+971',
      firstName: 'Lists',
      lastName: 'User',
      role,
      passwordHash: 'x',
      verificationMethod: 'email',
      skills: lists.skills ?? [],
      languages: lists.languages ?? [],
      careerHighlights: lists.highlights ?? [],
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

async function insertJob(employerId: string, skillsRequired: string[], status: 'open' | 'completed') {
  const [row] = await database.db
    .insert(jobs)
    .values({
      employerId,
      title: 'Booking app for a Sharjah salon',
      description: 'Appointments in Arabic and English.',
      skillsRequired,
      jobType: 'fixed',
      country: 'AE',
      region: 'sharjah',
      paymentMethod: 'escrow',
      currency: 'AED',
      budgetMinMinor: 300_000,
      budgetMaxMinor: 600_000,
      budgetMinUsd: 81_688,
      budgetMaxUsd: 163_376,
      status,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('no job');
  return row.id;
}

async function runMigration() {
  await database.db.transaction(async (tx) => {
    for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
  });
}

const listsOf = async (id: string) =>
  (
    await selectRows<{ skills: string[]; languages: string[]; career_highlights: string[] }>(
      database,
      sql`select skills, languages, career_highlights from users where id = ${id}`,
    )
  )[0];
const skillsRequiredOf = async (id: string) =>
  (await selectRows<{ skills_required: string[] }>(database, sql`select skills_required from jobs where id = ${id}`))[0]?.skills_required;

describe('migration 0035: lists typed with Arabic separators', () => {
  const token = `zq${randomBytes(4).toString('hex')}`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.typed = await insertUser('professional', {
      skills: [`${token}، TypeScript، Node.js`, 'React'],
      languages: ['العربية؛ English'],
      highlights: ['قدت فريق التصميم، أطلقت تطبيق البنك', 'Built a clinic booking platform, 40k appointments a month'],
    });
    ids.spaced = await insertUser('professional', { skills: [`\u200fتصميم داخلي\u200f ،، ${token}؛ `, 'Figma'] });
    ids.untouched = await insertUser('professional', { skills: [token, 'Go'], highlights: ['Led a team of 12, in two countries'] });
    ids.employer = await insertUser('employer', {});
    ids.openJob = await insertJob(ids.employer, [`${token}؛ Flutter، Firebase`], 'open');
    ids.completedJob = await insertJob(ids.employer, ['Excel، Power BI', 'SQL'], 'completed');
    const [pending] = await selectRows<{ id: string }>(
      database,
      sql`insert into pending_registrations (email, phone_number, verification_method, details, expires_at)
          values ('waiting@example.ae', '529999999', 'email',
                  ${JSON.stringify({ first_name: 'Mona', skills: ['Python، Django'], languages: ['العربية، English'], career_highlights: [] })}::jsonb,
                  now() + interval '1 day')
          returning id`,
    );
    ids.pending = pending!.id;

    await runMigration();
  });

  it('splits users’ skills, languages and career highlights at the Arabic comma and semicolon, trimmed, in order', async () => {
    expect(await listsOf(ids.typed!)).toEqual({
      skills: [token, 'TypeScript', 'Node.js', 'React'],
      languages: ['العربية', 'English'],
      career_highlights: ['قدت فريق التصميم', 'أطلقت تطبيق البنك', 'Built a clinic booking platform, 40k appointments a month'],
    });
    expect((await listsOf(ids.spaced!))?.skills).toEqual(['تصميم داخلي', token, 'Figma']);
  });

  it('leaves lists without Arabic separators as they are, a Latin comma inside an item included', async () => {
    expect(await listsOf(ids.untouched!)).toEqual({
      skills: [token, 'Go'],
      languages: [],
      career_highlights: ['Led a team of 12, in two countries'],
    });
  });

  it('splits projects’ required skills, whatever their status', async () => {
    expect(await skillsRequiredOf(ids.openJob!)).toEqual([token, 'Flutter', 'Firebase']);
    expect(await skillsRequiredOf(ids.completedJob!)).toEqual(['Excel', 'Power BI', 'SQL']);
  });

  it('splits the lists of a registration still waiting for its code, and keeps the rest of it', async () => {
    const [row] = await selectRows<{ details: Record<string, unknown> }>(
      database,
      sql`select details from pending_registrations where id = ${ids.pending}`,
    );
    expect(row?.details).toEqual({
      first_name: 'Mona',
      skills: ['Python', 'Django'],
      languages: ['العربية', 'English'],
      career_highlights: [],
    });
  });

  it('lets the search indexes, loaded at start, find people and projects by each skill on its own', async () => {
    app = await createTestApp({ database });
    const professionals = await app.inject({ method: 'GET', url: '/api/search/professionals', query: { skills: `${token}, node.js` } });
    expect(professionals.json<ProfessionalSearchResponse>().professionals.map((professional) => professional.id)).toEqual([ids.typed]);
    const designers = await app.inject({ method: 'GET', url: '/api/search/professionals', query: { skills: `${token}، تصميم داخلي` } });
    expect(designers.json<ProfessionalSearchResponse>().professionals.map((professional) => professional.id)).toEqual([ids.spaced]);
    const projects = await app.inject({ method: 'GET', url: '/api/search/jobs', query: { skills: `${token}, firebase` } });
    expect(projects.json<JobSearchResponse>().jobs.map((job) => job.id)).toEqual([ids.openJob]);
  });
});
