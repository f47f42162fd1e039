import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_PASSWORD_MIN } from '@mihna/shared';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(value)));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const optionalText = z.preprocess(emptyAsUndefined, z.string().max(500).optional());
const optionalIssuer = z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional());
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Outside production the server answers this machine only: the development outbox holds codes.
    HOST: z.string().min(1).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // How long a shutdown answers /readyz 503 while still serving, before it stops taking connections: a
    // load balancer checking every second sees it leave and sends nothing more (README, Production).
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(5_000).default(0),
    // The operations listener (/metrics, /backup): not public, on this machine only unless METRICS_HOST says otherwise.
    METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    // Where the search indexes are written after a load from the database that took
    // SEARCH_SNAPSHOT_AFTER_MS or more, and read back on start ('off': never; README, Background tasks).
    SEARCH_SNAPSHOT_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    SEARCH_SNAPSHOT_AFTER_MS: z.coerce.number().int().min(0).default(2_000),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    SEED_DEMO: flag(true),
    SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().min(3).default('Mihna <no-reply@mihna.ae>'),
    // The seller on the platform's tax invoices: its legal name and VAT registration number (the UAE's
    // TRN is 15 digits). The address is the site settings' own. Both are required in production (an
    // invoice cannot be changed once issued); elsewhere the demo's are used.
    INVOICE_SELLER_NAME: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        // ZATCA's QR code gives each field one length byte.
        .refine((name) => Buffer.byteLength(name) <= 255, 'at most 255 bytes in UTF-8')
        .optional(),
    ),
    INVOICE_VAT_NUMBER: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\d{15}$/, 'a 15-digit VAT registration number')
        .optional(),
    ),
    // The seller's address as the Arabic tax invoice prints it (the English one is the site settings').
    // Outside production the demo's; unset in production, the Arabic invoice prints the settings' address.
    INVOICE_SELLER_ADDRESS_AR: z.preprocess(emptyAsUndefined, z.string().max(200, 'at most 200 characters').optional()),
    // An IP-geolocation service asked for the visitor's country when the browser gives no position
    // (§7): a URL with {ip} where the address goes, answering JSON with country_name and country_code
    // (ipapi.co's shape, https://ipapi.co/{ip}/json/). None by default: no address leaves the server.
    IP_GEOLOCATION_URL: z.preprocess(
      emptyAsUndefined,
      z
        .url({ protocol: /^https?$/ })
        .refine((url) => url.includes('{ip}'), 'a URL with {ip} where the address goes')
        .optional(),
    ),
    TWILIO_ACCOUNT_SID: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^AC[0-9a-fA-F]{32}$/)
        .optional(),
    ),
    TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
    TWILIO_FROM: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^\+?[0-9A-Za-z]{3,16}$/)
        .optional(),
    ),
    // Lets tests point the Twilio client at a local stand-in that speaks Twilio's API.
    TWILIO_API_URL: z.url().default('https://api.twilio.com'),
    // Behind a load balancer the client address comes from X-Forwarded-For. Trust only the proxies
    // named (a hop count, or addresses/CIDRs); trusting the header wholesale lets clients choose their address.
    TRUST_PROXY: z
      .string()
      .regex(
        /^(\d{1,2}|[\da-fA-F/]*[.:][\da-fA-F.:/]*(,[\da-fA-F/]*[.:][\da-fA-F.:/]*)*)$/,
        'a number of proxy hops, or a comma-separated list of proxy addresses',
      )
      .optional(),
    // HTTPS, and HTTP/2 for browsers that speak it, straight from this server (PEM files); unset,
    // plain HTTP/1.1, for a proxy in front that ends TLS.
    TLS_CERT_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
    TLS_KEY_FILE: z.preprocess(emptyAsUndefined, z.string().optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^whsec_\w+$/, 'a Stripe webhook signing secret (whsec_…)')
        .optional(),
    ),
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    // The super admin created at start when no admin has this address (admin spec; both or neither).
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('an e-mail address').optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyAsUndefined,
      z.string().min(ADMIN_PASSWORD_MIN, `at least ${ADMIN_PASSWORD_MIN} characters`).max(128).optional(),
    ),
    // The bootstrap super admin's authenticator app from the start (base32, RFC 6238 defaults: SHA-1, 6 digits,
    // 30 s), so that scripted checks can compute its codes; unset, it sets one up at its first console login.
    ADMIN_TOTP_SECRET: z.preprocess(
      (value) => (typeof value === 'string' ? value.replace(/[\s=]/g, '').toUpperCase() || undefined : value),
      z
        .string()
        .regex(/^[A-Z2-7]{16,128}$/, 'a base32 secret of at least 16 characters (A–Z, 2–7)')
        .optional(),
    ),
    // The key of what is kept secret at rest (authenticator secrets, keyed hashes of national ID numbers;
    // lib/data-key.ts): 32 random bytes in base64 (`openssl rand -base64 32`). Required in production, and
    // the same for every process on one database; elsewhere a development key that protects nothing.
    DATA_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((key) => /^[A-Za-z0-9+/]{43}=$/.test(key), '32 bytes in base64 (openssl rand -base64 32)')
        .optional(),
    ),
    // National digital identity through OpenID Connect (modules/identity): each provider's issuer (its
    // discovery document's URL), client, scopes and button label; unset, its button does not show.
    UAE_PASS_ISSUER: optionalIssuer,
    UAE_PASS_CLIENT_ID: optionalText,
    UAE_PASS_CLIENT_SECRET: optionalText,
    UAE_PASS_SCOPES: optionalText,
    UAE_PASS_LABEL: optionalText,
    UAE_PASS_LABEL_AR: optionalText,
    UAE_PASS_NATIONAL_ID_CLAIM: optionalText,
    NAFATH_ISSUER: optionalIssuer,
    NAFATH_CLIENT_ID: optionalText,
    NAFATH_CLIENT_SECRET: optionalText,
    NAFATH_SCOPES: optionalText,
    NAFATH_LABEL: optionalText,
    NAFATH_LABEL_AR: optionalText,
    NAFATH_NATIONAL_ID_CLAIM: optionalText,
    // Countries whose professionals must verify their identity before a payout (ISO codes, comma-separated).
    PAYOUTS_REQUIRE_IDENTITY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^(AE|SA|QA|KW|BH|OM)(,(AE|SA|QA|KW|BH|OM))*$/, 'Gulf country codes, comma-separated (AE,SA)')
        .optional(),
    ),
    // Signs the built-in test gateway's webhooks; the gateway only ever moves pretend money.
    TEST_GATEWAY_SECRET: z.string().min(16).default('whsec_mihna_test_gateway_development'),
  })
  .superRefine((env, context) => {
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      context.addIssue({ code: 'custom', path: ['TLS_CERT_FILE'], message: 'set TLS_CERT_FILE and TLS_KEY_FILE together' });
    }
    for (const name of ['TLS_CERT_FILE', 'TLS_KEY_FILE'] as const) {
      const file = env[name];
      if (file && !fs.existsSync(file)) context.addIssue({ code: 'custom', path: [name], message: `no file at ${file}` });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production: e-mail carries verification codes' });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together',
      });
    }
    if (env.STRIPE_SECRET_KEY?.includes('_live_') && !env.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'live Stripe keys need a PostgreSQL server (DATABASE_URL): the embedded database runs without fsync and could lose payments already taken',
      });
    }
    for (const name of ['INVOICE_SELLER_NAME', 'INVOICE_VAT_NUMBER'] as const)
      if (env.NODE_ENV === 'production' && !env[name])
        context.addIssue({ code: 'custom', path: [name], message: 'is required in production: it is printed on every tax invoice' });
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required in production: the built-in test gateway moves no real money',
      });
    }
    if (env.NODE_ENV === 'production' && !env.DATA_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['DATA_KEY'],
        message: 'is required in production: it protects authenticator secrets and identity numbers at rest',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      context.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together' });
    }
    if (env.ADMIN_TOTP_SECRET && !env.ADMIN_EMAIL) {
      context.addIssue({ code: 'custom', path: ['ADMIN_TOTP_SECRET'], message: 'is the authenticator of ADMIN_EMAIL: set them together' });
    }
    for (const prefix of ['UAE_PASS', 'NAFATH'] as const) {
      const issuer = env[`${prefix}_ISSUER`];
      if (env.NODE_ENV === 'production' && issuer?.startsWith('http:'))
        context.addIssue({
          code: 'custom',
          path: [`${prefix}_ISSUER`],
          message: 'must be https in production: the ID token is checked against its keys',
        });
      const required = [env[`${prefix}_ISSUER`], env[`${prefix}_CLIENT_ID`], env[`${prefix}_CLIENT_SECRET`]];
      if (required.some(Boolean) && !required.every(Boolean))
        context.addIssue({
          code: 'custom',
          path: [`${prefix}_ISSUER`],
          message: `set ${prefix}_ISSUER, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET together`,
        });
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['TWILIO_ACCOUNT_SID'],
        message: 'set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together',
      });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  env: Environment['NODE_ENV'];
  host: string;
  port: number;
  /** How long a shutdown stays unready but serving before it closes (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** The operations listener (/metrics, /backup), when METRICS_PORT is set. */
  operations: { host: string; port: number } | undefined;
  dataDir: string;
  /** Where the search indexes are written and read back (SEARCH_SNAPSHOT_DIR), and after how long a load; undefined: never. */
  searchSnapshots: { dir: string; afterLoadMs: number } | undefined;
  databaseUrl: string | undefined;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: Environment['LOG_LEVEL'];
  trustProxy: number | string[] | false;
  /** The certificate and key (PEM) to serve HTTPS and HTTP/2 with; unset, plain HTTP/1.1. */
  tls: { cert: Buffer; key: Buffer } | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  /** The IP-geolocation service's URL, with {ip}; none by default. */
  ipGeolocationUrl: string | undefined;
  /** The seller on tax invoices; `addressAr` is the address the Arabic invoice prints, when known. */
  invoiceSeller: { name: string; vatNumber: string; addressAr: string | undefined };
  /**
   * The origins the site itself answers at: PUBLIC_URL's, and outside production this machine's names
   * (localhost, 127.0.0.1) on the port it listens on. A payer returns from a checkout to the one they came from.
   */
  siteOrigins: string[];
  /** Passkeys' relying party: PUBLIC_URL's host, and the site's origins on that host. */
  relyingParty: { id: string; name: string; origins: string[] };
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
  /** Stripe when both keys are set; otherwise the built-in test gateway. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
  testGatewaySecret: string;
  /** DATA_KEY's 32 bytes (lib/data-key.ts); outside production without it, the development key. */
  dataKey: Buffer;
  /** The national digital identity providers configured (UAE PASS, Nafath's broker), in the order their buttons show. */
  identityProviders: IdentityProviderConfig[];
  /** Countries whose professionals need a verified identity before a payout (PAYOUTS_REQUIRE_IDENTITY). */
  payoutsRequireIdentity: string[];
  /** The super admin to create at start, from ADMIN_EMAIL and ADMIN_PASSWORD, with ADMIN_TOTP_SECRET's authenticator. */
  superAdmin: { email: string; password: string; totpSecret?: string } | undefined;
}

