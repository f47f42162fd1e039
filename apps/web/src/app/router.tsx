import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { paths } from '../lib/paths.ts';
import { RootLayout } from './root-layout.tsx';

/** Each screen is its own chunk, loaded when its route is first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

const redirectTo =
  (target: (args: LoaderFunctionArgs) => string) =>
  (args: LoaderFunctionArgs) => {
    const { search } = new URL(args.request.url);
    return redirect(`${target(args)}${search}`);
  };

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, lazy: page(() => import('./routes/home.tsx')) },
      { path: 'about', lazy: page(() => import('./routes/about.tsx')) },
      { path: 'contact', lazy: page(() => import('./routes/contact.tsx')) },
      { path: 'help', lazy: page(() => import('./routes/help.tsx')) },
      { path: 'privacy', lazy: page(() => import('./routes/privacy.tsx')) },
      { path: 'terms', lazy: page(() => import('./routes/terms.tsx')) },
      { path: 'dev/mailbox', lazy: page(() => import('./routes/dev-mailbox.tsx')) },
      { path: 'jobs', loader: redirectTo(() => paths.projects()) },
      { path: 'jobs/:jobId', loader: redirectTo(({ params }) => paths.project(params.jobId ?? '')) },
      { path: 'workers', loader: redirectTo(() => paths.professionals) },
      { path: 'experts', loader: redirectTo(() => paths.professionals) },
      { path: 'experts/:expertId', loader: redirectTo(({ params }) => paths.professional(params.expertId ?? '')) },
      { path: '*', loader: () => redirect(paths.home) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
