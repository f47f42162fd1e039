import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with defaults on an empty environment: PGlite in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, env: 'development', publicUrl: 'http://localhost:3000' });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads SEED_DEMO=0 as off and an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ SEED_DEMO: '0', DATABASE_URL: '' })).toMatchObject({ seedDemo: false, databaseUrl: undefined });
  });

  it('fails fast naming every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', NODE_ENV: 'staging' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'NODE_ENV']) expect(problems).toContain(name);
    }
  });

  it('needs all three Twilio variables together', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}` })).toThrow(/TWILIO/);
  });
});
