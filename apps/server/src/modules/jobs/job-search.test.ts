import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { jobSearchParamsSchema, type JobCard, type JobSearchResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { App } from '../../app.ts';
import { createTestClock, createUser } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import type { IndexPlan } from './job-index.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { jobSearchIndexOn } from './search-thread-link.ts';
import { postJob } from './test-jobs.ts';

describe('GET /search/jobs', () => {
  let app: App;
  const clock = createTestClock(Date.parse('2026-11-01T08:00:00Z'));
  const ids: Record<string, string> = {};
  let employerToken = '';

  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now });
    const employer = await createUser(app, { role: 'employer', company_name: 'Search Test Co' });
    employerToken = employer.token;
    const post = async (key: string, changes: Parameters<typeof postJob>[2]) => {
      clock.advance(60_000);
      ids[key] = (await postJob(app, employer.token, changes)).id;
    };
    await post('webDubai', {
      title: 'Designing a bilingual website',
      description: 'Marketing site for a perfume brand.',
      skills_required: 'React, Figma',
      project_type: 'fixed',
      budget_min: 8000,
      budget_max: 12000,
      industry_category: 'design_creative',
    });
    await post('mobileAbuDhabi', {
      title: 'Mobile app for clinic bookings',
      description: 'Appointments and reminders for a chain of clinics.',
      skills_required: 'Flutter, Firebase',
      project_type: 'hourly',
      budget_min: 100,
      budget_max: 200,
      emirate: 'abu_dhabi',
      industry_category: 'healthcare_medical',
    });
    await post('arabicRiyadh', {
      title: 'تصميم المواقع الإلكترونية لشركة عقارية',
      description: 'نحتاج إلى موقع حديث باللغتين.',
      skills_required: 'WordPress',
      country: 'SA',
      emirate: undefined,
      region: 'riyadh',
      budget_min: 3750,
      budget_max: 7500,
      industry_category: 'real_estate',
    });
    await post('cleaningSharjah', {
      title: 'Weekly villa cleaning',
      description: 'Four bedrooms, every Thursday.',
      skills_required: 'Cleaning',
      project_type: 'hourly',
      budget_min: 40,
      budget_max: 60,
      emirate: 'sharjah',
      industry_category: 'local_services',
      local_service_category: 'cleaning_services',
      local_service_subcategory: 'home_deep_cleaning',
      payment_method: 'cash',
    });
    await post('ledgerKuwait', {
      title: 'Bookkeeping for a trading company',
      description: 'Monthly ledgers and VAT returns.',
      skills_required: 'Accounting, Xero',
      country: 'KW',
      emirate: undefined,
      region: 'hawalli',
      budget_min: 300,
      budget_max: 900,
      industry_category: 'finance_banking',
    });
    await post('featuredNow', { title: 'Featured brand identity', skills_required: 'Branding', budget_min: 1000, budget_max: 2000 });
    await post('featuredExpired', { title: 'Expired feature logo', skills_required: 'Branding', budget_min: 500, budget_max: 900 });
    await post('assigned', { title: 'Already assigned website', skills_required: 'React' });

    const { db } = app.services.database;
    const now = clock.now();
    await db.execute(sql`update jobs set featured_until = ${new Date(now.getTime() + 86_400_000)} where id = ${ids.featuredNow}`);
    await db.execute(sql`update jobs set featured_until = ${new Date(now.getTime() - 1000)} where id = ${ids.featuredExpired}`);
    await db.execute(sql`update jobs set status = 'assigned' where id = ${ids.assigned}`);
    await db.execute(sql`update jobs set proposal_count = 5 where id = ${ids.webDubai}`);
    await db.execute(sql`update jobs set proposal_count = 2 where id = ${ids.mobileAbuDhabi}`);
  });
  afterAll(() => app.close());

  async function search(query: Record<string, string | number> = {}) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/search/jobs',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<JobSearchResponse>();
  }
  const keysOf = (jobs: JobCard[]) => jobs.map((job) => Object.entries(ids).find(([, id]) => id === job.id)?.[0]);

  it('lists open jobs only: the featured one first while it lasts, then newest first, with the total', async () => {
    const result = await search();
    expect(result.total).toBe(7);
    expect(keysOf(result.jobs)).toEqual([
      'featuredNow',
      'featuredExpired',
      'ledgerKuwait',
      'cleaningSharjah',
      'arabicRiyadh',
      'mobileAbuDhabi',
      'webDubai',
    ]);
    expect(result.jobs[0]?.is_featured).toBe(true);
    expect(result.jobs[1]?.is_featured).toBe(false);
    expect(result.next_cursor).toBeNull();
  });

  it('stops featuring a job when its paid period ends', async () => {
    clock.advance(2 * 86_400_000);
    try {
      expect(keysOf((await search()).jobs)[0]).toBe('featuredExpired');
    } finally {
      clock.advance(-2 * 86_400_000);
    }
  });

  it('finds words in their other forms, in English and Arabic, over title, skills and description', async () => {
    expect(keysOf((await search({ q: 'design' })).jobs)).toEqual(['webDubai']);
    // The plural finds the singular in the other jobs' description ("a fast website"), featured first.
    expect(keysOf((await search({ q: 'websites' })).jobs)).toEqual(['featuredNow', 'featuredExpired', 'webDubai']);
    expect(keysOf((await search({ q: 'flutter' })).jobs)).toEqual(['mobileAbuDhabi']);
    expect(keysOf((await search({ q: 'reminder' })).jobs)).toEqual(['mobileAbuDhabi']);
    expect(keysOf((await search({ q: 'مواقع' })).jobs)).toEqual(['arabicRiyadh']);
    expect(keysOf((await search({ q: 'الموقع' })).jobs)).toEqual(['arabicRiyadh']);
    expect((await search({ q: 'submarine' })).total).toBe(0);
    // A quoted phrase asks for all of its words, wherever they are.
    expect(keysOf((await search({ q: '"clinic reminders"' })).jobs)).toEqual(['mobileAbuDhabi']);
    expect((await search({ q: '"clinic submarine"' })).total).toBe(0);
  });

  it('narrows by each filter to exactly the expected jobs', async () => {
    const cases: [Record<string, string | number>, string[]][] = [
      [{ skills: 'figma' }, ['webDubai']],
      [{ skills: 'React, Figma' }, ['webDubai']],
      [{ skills: 'React، Figma' }, ['webDubai']],
      [{ skills: 'react؛ figma، ' }, ['webDubai']],
      [{ job_type: 'hourly' }, ['cleaningSharjah', 'mobileAbuDhabi']],
      [{ country: 'SA' }, ['arabicRiyadh']],
      [{ country: 'kw' }, ['ledgerKuwait']],
      [{ country: 'SA', region: 'riyadh' }, ['arabicRiyadh']],
      [{ region: 'hawalli' }, ['ledgerKuwait']],
      [{ emirate: 'abu_dhabi' }, ['mobileAbuDhabi']],
      [{ country: 'AE', emirate: 'sharjah' }, ['cleaningSharjah']],
      [{ industry_category: 'finance_banking' }, ['ledgerKuwait']],
      [{ industry_category: 'local_services', local_service_category: 'cleaning_services' }, ['cleaningSharjah']],
      [{ local_service_subcategory: 'home_deep_cleaning' }, ['cleaningSharjah']],
      [{ country: 'AE', min_budget: 10000 }, ['webDubai']],
      [{ country: 'AE', max_budget: 150 }, ['cleaningSharjah', 'mobileAbuDhabi']],
      // Amounts are in the chosen country's currency: the Riyadh job's 7,500 SAR does not reach 10,000 SAR.
      [{ country: 'SA', min_budget: 10000 }, []],
      [{ country: 'SA', min_budget: 7000 }, ['arabicRiyadh']],
      // Without a country, amounts are dirhams: 900 KWD ≈ 10,766 AED reaches 10,000 but not 11,000.
      [{ min_budget: 10000, max_budget: 11000 }, ['ledgerKuwait', 'webDubai']],
      [{ min_budget: 11000, max_budget: 11500 }, ['webDubai']],
    ];
    for (const [query, expected] of cases) {
      const result = await search(query);
      expect(keysOf(result.jobs), JSON.stringify(query)).toEqual(expected);
      expect(result.total, JSON.stringify(query)).toBe(expected.length);
    }
  });

  it('sends answers compressed as the client accepts, made once per answer, and plain to a client that accepts none', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/search/jobs?limit=20' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await app.inject({ method: 'GET', url: '/api/search/jobs?limit=20', headers: { 'accept-encoding': accept } });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('reads ‘All GCC Countries’ as every country, and places and industries by id or English or Arabic name', async () => {
    expect((await search({ country: 'All GCC Countries' })).total).toBe(7);
    const byName: [Record<string, string>, string[]][] = [
      [{ country: 'Saudi Arabia' }, ['arabicRiyadh']],
      [{ country: 'المملكة العربية السعودية', region: 'الرياض' }, ['arabicRiyadh']],
      [{ emirate: 'Abu Dhabi' }, ['mobileAbuDhabi']],
      [{ country: 'uae', emirate: 'الشارقة' }, ['cleaningSharjah']],
      [{ industry_category: 'FINANCE & BANKING' }, ['ledgerKuwait']],
      [{ industry_category: 'Local Services', local_service_subcategory: 'Home Deep Cleaning' }, ['cleaningSharjah']],
    ];
    for (const [query, expected] of byName) expect(keysOf((await search(query)).jobs), JSON.stringify(query)).toEqual(expected);
  });

  it('refuses an unknown country, place or industry on its field rather than answering every project', async () => {
    const refusal = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/search/jobs', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      return response.json<{ detail: { loc: string[]; msg: string }[] }>().detail.map((issue) => [issue.loc.at(-1), issue.msg]);
    };
    expect(await refusal({ country: 'Atlantis' })).toEqual([['country', 'Not a known country']]);
    expect(await refusal({ emirate: 'Gotham' })).toEqual([['emirate', 'Not a known emirate']]);
    expect(await refusal({ country: 'SA', region: 'dubai' })).toEqual([['region', 'Not a known region']]);
    expect(await refusal({ industry_category: 'alchemy' })).toEqual([['industry_category', 'Not a known industry']]);
    expect(await refusal({ local_service_category: 'wizardry' })).toEqual([
      ['local_service_category', 'Not a known local service category'],
    ]);
  });

  it('answers negative, absurd and reversed budgets, and an over-long search, with a clear message', async () => {
    const refusal = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/search/jobs', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      return response.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg);
    };
    expect(await refusal({ min_budget: '-100' })).toEqual(['Must be at least 0']);
    expect(await refusal({ max_budget: '123456789012345678' })).toEqual(['Must be no more than 100000000']);
    expect(await refusal({ min_budget: '1e300' })).toEqual(['Must be a valid number']);
    expect(await refusal({ min_budget: '5000', max_budget: '1000' })).toEqual(['Maximum budget must be at least the minimum budget']);
    expect(await refusal({ q: 'a'.repeat(10_000) })).toEqual(['Must be no more than 200 characters']);
    expect(keysOf((await search({ country: 'AE', min_budget: '١٠٬٠٠٠' })).jobs)).toEqual(['webDubai']);
  });

  it('sorts by highest budget and by least competition, featured first in each', async () => {
    expect(keysOf((await search({ sort_by: 'budget' })).jobs)).toEqual([
      'featuredNow',
      'webDubai',
      // 900 KWD ≈ 2,932 USD is more than 7,500 SAR = 2,000 USD.
      'ledgerKuwait',
      'arabicRiyadh',
      'featuredExpired',
      'mobileAbuDhabi',
      'cleaningSharjah',
    ]);
    expect(keysOf((await search({ sort_by: 'proposal_count' })).jobs)).toEqual([
      'featuredNow',
      'featuredExpired',
      'ledgerKuwait',
      'cleaningSharjah',
      'arabicRiyadh',
      'mobileAbuDhabi',
      'webDubai',
    ]);
  });

  it('pages by skip and by cursor to the same sequence, with the same total on every page', async () => {
    for (const sort_by of ['created_at', 'budget', 'proposal_count']) {
      const all = keysOf((await search({ sort_by })).jobs);
      const bySkip: (string | undefined)[] = [];
      for (let skip = 0; skip < 8; skip += 3) {
        const page = await search({ sort_by, skip, limit: 3 });
        expect(page.total).toBe(7);
        bySkip.push(...keysOf(page.jobs));
      }
      expect(bySkip).toEqual(all);

      const byCursor: (string | undefined)[] = [];
      let cursor: string | null | undefined;
      do {
        const page: JobSearchResponse = await search({ sort_by, limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page.total).toBe(7);
        byCursor.push(...keysOf(page.jobs));
        cursor = page.next_cursor;
      } while (cursor);
      expect(byCursor, sort_by).toEqual(all);
    }
  });

  it('answers searches asked at once each with its own jobs, their cards read together', async () => {
    const searches: Record<string, string | number>[] = [
      {},
      { q: 'design' },
      { sort_by: 'budget', limit: 2 },
      { sort_by: 'proposal_count', skip: 3 },
      { country: 'SA' },
      { emirate: 'sharjah' },
      { q: 'clinic', job_type: 'hourly' },
      { min_budget: 5000 },
    ];
    // Past the minute a card is kept, so that every page reads its jobs again.
    clock.advance(2 * 60_000);
    try {
      const together = await Promise.all(searches.map((query) => search(query)));
      const alone = [];
      for (const query of searches) alone.push(await search(query));
      expect(together).toEqual(alone);
      expect(together.map((page) => keysOf(page.jobs).length)).toEqual([7, 1, 2, 4, 1, 1, 1, 3]);
    } finally {
      clock.advance(-2 * 60_000);
    }
  });

  it('counts every match, and pages alike by skip and by cursor whichever way the index reads a page', async () => {
    const { db } = app.services.database;
    const now = clock.now();
    const pages = async (plan: IndexPlan, query: Record<string, unknown>) => {
      const searchIndex = jobSearchIndexOn(app.services.database, { plan });
      const repository = createJobsRepository(db, searchIndex);
      onTestFinished(() => searchIndex.close());
      const first = await repository.searchJobs(jobSearchParamsSchema.parse({ ...query, limit: 2 }), now);
      const bySkip: string[] = [];
      // One a page, so some pages skip fewer jobs than are featured and some more.
      for (let skip = 0; skip < 9; skip += 1) {
        const page = await repository.searchJobs(jobSearchParamsSchema.parse({ ...query, skip, limit: 1 }), now);
        expect(page.total).toBe(first.total);
        bySkip.push(...page.rows.map((row) => row.id));
      }
      const byCursor: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await repository.searchJobs(jobSearchParamsSchema.parse({ ...query, limit: 2, ...(cursor ? { cursor } : {}) }), now);
        byCursor.push(...page.rows.map((row) => row.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(byCursor).toEqual(bySkip);
      return { total: first.total, ids: bySkip };
    };

    const featuredAgain = new Date(now.getTime() + 86_400_000);
    await db.execute(sql`update jobs set featured_until = ${featuredAgain} where id = ${ids.featuredExpired}`);
    try {
      for (const sort_by of ['created_at', 'budget', 'proposal_count']) {
        // All seven open jobs reach into this budget range; the two featured lead every sequence.
        const query = { sort_by, min_budget: 1 };
        const walked = await pages('walk', query);
        expect(walked.total).toBe(7);
        expect(walked.ids.slice(0, 2).sort()).toEqual([ids.featuredNow, ids.featuredExpired].sort());
        expect(await pages('collect', query)).toEqual(walked);
        expect(await pages('cheaper', query)).toEqual(walked);
        const branding = await pages('walk', { sort_by, q: 'branding' });
        expect(branding.total).toBe(3);
        expect(await pages('collect', { sort_by, q: 'branding' })).toEqual(branding);
        expect(await pages('collect', { sort_by, q: 'nowhere-to-be-found' })).toEqual({ total: 0, ids: [] });
      }
    } finally {
      await db.execute(sql`update jobs set featured_until = ${new Date(now.getTime() - 1000)} where id = ${ids.featuredExpired}`);
    }

    const answer = await search({ q: 'branding' });
    expect(answer.total).toBe(3);
  });

  it('keeps the search rows and the index exact through posting, status changes, moves and deletions', async () => {
    const { database } = app.services;
    const { db } = database;
    // The index's totals against the open jobs counted in SQL, for filters that moves change.
    const drift = async () => {
      const counted = await selectRows<{ all: number; ae: number; abu_dhabi: number; hourly: number }>(
        database,
        sql`select count(*)::int as all, (count(*) filter (where country = 'AE'))::int as ae,
                   (count(*) filter (where country = 'AE' and region = 'abu_dhabi'))::int as abu_dhabi,
                   (count(*) filter (where job_type = 'hourly'))::int as hourly
            from jobs where status = 'open'`,
      );
      const totals = {
        all: (await search({})).total,
        ae: (await search({ country: 'AE' })).total,
        abu_dhabi: (await search({ emirate: 'abu_dhabi' })).total,
        hourly: (await search({ job_type: 'hourly' })).total,
      };
      return { counted: counted[0], totals };
    };
    // job_search (migration 0013) holds exactly the open jobs, with their current search columns.
    const searchRowsDrift = () =>
      selectRows<{ n: number }>(
        database,
        sql`select count(*)::int as n from (select * from jobs where status = 'open') j
            full join job_search s on s.id = j.id
            where j.id is null or s.id is null
               or (j.created_at, j.budget_min_usd, j.budget_max_usd, j.proposal_count, j.featured_until, strip(j.search_vector), j.facets)
                  is distinct from (s.created_at, s.budget_min_usd, s.budget_max_usd, s.proposal_count, s.featured_until, s.search_vector, s.facets)`,
      );
    const unchanged = async () => {
      const { counted, totals } = await drift();
      expect(totals).toEqual(counted);
      expect(await searchRowsDrift()).toEqual([{ n: 0 }]);
    };
    await unchanged();
    await db.execute(sql`update jobs set status = 'assigned' where id = ${ids.webDubai}`);
    await unchanged();
    await db.execute(sql`update jobs set region = 'ajman', proposal_count = proposal_count + 1 where id = ${ids.mobileAbuDhabi}`);
    await db.execute(sql`update jobs set status = 'open' where id = ${ids.webDubai}`);
    await db.execute(
      sql`update jobs set title = 'Designing a bilingual e-commerce website', budget_max_usd = budget_max_usd + 1 where id = ${ids.webDubai}`,
    );
    await unchanged();
    expect((await search({ q: 'e-commerce' })).jobs.map((job) => job.id)).toEqual([ids.webDubai]);
    await db.execute(sql`update jobs set region = 'abu_dhabi', proposal_count = proposal_count - 1 where id = ${ids.mobileAbuDhabi}`);
    await unchanged();
    expect((await search({ country: 'AE' })).total).toBe(5);
    await db.execute(sql`delete from jobs where id = ${ids.assigned}`);
    await unchanged();
  });

  it('loads a compacted index beside the one in use once jobs that left it hold too many of its slots', async () => {
    const { db } = app.services.database;
    const searchIndex = jobSearchIndexOn(app.services.database, { compactAbove: 0.05 });
    onTestFinished(() => searchIndex.close());
    const repository = createJobsRepository(db, searchIndex);
    const total = async () => (await repository.searchJobs(jobSearchParamsSchema.parse({ q: 'branding' }), clock.now())).total;
    expect(await total()).toBe(3);
    expect((await searchIndex.memory())?.loads).toBe(1);
    // Closing and reopening leaves a slot behind each time.
    for (let round = 0; round < 3; round += 1) {
      await db.execute(sql`update jobs set status = 'closed' where id = ${ids.featuredExpired}`);
      expect(await total()).toBe(2);
      await db.execute(sql`update jobs set status = 'open' where id = ${ids.featuredExpired}`);
      expect(await total()).toBe(3);
    }
    await expect.poll(async () => (await total(), (await searchIndex.memory())?.loads), { timeout: 10_000 }).toBeGreaterThan(1);
    expect(await total()).toBe(3);
    expect((await searchIndex.memory())?.jobs).toBe((await search({})).total);
  });

  it('refuses bad parameters with the specification’s words, never a server error', async () => {
    const bad = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/search/jobs', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      return response.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg);
    };
    expect(await bad({ limit: '0' })).toEqual(['Must be at least 1']);
    expect(await bad({ limit: '500' })).toEqual(['Must be no more than 50']);
    expect(await bad({ min_budget: 'lots' })).toEqual(['Must be a valid number']);
    expect(await bad({ sort_by: 'random' })).toEqual(['Invalid format']);
    expect(await bad({ cursor: 'garbage' })).toEqual(['Invalid format']);
    // Forged cursors that would make PostgreSQL refuse the cast are refused before any query.
    const forge = (cursor: Record<string, unknown>) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
    const valid = { featured: false, created: '2026-11-01 08:01:00+00', id: ids.webDubai, value: '5' };
    for (const forged of [
      { ...valid, created: '2026-02-30 08:01:00+00' },
      { ...valid, created: '2026-11-01 25:01:00+00' },
      { ...valid, id: '------------------------------------' },
      { ...valid, value: '99999999999999999999' },
    ]) {
      expect(await bad({ cursor: forge(forged), sort_by: 'proposal_count' }), JSON.stringify(forged)).toEqual(['Invalid format']);
    }
    const accepted = await app.inject({
      method: 'GET',
      url: '/api/search/jobs',
      query: { cursor: forge(valid), sort_by: 'proposal_count' },
    });
    expect(accepted.statusCode).toBe(200);
    const odd = await app.inject({ method: 'GET', url: '/api/search/jobs', query: { q: '!!! & | ( ) :* <-> "' } });
    expect(odd.statusCode).toBe(200);
  });

  it('answers from its cache only while nothing has changed: posts, proposals and status changes show at once', async () => {
    const { db } = app.services.database;
    // The changes the search index reads (migration 0014), one per changed job.
    const changes = async () =>
      (await selectRows<{ count: number }>(app.services.database, sql`select count(*)::int as count from job_changes`))[0]?.count;
    expect((await search({ q: 'lighthouse' })).total).toBe(0);
    expect((await search({ q: 'lighthouse' })).total).toBe(0);

    const { id } = await postJob(app, employerToken, { title: 'Lighthouse restoration survey', skills_required: 'Surveying' });
    expect((await search({ q: 'lighthouse' })).jobs.map((job) => job.id)).toEqual([id]);

    // A new proposal is a change: the next answer shows it.
    const beforeProposal = await changes();
    await db.execute(sql`update jobs set proposal_count = 3 where id = ${id}`);
    expect(await changes()).toBe((beforeProposal ?? 0) + 1);
    expect((await search({ q: 'lighthouse' })).jobs[0]?.proposal_count).toBe(3);

    // A change that is rolled back changes nothing, and leaves no change behind.
    const before = await changes();
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update jobs set status = 'assigned' where id = ${id}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await changes()).toBe(before);
    expect((await search({ q: 'lighthouse' })).total).toBe(1);

    // Many changes in one transaction are seen together, once it commits.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update jobs set status = 'assigned' where id = ${id}`);
      await tx.execute(sql`update jobs set proposal_count = 4 where id = ${id}`);
    });
    expect(await changes()).toBe((before ?? 0) + 2);
    expect((await search({ q: 'lighthouse' })).total).toBe(0);

    // A view is not a change (it records none, so it does not empty the caches): search cards show it within a minute.
    await db.execute(sql`update jobs set status = 'open' where id = ${id}`);
    expect((await search({ q: 'lighthouse' })).jobs[0]?.view_count).toBe(0);
    const viewed = await app.inject({ method: 'GET', url: `/api/jobs/${id}`, remoteAddress: '198.51.100.7' });
    expect(viewed.json<JobCard>().view_count).toBe(1);
    const afterView = await changes();
    clock.advance(61_000);
    expect((await search({ q: 'lighthouse' })).jobs[0]?.view_count).toBe(1);
    expect(await changes()).toBe(afterView);

    // An answer with a featured job ends with its featured period, however young the answer is.
    await db.execute(sql`update jobs set featured_until = ${new Date(clock.now().getTime() + 30_000)} where id = ${id}`);
    expect((await search({ q: 'lighthouse' })).jobs[0]?.is_featured).toBe(true);
    clock.advance(31_000);
    expect((await search({ q: 'lighthouse' })).jobs[0]?.is_featured).toBe(false);

    await db.execute(sql`delete from jobs where id = ${id}`);
    expect((await search({ q: 'lighthouse' })).total).toBe(0);
  });
});
