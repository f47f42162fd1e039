import { siteSettingsSchema } from '@mihna/shared';
import { z } from 'zod';
import { actorOf, refusals, security, type AdminApp } from './admin-route-parts.ts';
import type { ConsoleSettingsService } from './console-settings.service.ts';

/** The Settings tab: the site's interface settings. */
export function consoleSettingsRoutes(app: AdminApp, settings: ConsoleSettingsService) {
  app.get(
    '/interface-settings',
    {
      config: { admin: 'manage_content' },
      schema: {
        tags: ['admin'],
        summary: 'The site’s interface settings, as the console edits them',
        security,
        response: { 200: siteSettingsSchema, ...refusals },
      },
    },
    async (request) => settings.read(actorOf(request)),
  );

  app.put(
    '/interface-settings',
    {
      config: { admin: 'manage_content' },
      schema: {
        tags: ['admin'],
        summary: 'Replace the interface settings; the public site shows them on its next call',
        security,
        body: siteSettingsSchema,
        response: { 200: z.object({ updated: z.boolean() }), ...refusals },
      },
    },
    async (request) => settings.replace(actorOf(request), request.body),
  );
}
