import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, jsonResponse, mockApi } from '../test/testing.tsx';
import { apiRequest } from './api-client.ts';
import { createQueryClient } from './query-client.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the query client', () => {
  it('asks again, after Retry-After, a server that answered 503 while starting, and gets the answer without an error', async () => {
    vi.useFakeTimers();
    let calls = 0;
    mockApi(
      answer('GET', '/api/search/jobs', () => {
        calls += 1;
        if (calls <= 3) {
          const response = jsonResponse(503, { detail: 'Search is starting up. Please try again in a moment.', code: 'unavailable' });
          response.headers.set('retry-after', '2');
          return response;
        }
        return jsonResponse(200, { jobs: [], total: 0, next_cursor: null });
      }),
    );
    const client = createQueryClient();
    const result = client.fetchQuery({ queryKey: ['search'], queryFn: () => apiRequest('/api/search/jobs') });
    // Each retry waits the two seconds the server asked for, not the default backoff.
    await vi.advanceTimersByTimeAsync(1_900);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(4_100);
    await expect(result).resolves.toEqual({ jobs: [], total: 0, next_cursor: null });
    expect(calls).toBe(4);
  });

  it('does not retry a 503 without Retry-After more than twice, nor any 4xx', async () => {
    const { callsTo } = mockApi(
      answer('GET', '/api/down', () => jsonResponse(503, { detail: 'The database is not answering.', code: 'unavailable' })),
      answer('GET', '/api/missing', () => jsonResponse(404, { detail: 'Not Found', code: 'not_found' })),
    );
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    await expect(client.fetchQuery({ queryKey: ['down'], queryFn: () => apiRequest('/api/down') })).rejects.toThrow();
    expect(callsTo('GET', '/api/down')).toHaveLength(3);
    await expect(client.fetchQuery({ queryKey: ['missing'], queryFn: () => apiRequest('/api/missing') })).rejects.toThrow();
    expect(callsTo('GET', '/api/missing')).toHaveLength(1);
  });
});
