import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../lib/paths.ts';
import { RequireUser } from './require-user.tsx';
import { RootLayout, RootSkeleton } from './root-layout.tsx';

/** Each screen is its own chunk, loaded when its route is first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** A route that only forwards, keeping the query string; its loader answers before anything renders. */
const redirectTo = (target: (args: LoaderFunctionArgs) => string) => ({
  loader: (args: LoaderFunctionArgs) => redirect(`${target(args)}${new URL(args.request.url).search}`),
  Component: () => null,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RootSkeleton,
    children: [
      { index: true, lazy: page(() => import('./routes/home.tsx')) },
      { path: 'about', lazy: page(() => import('./routes/about.tsx')) },
      { path: 'contact', lazy: page(() => import('./routes/contact.tsx')) },
      { path: 'help', lazy: page(() => import('./routes/help.tsx')) },
      { path: 'privacy', lazy: page(() => import('./routes/privacy.tsx')) },
      { path: 'terms', lazy: page(() => import('./routes/terms.tsx')) },
      { path: 'how-it-works', lazy: page(() => import('./routes/how-it-works.tsx')) },
      { path: 'employers', lazy: page(() => import('./routes/for-employers.tsx')) },
      { path: 'dev/mailbox', lazy: page(() => import('./routes/dev-mailbox.tsx')) },
      { path: 'login', lazy: page(() => import('./routes/login.tsx')) },
      { path: 'register', lazy: page(() => import('./routes/register.tsx')) },
      { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password.tsx')) },
      { path: 'profile/edit', lazy: page(() => import('./routes/profile-edit.tsx')) },
      { path: 'projects', lazy: page(() => import('./routes/projects.tsx')) },
      { path: 'professionals', lazy: page(() => import('./routes/professionals.tsx')) },
      { path: 'professionals/:professionalId', lazy: page(() => import('./routes/professional-profile.tsx')) },
      { path: 'employers/:employerId', lazy: page(() => import('./routes/employer-profile.tsx')) },
      {
        element: <RequireUser />,
        children: [
          { path: 'dashboard', lazy: page(() => import('./routes/dashboard.tsx')) },
          { path: 'projects/:projectId', lazy: page(() => import('./routes/project-detail.tsx')) },
          { path: 'projects/:projectId/edit', lazy: page(() => import('./routes/project-edit.tsx')) },
          { path: 'post-job', lazy: page(() => import('./routes/post-job.tsx')) },
        ],
      },
      { path: 'jobs', ...redirectTo(() => paths.projects()) },
      { path: 'jobs/:jobId', ...redirectTo(({ params }) => paths.project(params.jobId ?? '')) },
      { path: 'workers', ...redirectTo(() => paths.professionals) },
      { path: 'experts', ...redirectTo(() => paths.professionals) },
      { path: 'experts/:expertId', ...redirectTo(({ params }) => paths.professional(params.expertId ?? '')) },
      // The default footer's Support link: support is the help centre and its contact form.
      { path: 'support', ...redirectTo(() => paths.help) },
      { path: '*', loader: () => redirect(paths.home), Component: () => null },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
