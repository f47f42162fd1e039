// The server's walls (ARCHITECTURE.md, decision 48): a module is used only through its face, tables are read and
// written through repositories, and the layers below the modules never reach up into them.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';

const src = './apps/server/src';
const modules = readdirSync(new URL('../apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tests, their helpers and fixtures may reach into a module: they check it from the inside. */
const testFiles = ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/fuzz/**', '**/test-*.ts'];

const faceZones = modules.flatMap((module) =>
  modules
    .filter((other) => other !== module)
    .map((other) => ({
      target: `${src}/modules/${module}`,
      from: `${src}/modules/${other}`,
      except: ['./index.ts', `./${other}.schema.ts`],
      message: `Use the ${other} module through its face, modules/${other}/index.ts.`,
    })),
);

const layerZones = [
  ...['db', 'lib', 'plugins', 'search', 'tasks'].map((layer) => ({
    target: `${src}/${layer}`,
    from: [`${src}/modules`, `${src}/seed`, `${src}/app.ts`, `${src}/main.ts`, `${src}/background-tasks.ts`],
    message: `${layer}/ sits below the modules: hand it what it needs instead (app.ts wires them).`,
  })),
  {
    target: `${src}/modules`,
    from: [`${src}/seed`, `${src}/app.ts`, `${src}/main.ts`, `${src}/background-tasks.ts`],
    message: 'Modules are wired by app.ts, never the other way round.',
  },
  {
    // The seeds' reads (seed/demo.repository.ts) may read the tables; the drizzle rule below keeps them to repositories.
    target: `${src}/seed`,
    from: `${src}/modules`,
    except: modules.flatMap((module) => [`./${module}/index.ts`, `./${module}/${module}.schema.ts`]),
    message: 'The seeds build data through the modules’ faces.',
  },
  {
    target: [`${src}/app.ts`, `${src}/main.ts`, `${src}/background-tasks.ts`],
    from: `${src}/modules`,
    except: modules.map((module) => `./${module}/index.ts`),
    message: 'app.ts wires each module through its face.',
  },
];

export const serverWalls = [
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: testFiles,
    plugins: { 'import-x': importX },
    // Without these the plugin parses no .ts file it follows, and no-cycle sees no cycle at all.
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...faceZones, ...layerZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Only repositories and the tables themselves speak SQL or know a table; the read-only ledger checker is the one
    // reader that needs every table at once (ledger-invariants.ts). A type (an SQL fragment a repository hands over) may travel.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      ...testFiles,
      '**/*.repository.ts',
      '**/*.schema.ts',
      'apps/server/src/db/**',
      'apps/server/src/modules/payments/ledger-invariants.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/*.schema.ts'],
              allowTypeImports: true,
              message: 'SQL and tables belong in the module’s *.repository.ts.',
            },
          ],
        },
      ],
    },
  },
];
