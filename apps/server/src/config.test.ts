import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../../scripts/certificate.mjs';
import { ConfigError, loadConfig } from './config.ts';

// What production requires besides mail: a payment provider, the seller on tax invoices, and the data key.
const stripeTestKeys = {
  STRIPE_SECRET_KEY: 'sk_test_mihna',
  STRIPE_WEBHOOK_SECRET: 'whsec_mihna',
  INVOICE_SELLER_NAME: 'Mihna Marketplace FZ-LLC',
  INVOICE_VAT_NUMBER: '100987654300003',
  DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('loadConfig', () => {
  it('starts with defaults on an empty environment: PGlite in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      env: 'development',
      publicUrl: 'http://localhost:3000',
    });
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

  it('takes the super admin from ADMIN_EMAIL and ADMIN_PASSWORD given together, the password at least 6 characters', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'owner@mihna.ae', ADMIN_PASSWORD: 'secret-1' }).superAdmin).toEqual({
      email: 'owner@mihna.ae',
      password: 'secret-1',
    });
    expect(loadConfig({}).superAdmin).toBeUndefined();
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@mihna.ae' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD together/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@mihna.ae', ADMIN_PASSWORD: '12345' })).toThrow(/ADMIN_PASSWORD: at least 6 characters/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'secret-1' })).toThrow(/ADMIN_EMAIL: an e-mail address/);
  });

  it('serves HTTPS with a certificate and key given together, naming a file that is not there', () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-config-'));
    try {
      const { cert, key } = selfSignedCertificate(directory);
      const config = loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key, PORT: '8443' });
      expect(config.tls?.cert.toString()).toContain('BEGIN CERTIFICATE');
      expect(config.publicUrl).toBe('https://localhost:8443');
      expect(loadConfig({}).tls).toBeUndefined();
      expect(() => loadConfig({ TLS_CERT_FILE: cert })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE together/);
      expect(() => loadConfig({ TLS_CERT_FILE: cert, TLS_KEY_FILE: path.join(directory, 'missing.pem') })).toThrow(
        /TLS_KEY_FILE: no file at/,
      );
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('loadConfig, deployment settings', () => {
  it('listens on this machine only outside production, and on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ...stripeTestKeys }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });

  it('needs a data key in production, 32 bytes in base64, and has a development one elsewhere', () => {
    const { DATA_KEY: _key, ...withoutKey } = stripeTestKeys;
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ...withoutKey })).toThrow(/DATA_KEY/);
    expect(() => loadConfig({ DATA_KEY: 'c2hvcnQ=' })).toThrow(/DATA_KEY: 32 bytes in base64/);
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({ DATA_KEY: key.toString('base64') }).dataKey).toEqual(key);
    expect(loadConfig({}).dataKey).toHaveLength(32);
  });

  it('needs SMTP in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    // The built-in test gateway takes pretend money: production needs a real card provider.
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' })).toThrow(/STRIPE_SECRET_KEY/);
    // Every tax invoice prints the seller's name and VAT number, and none can be changed once issued.
    const { INVOICE_VAT_NUMBER: _number, ...withoutNumber } = stripeTestKeys;
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ...withoutNumber })).toThrow(
      /INVOICE_VAT_NUMBER/,
    );
    expect(() => loadConfig({ INVOICE_SELLER_NAME: 'مهنة'.repeat(40) })).toThrow(/255 bytes/);
    // Live keys on the embedded database (no fsync) could lose payments already taken.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /live Stripe keys need a PostgreSQL server/,
    );
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', DATABASE_URL: 'postgres://db.example.com/mihna' })
        .stripe,
    ).toMatchObject({ secretKey: 'sk_live_abc' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/together/);
  });

  it('names the site’s own origins: PUBLIC_URL’s, and outside production this machine’s names on its port', () => {
    expect(loadConfig({}).siteOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://staging.mihna.ae/' }).siteOrigins).toEqual([
      'https://staging.mihna.ae',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'https://mihna.ae', ...stripeTestKeys };
    expect(loadConfig(production).siteOrigins).toEqual(['https://mihna.ae']);
  });

  it('prints the seller’s Arabic address given, the demo’s outside production, and none made up in production', () => {
    expect(loadConfig({ INVOICE_SELLER_ADDRESS_AR: 'برج الصقر، شارع الشيخ زايد، دبي' }).invoiceSeller.addressAr).toBe(
      'برج الصقر، شارع الشيخ زايد، دبي',
    );
    expect(loadConfig({}).invoiceSeller.addressAr).toBe('مدينة دبي للإنترنت، دبي، الإمارات العربية المتحدة');
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', ...stripeTestKeys };
    expect(loadConfig(production).invoiceSeller.addressAr).toBeUndefined();
    expect(() => loadConfig({ INVOICE_SELLER_ADDRESS_AR: 'ع'.repeat(201) })).toThrow(/INVOICE_SELLER_ADDRESS_AR: at most 200 characters/);
  });

  it('trusts a number of proxy hops or a list of proxies, never the header wholesale', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});
