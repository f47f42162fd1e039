import { z } from 'zod';
import { errorStatus, type ErrorCode } from './error-codes.ts';

export * from './error-codes.ts';

export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorResponseSchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]),
  /** Staff's own words for why, when they gave some (a suspended account's reason at sign-in). */
  reason: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
