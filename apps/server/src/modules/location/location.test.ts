import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { call } from '../payments/test-payments.ts';
import type { App } from '../../app.ts';

const clock = createTestClock(Date.parse('2026-11-26T08:00:00Z'));
let app: App;
let professional: TestAccount;
let other: TestAccount;

const positionOf = async (account: TestAccount) => {
  const [row] = await selectRows<{ latitude: number | null; longitude: number | null; location_accuracy: number | null }>(
    app.services.database,
    sql`select latitude, longitude, location_accuracy from users where id = ${account.user.id}`,
  );
  return row;
};
const geocode = (lat: number | string, lng: number | string) =>
  call(app, 'GET', `/api/location/reverse-geocode?lat=${encodeURIComponent(lat)}&lng=${encodeURIComponent(lng)}`);

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  other = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
});
afterAll(() => app.close());

describe('reverse geocoding, from the reference data alone', () => {
  it('names the nearest city with its emirate or region and country', async () => {
    // Dubai Marina: nearer Jebel Ali's centre than Dubai's, in the emirate of Dubai.
    const marina = (await geocode(25.0805, 55.1403)).json<{
      address: { city: { id: string }; region: { id: string; name: { ar: string } }; country: { code: string }; distance_km: number };
    }>();
    expect(marina.address).toMatchObject({ region: { id: 'dubai', name: { ar: 'دبي' } }, country: { code: 'AE' } });
    expect(['dubai', 'jebel_ali']).toContain(marina.address.city.id);
    expect(marina.address.distance_km).toBeLessThan(20);

    const riyadh = (await geocode(24.7136, 46.6753)).json<{ address: { city: { id: string }; country: { code: string } } }>();
    expect(riyadh.address).toMatchObject({ city: { id: 'riyadh' }, country: { code: 'SA' } });
    const muscat = (await geocode(23.588, 58.3829)).json<{ address: { city: { id: string }; country: { code: string } } }>();
    expect(muscat.address).toMatchObject({ city: { id: 'muscat' }, country: { code: 'OM' } });
  });

  it('says a point in the sea is outside the Gulf, and reads Arabic-Indic digits', async () => {
    // The middle of the Gulf between the UAE and Iran, and the Arabian Sea.
    for (const [lat, lng] of [
      [26.9, 53.4],
      [18, 63],
    ] as const) {
      const response = await geocode(lat, lng);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ address: null, detail: 'This point is outside the Gulf countries Mihna serves' });
    }
    expect((await geocode('٢٤٫٧١٣٦', '٤٦٫٦٧٥٣')).json<{ address: { city: { id: string } } }>().address.city.id).toBe('riyadh');
  });

  it('refuses coordinates out of range or not numbers', async () => {
    for (const [lat, lng, detail] of [
      [91, 55, 'Must be no more than 90'],
      [25, -181, 'Must be at least -180'],
      ['north', 55, 'Invalid format'],
      ['', 55, 'This field is required'],
    ] as const) {
      const response = await geocode(lat, lng);
      expect(response.statusCode).toBe(422);
      expect(JSON.stringify(response.json())).toContain(detail);
    }
  });
});

describe('POST /api/location/update', () => {
  it('stores the caller’s own position and accuracy, and nobody else’s', async () => {
    const response = await call(app, 'POST', '/api/location/update', professional.token, {
      latitude: 25.0805,
      longitude: 55.1403,
      location_accuracy: 18.5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Location updated', address: { region: { id: 'dubai' }, country: { code: 'AE' } } });
    expect(await positionOf(professional)).toMatchObject({ latitude: 25.0805, longitude: 55.1403, location_accuracy: 18.5 });
    expect(await positionOf(other)).toMatchObject({ latitude: null, longitude: null });
  });

  it('is never shown on the public profile', async () => {
    const profile = await call(app, 'GET', `/api/experts/${professional.user.id}/profile`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.body).not.toContain('25.0805');
    expect(profile.body).not.toContain('latitude');
  });

  it('refuses bad positions and changes nothing, and needs a session', async () => {
    for (const body of [
      { latitude: 95, longitude: 55 },
      { latitude: 25, longitude: 'east' },
      { longitude: 55 },
      { latitude: 25, longitude: 55, location_accuracy: -1 },
    ]) {
      const response = await call(app, 'POST', '/api/location/update', professional.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await positionOf(professional)).toMatchObject({ latitude: 25.0805, longitude: 55.1403 });
    expect((await call(app, 'POST', '/api/location/update', undefined, { latitude: 25, longitude: 55 })).statusCode).toBe(401);
  });
});
