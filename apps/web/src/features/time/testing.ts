import type { TimeEntry } from '@mihna/shared';
import { JOB_ID } from '../../test/testing.tsx';

/** A finished entry on the test job (AED 150 an hour), as the API answers it; tests change what they need. */
export const timeEntry = (changes: Partial<TimeEntry> = {}): TimeEntry => ({
  id: '33333333-3333-4333-8333-333333333333',
  job_id: JOB_ID,
  description: 'Booking form layout',
  start_time: '2026-11-24T05:00:00.000Z',
  end_time: '2026-11-24T06:30:07.000Z',
  seconds: 5_407,
  hourly_rate: 150,
  amount: 225.29,
  currency: 'AED',
  source: 'timer',
  manual_reason: null,
  capped: false,
  review_status: null,
  review_note: null,
  job_title: 'Clinic booking site',
  ...changes,
});
