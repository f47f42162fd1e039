import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { serverDetails } from './server-message.ts';

describe('ApiError', () => {
  it("carries the server's code, and none when the answer has no known code", () => {
    expect(new ApiError(429, { detail: 'Please solve the captcha to continue.', code: 'captcha_required' }).code).toBe('captcha_required');
    expect(new ApiError(502, '<html>Bad gateway</html>').code).toBeUndefined();
    expect(new ApiError(400, { detail: 'x', code: 'no_such_code' }).code).toBeUndefined();
  });
});

describe('serverDetails', () => {
  it('reads a single detail and the messages of a list of issues', () => {
    expect(serverDetails(new ApiError(409, { detail: 'You have already expressed interest in this project', code: 'conflict' }))).toEqual([
      'You have already expressed interest in this project',
    ]);
    expect(
      serverDetails(
        new ApiError(422, {
          detail: [
            { loc: ['body', 'proposed_rate'], msg: 'Must be at least 0.01', type: 'value_error' },
            { loc: ['body', 'proposal_text'], msg: 'This field is required', type: 'value_error' },
          ],
          code: 'validation_failed',
        }),
      ),
    ).toEqual(['Must be at least 0.01', 'This field is required']);
  });

  it('has nothing to say about server faults, network failures or empty answers', () => {
    expect(serverDetails(new ApiError(500, { detail: 'Internal Server Error', code: 'internal' }))).toBeNull();
    expect(serverDetails(new TypeError('Failed to fetch'))).toBeNull();
    expect(serverDetails(new ApiError(404, undefined))).toBeNull();
  });
});
