import { referenceData } from '@mihna/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The reference data is frozen (readonly) in the shared package.
const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();
const name = z.object({ en: z.string(), ar: z.string() });
const option = z.object({ id: z.string(), name });
const city = z.object({ id: z.string(), name, lat: z.number(), lng: z.number() });
const region = z.object({ id: z.string(), name, cities: list(city) });

const referenceDataSchema = z.object({
  countries: list(
    z.object({ code: z.string(), name, currency: z.string(), phoneCode: z.string(), regionLabel: name, regions: list(region) }),
  ),
  emirates: list(region),
  currencies: list(
    z.object({ code: z.string(), name, symbol: name, decimals: z.number().int(), perUsd: z.number(), isPegged: z.boolean() }),
  ),
  industries: list(option),
  localServiceCategories: list(option.extend({ subservices: list(option) })),
  phoneCountryCodes: list(z.object({ code: z.string(), country: name, iso: z.string() })),
  projectSizes: list(option.extend({ minAed: z.number().nullable(), maxAed: z.number().nullable() })),
  companySizes: list(option),
});

export function referenceRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reference',
      {
        schema: {
          tags: ['reference'],
          summary: 'Countries, regions and cities with coordinates, currencies, industries, local services, phone codes and sizes',
          response: { 200: referenceDataSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
        return referenceData;
      },
    );
  };
}