/** An OpenID Connect provider of national digital identity, as modules/identity signs in with it. */
export interface IdentityProviderConfig {
  id: 'uae_pass' | 'nafath';
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  label: { en: string; ar: string };
  /** The claim holding the national ID number (UAE PASS: idn, the Emirates ID). */
  nationalIdClaim: string;
  /** The country whose identity it proves. */
  country: 'AE' | 'SA';
}

const identityProviderDefaults = {
  uae_pass: {
    prefix: 'UAE_PASS',
    country: 'AE',
    scopes: 'openid profile email',
    nationalIdClaim: 'idn',
    label: { en: 'Sign in with UAE PASS', ar: 'الدخول باستخدام الهوية الرقمية (UAE PASS)' },
  },
  nafath: {
    prefix: 'NAFATH',
    country: 'SA',
    scopes: 'openid profile',
    nationalIdClaim: 'national_id',
    label: { en: 'Sign in with Nafath', ar: 'الدخول عبر نفاذ' },
  },
} as const;

function identityProvidersOf(env: Environment): IdentityProviderConfig[] {
  return (Object.keys(identityProviderDefaults) as IdentityProviderConfig['id'][]).flatMap((id) => {
    const defaults = identityProviderDefaults[id];
    const read = (name: string) => (env as unknown as Record<string, string | undefined>)[`${defaults.prefix}_${name}`];
    const [issuer, clientId, clientSecret] = [read('ISSUER'), read('CLIENT_ID'), read('CLIENT_SECRET')];
    if (!issuer || !clientId || !clientSecret) return [];
    return [
      {
        id,
        issuer,
        clientId,
        clientSecret,
        scopes: read('SCOPES') ?? defaults.scopes,
        label: { en: read('LABEL') ?? defaults.label.en, ar: read('LABEL_AR') ?? defaults.label.ar },
        nationalIdClaim: read('NATIONAL_ID_CLAIM') ?? defaults.nationalIdClaim,
        country: defaults.country,
      },
    ];
  });
}

