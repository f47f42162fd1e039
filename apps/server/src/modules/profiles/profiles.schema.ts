import { changeLog } from '../../db/columns.ts';

/**
 * Which users changed in what professional search reads (migration 0015), appended by a trigger on
 * `users` in the same transaction: the users module owns the rows, this module the log its index reads.
 * Each process's professional search index reads it to stay current, as the project index reads
 * job_changes. The hourly pruning drops rows older than a day.
 */
export const userChanges = changeLog('user_changes', 'user_id');
