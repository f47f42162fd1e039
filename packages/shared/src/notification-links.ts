/**
 * Where a notice leads: the page of its subject, and on it the element that shows the subject (its
 * id is the part after #). The server stores the link when it writes the notice and puts it in the
 * e-mail; the pages give those elements these ids.
 */
export const subjectAnchors = {
  proposal: (proposalId: string) => `proposal-${proposalId}`,
  interest: (interestId: string) => `interest-${interestId}`,
  /** A week's timesheet on an hourly project's payment page, by the Monday it starts on (YYYY-MM-DD). */
  timesheet: (weekStart: string) => `timesheet-${weekStart}`,
  reviews: 'reviews',
} as const;

export const subjectLinks = {
  project: (jobId: string) => `/projects/${jobId}`,
  proposal: (jobId: string, proposalId: string) => `/projects/${jobId}#${subjectAnchors.proposal(proposalId)}`,
  interest: (jobId: string, interestId: string) => `/projects/${jobId}#${subjectAnchors.interest(interestId)}`,
  payment: (jobId: string) => `/projects/${jobId}/payment`,
  timesheet: (jobId: string, weekStart: string) => `/projects/${jobId}/payment#${subjectAnchors.timesheet(weekStart)}`,
  reviews: (jobId: string) => `/projects/${jobId}/payment#${subjectAnchors.reviews}`,
  conversation: (conversationId: string) => `/messages/${conversationId}`,
  earnings: '/earnings',
} as const;
