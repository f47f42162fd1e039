import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** How every operation reads what it is sent: one rule for all of them. */
export const inputRules = `The marketplace API. Every path also answers without the /api prefix for non-browser requests.

## How input is read (every operation)
- **Bodies** are JSON objects, at most 1 MB and 32 levels deep. Unknown fields are ignored.
- **Absent and null** mean the same: the field is not given, and its default (if it has one) applies.
- **Text**: surrounding spaces are trimmed. Blank text in an optional free-text field (a message, an address) means empty. Text containing a NUL character or half a surrogate pair is refused (400).
- **Choices** (a country, a project type, a payment method, a sort order): a value that is sent must be one of the choices; blank text is refused, never replaced by the default. Countries, regions, cities, industries and services may be sent as ids or as their English or Arabic names.
- **Numbers** are JSON numbers or text that reads as one: Western or Arabic-Indic digits, the Arabic decimal separator, commas only as thousands separators ('1,500'). Anything else is refused with 'Must be a valid number'. The same rule holds in bodies and query strings.
- **Yes/no** fields are JSON true or false in bodies; in query strings true or 1, false or 0, and absent or empty is no.
- **Query strings**: an empty parameter is the same as an absent one.
- **Errors** are always JSON \`{detail, code}\`: detail is a sentence, or for 422 a list of \`{loc, msg, type}\` naming each refused field.`;

/** OpenAPI 3.1 generated from the route schemas: /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mihna API',
        description: inputRules,
        version: '1.0.0',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
