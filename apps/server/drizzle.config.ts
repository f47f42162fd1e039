import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/*.schema.ts', './src/plugins/*.schema.ts'],
  out: './drizzle',
});