function parseTrustProxy(value: string | undefined): number | string[] | false {
  if (!value || value === '0') return false;
  return /^\d+$/.test(value) ? Number(value) : value.split(',');
}

/** The demo seller's address in Arabic: the site settings' default address, as the Arabic pages write it. */
const DEMO_SELLER_ADDRESS_AR = 'مدينة دبي للإنترنت، دبي، الإمارات العربية المتحدة';

function siteOriginsOf(env: Environment): string[] {
  const scheme = env.TLS_CERT_FILE ? 'https' : 'http';
  const publicOrigin = new URL(env.PUBLIC_URL ?? `${scheme}://localhost:${env.PORT}`).origin;
  const local =
    env.NODE_ENV === 'production' ? [] : ['localhost', '127.0.0.1'].map((host) => new URL(`${scheme}://${host}:${env.PORT}`).origin);
  return [...new Set([publicOrigin, ...local])];
}

/**
 * WebAuthn's relying party is PUBLIC_URL's host; a browser asks for its passkeys only on that host (or
 * a subdomain), so 127.0.0.1 beside localhost is not one of its origins.
 */
function relyingPartyOf(env: Environment) {
  const id = new URL(siteOriginsOf(env)[0]!).hostname;
  const origins = siteOriginsOf(env).filter((origin) => {
    const host = new URL(origin).hostname;
    return host === id || host.endsWith(`.${id}`);
  });
  return { id, name: 'Mihna', origins };
}

