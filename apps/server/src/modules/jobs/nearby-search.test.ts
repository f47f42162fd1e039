import { countries, distanceKm, placeOf, type JobCard, type JobSearchResponse } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createTestClock, createUser } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { jobInput, postJob } from './test-jobs.ts';

// Nearby search (§9: a radius of 1-100 km) from Dubai Marina: Jebel Ali is 9.3 km away, Dubai's centre
// 19.1 km, Sharjah 40.9 km, Ajman 47.2 km, Margham 52.9 km, Abu Dhabi 103.9 km.
const marina = { near_lat: 25.0805, near_lng: 55.1403 };

describe('GET /search/jobs near a point', () => {
  let app: App;
  const clock = createTestClock(Date.parse('2026-11-20T08:00:00Z'));
  const ids: Record<string, string> = {};
  let employerToken = '';

  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now });
    employerToken = (await createUser(app, { role: 'employer', company_name: 'Nearby Test Co' })).token;
    const post = async (key: string, changes: Parameters<typeof postJob>[2]) => {
      clock.advance(60_000);
      ids[key] = (await postJob(app, employerToken, { title: `Project ${key}`, ...changes })).id;
    };
    // Posted in this order: a later one is newer.
    await post('jebelAli', { emirate: 'dubai', city: 'jebel_ali', project_type: 'hourly', budget_min: 50, budget_max: 80 });
    await post('dubaiCity', { emirate: 'dubai', city: 'dubai' });
    // Only the emirate: placed at its first city, Dubai.
    await post('dubaiEmirate', { emirate: 'dubai' });
    await post('sharjah', { emirate: 'sharjah', city: 'sharjah', title: 'Villa cleaning in Sharjah' });
    await post('ajman', { emirate: 'ajman' });
    await post('margham', { emirate: 'dubai', city: 'margham' });
    await post('abuDhabi', { emirate: 'abu_dhabi', city: 'abu_dhabi' });
    await post('riyadh', { country: 'SA', emirate: undefined, region: 'riyadh', city: 'riyadh', budget_min: 4000, budget_max: 9000 });
  });
  afterAll(() => app.close());

  async function search(query: Record<string, string | number> = {}) {
    const response = await app.inject({
      method: 'GET',
      url: '/api/search/jobs',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JobSearchResponse>();
  }
  const keysOf = (jobs: JobCard[]) => jobs.map((job) => Object.entries(ids).find(([, id]) => id === job.id)?.[0]);

  it('finds the projects within the radius, nearest first, newest first at the same place, each with its distance', async () => {
    const result = await search({ ...marina, radius_km: 50, sort_by: 'distance' });
    expect(result.total).toBe(5);
    expect(keysOf(result.jobs)).toEqual(['jebelAli', 'dubaiEmirate', 'dubaiCity', 'sharjah', 'ajman']);
    expect(result.jobs.map((job) => job.distance_km)).toEqual([9.3, 19.1, 19.1, 40.9, 47.2]);
  });

  it('takes 25 km without a radius, keeps the other orders, and leaves distance out of searches without a point', async () => {
    const near = await search(marina);
    expect(keysOf(near.jobs)).toEqual(['dubaiEmirate', 'dubaiCity', 'jebelAli']);
    expect(near.total).toBe(3);
    expect(keysOf((await search({ ...marina, radius_km: 100, sort_by: 'budget' })).jobs)).toEqual([
      'margham',
      'ajman',
      'sharjah',
      'dubaiEmirate',
      'dubaiCity',
      'jebelAli',
    ]);
    const anywhere = await search();
    expect(anywhere.total).toBe(8);
    expect(anywhere.jobs.every((job) => job.distance_km === undefined)).toBe(true);
  });

  it('combines a point with words and filters, and a radius reaching no city finds nothing', async () => {
    expect(keysOf((await search({ ...marina, radius_km: 100, q: 'villa cleaning' })).jobs)).toEqual(['sharjah']);
    expect(keysOf((await search({ ...marina, radius_km: 100, job_type: 'hourly' })).jobs)).toEqual(['jebelAli']);
    expect(keysOf((await search({ ...marina, radius_km: 100, emirate: 'sharjah' })).jobs)).toEqual(['sharjah']);
    // Riyadh, from its own centre; the Arabian Sea, 300 km from any city.
    expect(keysOf((await search({ near_lat: 24.7136, near_lng: 46.6753, radius_km: 5 })).jobs)).toEqual(['riyadh']);
    const sea = await search({ near_lat: 20.5, near_lng: 62.0, radius_km: 100, sort_by: 'distance' });
    expect(sea).toEqual({ jobs: [], total: 0, next_cursor: null });
  });

  it('pages nearest first by skip and by cursor to the same sequence, a featured project in its place by distance', async () => {
    const { db } = app.services.database;
    await db.execute(sql`update jobs set featured_until = ${new Date(clock.now().getTime() + 86_400_000)} where id = ${ids.ajman}`);
    const query = { ...marina, radius_km: 60, sort_by: 'distance' };
    const all = keysOf((await search(query)).jobs);
    expect(all).toEqual(['jebelAli', 'dubaiEmirate', 'dubaiCity', 'sharjah', 'ajman', 'margham']);
    expect((await search({ ...query, limit: 5 })).jobs.find((job) => job.id === ids.ajman)?.is_featured).toBe(true);
    // Other orders still put it first.
    expect(keysOf((await search({ ...marina, radius_km: 60 })).jobs)[0]).toBe('ajman');
    const bySkip: (string | undefined)[] = [];
    for (let skip = 0; skip < all.length; skip += 2) bySkip.push(...keysOf((await search({ ...query, skip, limit: 2 })).jobs));
    expect(bySkip).toEqual(all);
    const byCursor: (string | undefined)[] = [];
    let cursor: string | null = null;
    do {
      const page: JobSearchResponse = await search({ ...query, limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(6);
      byCursor.push(...keysOf(page.jobs));
      cursor = page.next_cursor;
    } while (cursor);
    expect(byCursor).toEqual(all);
    // A cursor continues its own order: sent with another sort, or from another point, it is refused.
    const { next_cursor: cursor2 } = await search({ ...query, limit: 2 });
    for (const other of [
      { ...query, sort_by: 'budget' },
      { ...query, near_lat: 25.2 },
    ]) {
      const refused = await app.inject({ method: 'GET', url: '/api/search/jobs', query: { ...strings(other), cursor: cursor2! } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ detail: [{ loc: ['query', 'cursor'], msg: 'Invalid format' }] });
    }
    await db.execute(sql`update jobs set featured_until = null where id = ${ids.ajman}`);
  });

  it('finds projects by their city’s and emirate’s names, in English and Arabic, as the header’s nearby link searches', async () => {
    // No title or description names the place: the names come from the reference data.
    expect(keysOf((await search({ q: 'Jebel Ali' })).jobs)).toEqual(['jebelAli']);
    expect(keysOf((await search({ q: 'جبل علي' })).jobs)).toEqual(['jebelAli']);
    expect(keysOf((await search({ q: 'Sharjah' })).jobs)).toEqual(['sharjah']);
    expect(keysOf((await search({ q: 'دبي', emirate: 'dubai' })).jobs)).toEqual(['margham', 'dubaiEmirate', 'dubaiCity', 'jebelAli']);
    expect(keysOf((await search({ q: 'الرياض' })).jobs)).toEqual(['riyadh']);
  });

  it('keeps the place names search reads equal to the reference data', async () => {
    const key = (place: { country: string; region: string; city: string }) => `${place.country} ${place.region} ${place.city}`;
    const byKey = (a: { country: string; region: string; city: string }, b: typeof a) => (key(a) < key(b) ? -1 : 1);
    const rows = await selectRows<{ country: string; region: string; city: string; names: string }>(
      app.services.database,
      sql`select country, region, city, names from place_names`,
    );
    const expected = countries
      .flatMap((country) =>
        country.regions.flatMap((region) => [
          { country: country.code, region: region.id, city: '', names: `${region.name.en} ${region.name.ar}` },
          ...region.cities.map((city) => ({
            country: country.code,
            region: region.id,
            city: city.id,
            names: `${city.name.en} ${city.name.ar} ${region.name.en} ${region.name.ar}`,
          })),
        ]),
      )
      .sort(byKey);
    expect(rows.sort(byKey)).toEqual(expected);
  });

  it('follows a project that moves to another city, and one that names no city any more', async () => {
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/jobs/${ids.margham}`,
      headers: bearer(employerToken),
      payload: jobInput({ title: 'Project margham', emirate: 'dubai', city: 'jebel_ali' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(keysOf((await search({ ...marina, radius_km: 10 })).jobs)).toEqual(['margham', 'jebelAli']);
    const noCity = await app.inject({
      method: 'PUT',
      url: `/api/jobs/${ids.margham}`,
      headers: bearer(employerToken),
      payload: jobInput({ title: 'Project margham', emirate: 'ajman' }),
    });
    expect(noCity.statusCode, noCity.body).toBe(200);
    expect(keysOf((await search({ ...marina, radius_km: 10 })).jobs)).toEqual(['jebelAli']);
    const ajman = (await search({ ...marina, radius_km: 50, sort_by: 'distance' })).jobs.filter((job) => job.region === 'ajman');
    expect(keysOf(ajman)).toEqual(['margham', 'ajman']);
    // The distance shown is the one the reference data gives the place.
    const place = placeOf('AE', 'ajman', null)!;
    expect(ajman[0]?.distance_km).toBe(Math.round(distanceKm({ lat: marina.near_lat, lng: marina.near_lng }, place.city) * 10) / 10);
  });

  it('refuses a half point, a radius out of 1-100 km and the distance order without a point, in clear words', async () => {
    const bad = async (query: Record<string, string>) => {
      const response = await app.inject({ method: 'GET', url: '/api/search/jobs', query });
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      return response.json<{ detail: { loc: string[]; msg: string }[] }>().detail.map((issue) => [issue.loc.at(-1), issue.msg]);
    };
    const needsBoth = 'A nearby search needs both near_lat and near_lng';
    expect(await bad({ near_lat: '25.08' })).toEqual([['near_lng', needsBoth]]);
    expect(await bad({ near_lng: '55.14' })).toEqual([['near_lat', needsBoth]]);
    expect(await bad({ radius_km: '10' })).toEqual([['near_lat', needsBoth]]);
    expect(await bad({ ...strings(marina), radius_km: '0' })).toEqual([['radius_km', 'Must be at least 1']]);
    expect(await bad({ ...strings(marina), radius_km: '101' })).toEqual([['radius_km', 'Must be no more than 100']]);
    expect(await bad({ near_lat: '91', near_lng: '55' })).toEqual([['near_lat', 'Must be no more than 90']]);
    expect(await bad({ near_lat: 'north', near_lng: '55' })).toEqual([['near_lat', 'Must be a valid number']]);
    expect(await bad({ sort_by: 'distance' })).toEqual([['sort_by', 'Sorting by distance needs a point: near_lat and near_lng']]);
    // Arabic-Indic digits and the Arabic decimal separator are numbers too.
    const arabic = await search({ near_lat: '٢٥٫٠٨٠٥', near_lng: '٥٥٫١٤٠٣', radius_km: '١٠' });
    expect(keysOf(arabic.jobs)).toEqual(['jebelAli']);
  });
});

const strings = (values: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
