import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { professionalSearchParamsSchema, type ProfessionalSearchResponse } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../users/users.schema.ts';
import { createUser } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { createProfessionalSearchIndex } from './professional-search.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import type { App } from '../../app.ts';

describe('GET /api/search/professionals', () => {
  let app: App;
  // Every fixture has this skill and every search asks for it, so no other row can answer.
  const token = `zq${randomBytes(4).toString('hex')}`;
  const ids: Record<'alia' | 'badr' | 'carim' | 'dana' | 'employer' | 'suspended', string> = {
    alia: '',
    badr: '',
    carim: '',
    dana: '',
    employer: '',
    suspended: '',
  };
  const emails: string[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    const create = async (key: keyof typeof ids, changes: Record<string, unknown>) => {
      const created = await createUser(app, changes);
      ids[key] = created.user.id;
      emails.push(created.user.email);
    };
    await create('alia', {
      first_name: 'Alia',
      skills: `${token}, React, TypeScript`,
      bio: 'Designing accessible web apps for Dubai retailers.',
      hourly_rate: '100',
      country: 'AE',
      emirate: 'dubai',
      city: 'dubai',
      show_location: true,
      show_exact_location: true,
      industry_category: 'technology_it',
    });
    await create('badr', {
      first_name: 'Badr',
      skills: `${token}, Figma`,
      career_highlights: 'Rebranded a Sharjah bank',
      bio: 'مطور مواقع إلكترونية في أبوظبي',
      hourly_rate: '200',
      country: 'AE',
      emirate: 'abu_dhabi',
      city: 'al_ain',
      show_location: true,
      show_exact_location: false,
      industry_category: 'design_creative',
    });
    await create('carim', {
      first_name: 'Carim',
      skills: `${token}, Deep cleaning`,
      bio: 'Home cleaning crew lead.',
      hourly_rate: '50',
      country: 'SA',
      emirate: 'riyadh',
      city: 'riyadh',
      show_location: true,
      show_exact_location: true,
      industry_category: 'local_services',
      local_service_category: 'cleaning_services',
      local_service_subcategory: 'home_deep_cleaning',
    });
    await create('dana', {
      first_name: 'Dana',
      skills: `${token}, react`,
      bio: 'Private React consultant.',
      hourly_rate: '',
      country: 'AE',
      emirate: 'dubai',
      city: 'dubai',
      show_location: false,
      show_exact_location: true,
      industry_category: 'technology_it',
    });
    await create('employer', { role: 'employer', company_name: 'Falcon Tech', skills: `${token}, React`, emirate: 'dubai' });
    await create('suspended', { first_name: 'Sami', skills: `${token}, React`, emirate: 'dubai' });

    const { db } = app.services.database;
    await db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, ids.suspended));
    const ratings = { alia: [4.5, 10], badr: [4.5, 20], carim: [3, 4], dana: [0, 0] } as const;
    for (const [key, [totalRating, totalReviews]] of Object.entries(ratings)) {
      await db
        .update(users)
        .set({ totalRating, totalReviews })
        .where(eq(users.id, ids[key as keyof typeof ids]));
    }
  });
  afterAll(() => app.close());

  const search = async (query: Record<string, string>) => {
    const response = await app.inject({ method: 'GET', url: '/api/search/professionals', query: { skills: token, ...query } });
    expect(response.statusCode).toBe(200);
    return response.json<ProfessionalSearchResponse>();
  };
  const namesOf = (answer: ProfessionalSearchResponse) => answer.professionals.map((professional) => professional.first_name);
  const found = async (query: Record<string, string>) => namesOf(await search({ sort_by: 'created_at', ...query })).sort();

  it('lists only active professionals, never employers or suspended accounts', async () => {
    const answer = await search({});
    expect(namesOf(answer).sort()).toEqual(['Alia', 'Badr', 'Carim', 'Dana']);
    expect(answer.pagination).toEqual({ total: 4, skip: 0, limit: 20, has_next: false });
    expect(answer.professionals.every((professional) => professional.role === 'professional')).toBe(true);
  });

  it('requires every listed skill, case-insensitively', async () => {
    expect(await found({ skills: `${token.toUpperCase()}, REACT` })).toEqual(['Alia', 'Dana']);
    expect(await found({ skills: `${token},react, typescript` })).toEqual(['Alia']);
    expect(await found({ skills: `${token}, react, figma` })).toEqual([]);
    expect(await found({ skills: ` ${token} , , deep CLEANING ` })).toEqual(['Carim']);
  });

  it('searches name, skills, highlights and bio by stems in English and Arabic', async () => {
    expect(await found({ q: 'design' })).toEqual(['Alia']);
    expect(await found({ q: 'accessible apps' })).toEqual(['Alia']);
    expect(await found({ q: 'Badr' })).toEqual(['Badr']);
    expect(await found({ q: 'bank' })).toEqual(['Badr']);
    expect(await found({ q: 'react' })).toEqual(['Alia', 'Dana']);
    expect(await found({ q: 'المواقع' })).toEqual(['Badr']);
    expect(await found({ q: 'إلكتروني' })).toEqual(['Badr']);
  });

  it('matches one partly typed word as a prefix', async () => {
    expect(await found({ q: 'Figm' })).toEqual(['Badr']);
    expect(await found({ q: 'Typescr' })).toEqual(['Alia']);
    expect(await found({ q: 'zzzz' })).toEqual([]);
  });

  it('reads any text as a search without failing', async () => {
    for (const q of [`"unbalanced`, `a:* & | ! ( )`, `'; drop table users; --`, '-react', 'the', '!!!']) {
      const response = await app.inject({ method: 'GET', url: '/api/search/professionals', query: { q, skills: token } });
      expect(response.statusCode, q).toBe(200);
    }
    expect(await found({ q: '-react' })).toEqual(['Badr', 'Carim']);
  });

  it('bounds the hourly rate in AED without a country and leaves out professionals without a rate', async () => {
    expect(await found({ min_rate: '150' })).toEqual(['Badr']);
    expect(await found({ max_rate: '150' })).toEqual(['Alia', 'Carim']);
    expect(await found({ min_rate: '100', max_rate: '100' })).toEqual(['Alia']);
    expect(await found({ min_rate: '0' })).toEqual(['Alia', 'Badr', 'Carim']);
  });

  it('bounds the rate in the chosen country’s currency as it is shown', async () => {
    // 50 AED is 51.055… SAR, shown as 51.06.
    expect(await found({ country: 'SA', max_rate: '51.05' })).toEqual([]);
    expect(await found({ country: 'SA', max_rate: '51.06' })).toEqual(['Carim']);
    expect(await found({ country: 'sa', min_rate: '51.06', max_rate: '51.06' })).toEqual(['Carim']);
  });

  it('filters by country and region, only among those who show their location', async () => {
    expect(await found({ country: 'AE' })).toEqual(['Alia', 'Badr']);
    expect(await found({ emirate: 'dubai' })).toEqual(['Alia']);
    expect(await found({ country: 'AE', region: 'abu_dhabi' })).toEqual(['Badr']);
    expect(await found({ region: 'riyadh', country: 'SA' })).toEqual(['Carim']);
    expect(await found({ show_location: 'true' })).toEqual(['Alia', 'Badr', 'Carim']);
    expect(await found({ country: 'All GCC Countries' })).toEqual(['Alia', 'Badr', 'Carim', 'Dana']);
  });

  it('reads places and industries by id or by English or Arabic name, in any case', async () => {
    expect(await found({ country: 'united arab emirates', emirate: 'DUBAI' })).toEqual(['Alia']);
    expect(await found({ country: 'السعودية', region: 'الرياض' })).toEqual(['Carim']);
    expect(await found({ industry_category: 'Technology & IT' })).toEqual(['Alia', 'Dana']);
    expect(await found({ local_service_subcategory: 'Home Deep Cleaning' })).toEqual(['Carim']);
  });

  it('refuses an unknown place, industry or service on its field instead of ignoring it', async () => {
    const refusal = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/search/professionals', query });
      expect(response.statusCode).toBe(422);
      return response.json<{ detail: { loc: string[]; msg: string }[] }>().detail.map((issue) => [issue.loc.at(-1), issue.msg]);
    };
    expect(await refusal({ country: 'ZZ' })).toEqual([['country', 'Not a known country']]);
    expect(await refusal({ emirate: 'riyadh' })).toEqual([['emirate', 'Not a known emirate']]);
    expect(await refusal({ country: 'SA', region: 'dubai' })).toEqual([['region', 'Not a known region']]);
    expect(await refusal({ industry_category: 'Alchemy' })).toEqual([['industry_category', 'Not a known industry']]);
  });

  it('answers a clear message for negative, absurd or reversed rates', async () => {
    const refusal = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/search/professionals', query });
      expect(response.statusCode).toBe(422);
      return response.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg);
    };
    expect(await refusal({ min_rate: '-5' })).toEqual(['Must be at least 0']);
    expect(await refusal({ max_rate: '999999999999999999' })).toEqual(['Must be no more than 100000']);
    expect(await refusal({ min_rate: '200', max_rate: '100' })).toEqual(['Maximum rate must be at least the minimum rate']);
    expect(await found({ min_rate: '١٠٠' })).toEqual(await found({ min_rate: '100' }));
  });

  it('filters by industry and local service', async () => {
    expect(await found({ industry_category: 'technology_it' })).toEqual(['Alia', 'Dana']);
    expect(await found({ industry_category: 'local_services', local_service_category: 'cleaning_services' })).toEqual(['Carim']);
    expect(await found({ local_service_subcategory: 'home_deep_cleaning' })).toEqual(['Carim']);
    expect(await found({ local_service_subcategory: 'maid_service' })).toEqual([]);
  });

  it('sorts by rating, then reviews, then newest', async () => {
    expect(namesOf(await search({}))).toEqual(['Badr', 'Alia', 'Carim', 'Dana']);
    expect(namesOf(await search({ sort_by: 'rating' }))).toEqual(['Badr', 'Alia', 'Carim', 'Dana']);
  });

  it('sorts by rate with the unrated last, and by newest', async () => {
    expect(namesOf(await search({ sort_by: 'rate' }))).toEqual(['Carim', 'Alia', 'Badr', 'Dana']);
    expect(namesOf(await search({ sort_by: 'created_at' }))).toEqual(['Dana', 'Carim', 'Badr', 'Alia']);
  });

  it('pages with skip and limit, counting the total', async () => {
    const first = await search({ sort_by: 'rate', limit: '3' });
    expect(namesOf(first)).toEqual(['Carim', 'Alia', 'Badr']);
    expect(first.pagination).toEqual({ total: 4, skip: 0, limit: 3, has_next: true });
    const second = await search({ sort_by: 'rate', limit: '3', skip: '3' });
    expect(namesOf(second)).toEqual(['Dana']);
    expect(second.pagination).toEqual({ total: 4, skip: 3, limit: 3, has_next: false });
    const beyond = await search({ limit: '2', skip: '10' });
    expect(beyond).toEqual({ professionals: [], pagination: { total: 4, skip: 10, limit: 2, has_next: false } });
  });

  it('shows the region only with show_location and the city only with show_exact_location too', async () => {
    const answer = await search({});
    const byName = Object.fromEntries(answer.professionals.map((professional) => [professional.first_name, professional]));
    expect(byName.Alia).toMatchObject({ show_location: true, country: 'AE', emirate: 'dubai', city: 'dubai', hourly_rate: 100 });
    expect(byName.Badr).toMatchObject({ show_location: true, country: 'AE', emirate: 'abu_dhabi', city: null });
    expect(byName.Dana).toMatchObject({ show_location: false, country: null, emirate: null, city: null, hourly_rate: null });
  });

  it('never answers an e-mail address or a phone number', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/search/professionals', query: { skills: token } });
    const keys = new Set(response.json<ProfessionalSearchResponse>().professionals.flatMap((professional) => Object.keys(professional)));
    for (const key of ['email', 'phone_number', 'country_code', 'password_hash', 'show_exact_location'])
      expect(keys.has(key), key).toBe(false);
    for (const email of emails) expect(response.body).not.toContain(email);
    const rows = await app.services.database.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(inArray(users.id, Object.values(ids)));
    for (const { phone } of rows) expect(response.body).not.toContain(phone);
  });

  it('answers 422 for a bad sort or page, with the field named', async () => {
    const badSort = await app.inject({ method: 'GET', url: '/api/search/professionals?sort_by=popularity' });
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().detail[0]).toMatchObject({ loc: ['querystring', 'sort_by'] });
    const badLimit = await app.inject({ method: 'GET', url: '/api/search/professionals?limit=0' });
    expect(badLimit.statusCode).toBe(422);
    expect(badLimit.json().detail[0]).toMatchObject({ loc: ['querystring', 'limit'] });
    const badRate = await app.inject({ method: 'GET', url: '/api/search/professionals?min_rate=cheap' });
    expect(badRate.statusCode).toBe(422);
  });

  it('answers at the unprefixed path too', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/search/professionals?skills=${token}&q=Alia`,
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(namesOf(response.json())).toEqual(['Alia']);
  });

  it('answers the same pages whichever way a page is read: walking the order or sorting the matches', async () => {
    const { db } = app.services.database;
    const searches: Record<string, string>[] = [
      {},
      { sort_by: 'rate' },
      { sort_by: 'created_at', q: 'react' },
      { country: 'AE' },
      { max_rate: '150' },
    ];
    for (const plan of ['walk', 'collect'] as const) {
      const repository = createProfilesRepository(db, createProfessionalSearchIndex(db, { plan }));
      for (const each of searches)
        for (const [skip, limit] of [
          [0, 20],
          [1, 2],
          [3, 1],
        ] as const) {
          const query = { skills: token, skip: String(skip), limit: String(limit), ...each };
          const { rows, total } = await repository.searchProfessionals(professionalSearchParamsSchema.parse(query));
          const answer = await search(query);
          expect({ ids: rows.map((row) => row.id), total }, `${plan} ${JSON.stringify(query)}`).toEqual({
            ids: answer.professionals.map((professional) => professional.id),
            total: answer.pagination.total,
          });
        }
    }
  });

  it('answers each change from the first search after it is committed', async () => {
    const { db } = app.services.database;
    expect(namesOf(await search({}))).toEqual(['Badr', 'Alia', 'Carim', 'Dana']);
    try {
      await db.update(users).set({ totalRating: 5, totalReviews: 1 }).where(eq(users.id, ids.dana));
      await db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, ids.carim));
      await db.update(users).set({ accountStatus: 'active' }).where(eq(users.id, ids.suspended));
      const answer = await search({});
      expect(namesOf(answer)).toEqual(['Dana', 'Badr', 'Alia', 'Sami']);
      expect(answer.pagination.total).toBe(4);
      // New words (through the search-vector trigger) and a new rate.
      await db
        .update(users)
        .set({ skills: [token, 'Falconry'], hourlyRateMinor: 40_000 })
        .where(eq(users.id, ids.alia));
      expect(await found({ q: 'falconry' })).toEqual(['Alia']);
      expect(await found({ q: 'typescript' })).toEqual([]);
      expect(await found({ min_rate: '300' })).toEqual(['Alia']);
      // A professional who becomes an employer leaves the listing.
      await db.update(users).set({ role: 'employer' }).where(eq(users.id, ids.suspended));
      expect(await found({})).toEqual(['Alia', 'Badr', 'Dana']);
    } finally {
      await db.update(users).set({ totalRating: 0, totalReviews: 0 }).where(eq(users.id, ids.dana));
      await db.update(users).set({ accountStatus: 'active' }).where(eq(users.id, ids.carim));
      await db.update(users).set({ accountStatus: 'suspended', role: 'professional' }).where(eq(users.id, ids.suspended));
      await db
        .update(users)
        .set({ skills: [token, 'React', 'TypeScript'], hourlyRateMinor: 10_000 })
        .where(eq(users.id, ids.alia));
    }
    expect(namesOf(await search({}))).toEqual(['Badr', 'Alia', 'Carim', 'Dana']);
  });
});
