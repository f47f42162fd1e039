import { siteSettingsSchema } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/public/interface-settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'Site branding and content, read by every page at start (no login)',
          response: { 200: siteSettingsSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-cache');
        return settings.getSettings();
      },
    );
  };
}