/** The data key outside production when DATA_KEY is unset: in the source, so it protects nothing. */
const DEVELOPMENT_DATA_KEY = Buffer.from('mihna development key: no secret').toString('base64');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** The only reader of process.env: parses it once and fails fast, naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: env.PORT,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    operations: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    dataDir: path.resolve(env.DATA_DIR),
    searchSnapshots:
      env.SEARCH_SNAPSHOT_DIR === 'off'
        ? undefined
        : { dir: path.resolve(env.SEARCH_SNAPSHOT_DIR ?? path.join(env.DATA_DIR, 'search')), afterLoadMs: env.SEARCH_SNAPSHOT_AFTER_MS },
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `${env.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${env.PORT}`).replace(/\/$/, ''),
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tls:
      env.TLS_CERT_FILE && env.TLS_KEY_FILE
        ? { cert: fs.readFileSync(env.TLS_CERT_FILE), key: fs.readFileSync(env.TLS_KEY_FILE) }
        : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    ipGeolocationUrl: env.IP_GEOLOCATION_URL,
    invoiceSeller: {
      name: env.INVOICE_SELLER_NAME ?? 'Mihna Marketplace FZ-LLC',
      vatNumber: env.INVOICE_VAT_NUMBER ?? '100123456700003',
      addressAr: env.INVOICE_SELLER_ADDRESS_AR ?? (env.NODE_ENV === 'production' ? undefined : DEMO_SELLER_ADDRESS_AR),
    },
    siteOrigins: siteOriginsOf(env),
    relyingParty: relyingPartyOf(env),
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL.replace(/\/$/, '') }
        : undefined,
    testGatewaySecret: env.TEST_GATEWAY_SECRET,
    dataKey: Buffer.from(env.DATA_KEY ?? DEVELOPMENT_DATA_KEY, 'base64'),
    identityProviders: identityProvidersOf(env),
    payoutsRequireIdentity: env.PAYOUTS_REQUIRE_IDENTITY?.split(',') ?? [],
    superAdmin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, ...(env.ADMIN_TOTP_SECRET ? { totpSecret: env.ADMIN_TOTP_SECRET } : {}) }
        : undefined,
  };
}

/** The development outbox stands in for e-mail and SMS only when neither provider is configured, outside production. */
export function isOutboxEnabled(config: Config): boolean {
  return config.env !== 'production' && !config.mail.smtpUrl && !config.twilio;
}
