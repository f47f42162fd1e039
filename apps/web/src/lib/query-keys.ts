/**
 * The cache keys more than one feature reads or refreshes: a job's payment is shown by the payment
 * page and changed from its timesheets too.
 */
export const paymentStatusKey = (jobId: string) => ['payments', 'status', jobId] as const;
