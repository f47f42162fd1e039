import type { OwnJobsResponse } from '@mihna/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { skipPagesQuery } from '../../../lib/skip-pages.ts';

/** The employer's own projects in every status, newest first, a page at a time. */
export const useMyJobs = () => useInfiniteQuery(skipPagesQuery<OwnJobsResponse>(['jobs', 'mine', 'every-status'], apiPaths.myJobs));
