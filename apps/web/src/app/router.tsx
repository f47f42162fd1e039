import type { ComponentType } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from '../lib/router/index.tsx';
import { paths } from '../lib/paths.ts';
import { RequireUser } from './require-user.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * Each screen is its own chunk, loaded when its route is first visited. While the first screen's chunk
 * loads, the layout (header, footer) is already there and the page shows its skeleton, never a blank screen.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => ({ page: load });

/** A route that only forwards, keeping the query string; it answers before anything renders. */
const redirectTo = (target: (params: Params) => string) => ({
  redirect: ({ params, search }: { params: Params; search: string }) => `${target(params)}${search}`,
});

export const routes: RouteObject[] = [
  // The staff console: its own layout and session (admin spec §2), outside the marketplace's.
  { path: 'admin', ...page(() => import('./routes/admin.tsx')) },
  {
    element: <RootLayout />,
    children: [
      { index: true, ...page(() => import('./routes/home.tsx')) },
      { path: 'about', ...page(() => import('./routes/about.tsx')) },
      { path: 'contact', ...page(() => import('./routes/contact.tsx')) },
      { path: 'help', ...page(() => import('./routes/help.tsx')) },
      { path: 'privacy', ...page(() => import('./routes/privacy.tsx')) },
      { path: 'terms', ...page(() => import('./routes/terms.tsx')) },
      { path: 'how-it-works', ...page(() => import('./routes/how-it-works.tsx')) },
      { path: 'employers', ...page(() => import('./routes/for-employers.tsx')) },
      { path: 'dev/mailbox', ...page(() => import('./routes/dev-mailbox.tsx')) },
      { path: 'login', ...page(() => import('./routes/login.tsx')) },
      { path: 'register', ...page(() => import('./routes/register.tsx')) },
      { path: 'forgot-password', ...page(() => import('./routes/forgot-password.tsx')) },
      { path: 'secure-account', ...page(() => import('./routes/secure-account.tsx')) },
      { path: 'freeze-payouts', ...page(() => import('./routes/freeze-payouts.tsx')) },
      { path: 'identity/return', ...page(() => import('./routes/identity-return.tsx')) },
      { path: 'profile/edit', ...page(() => import('./routes/profile-edit.tsx')) },
      { path: 'projects', ...page(() => import('./routes/projects.tsx')) },
      { path: 'professionals', ...page(() => import('./routes/professionals.tsx')) },
      { path: 'professionals/:professionalId', ...page(() => import('./routes/professional-profile.tsx')) },
      { path: 'employers/:employerId', ...page(() => import('./routes/employer-profile.tsx')) },
      {
        element: <RequireUser />,
        children: [
          { path: 'dashboard', ...page(() => import('./routes/dashboard.tsx')) },
          { path: 'earnings', ...page(() => import('./routes/earnings.tsx')) },
          { path: 'invoices', ...page(() => import('./routes/invoices.tsx')) },
          { path: 'time-tracker', ...page(() => import('./routes/time-tracker.tsx')) },
          { path: 'projects/:projectId', ...page(() => import('./routes/project-detail.tsx')) },
          { path: 'projects/:projectId/edit', ...page(() => import('./routes/project-edit.tsx')) },
          { path: 'projects/:projectId/payment', ...page(() => import('./routes/job-payment.tsx')) },
          { path: 'payments/success', ...page(() => import('./routes/checkout-result.tsx')) },
          { path: 'payments/cancelled', ...page(() => import('./routes/checkout-result.tsx')) },
          { path: 'post-job', ...page(() => import('./routes/post-job.tsx')) },
          { path: 'messages', ...page(() => import('./routes/messages.tsx')) },
          { path: 'messages/:conversationId', ...page(() => import('./routes/messages.tsx')) },
          { path: 'settings/security', ...page(() => import('./routes/security.tsx')) },
        ],
      },
      { path: 'jobs', ...redirectTo(() => paths.projects()) },
      { path: 'jobs/:jobId', ...redirectTo((params) => paths.project(params.jobId ?? '')) },
      { path: 'workers', ...redirectTo(() => paths.professionals) },
      { path: 'experts', ...redirectTo(() => paths.professionals) },
      { path: 'experts/:expertId', ...redirectTo((params) => paths.professional(params.expertId ?? '')) },
      // The default footer's Support link: support is the help centre and its contact form.
      { path: 'support', ...redirectTo(() => paths.help) },
      { path: '*', redirect: () => paths.home },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
