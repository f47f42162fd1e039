import { registrationInputSchema } from '@mihna/shared';
import sharp from 'sharp';
import type { App } from '../app.ts';

export const DEMO_PASSWORD = 'MihnaDemo2025!';
/**
 * The demo super admin's authenticator app (base32; RFC 6238 defaults), as public as the demo password:
 * add it to any authenticator app to sign in to the demo's console (README).
 */
export const DEMO_ADMIN_TOTP_SECRET = 'MIHNADEMOCONSOLEAUTHENTICATORKEY';

interface DemoAccount {
  registration: Record<string, unknown>;
  colours: [string, string];
}

const demoAccounts: DemoAccount[] = [
  {
    colours: ['#10B981', '#065F46'],
    registration: {
      role: 'professional',
      first_name: 'Layla',
      last_name: 'Haddad',
      email: 'layla.haddad@demo.mihna.ae',
      phone_number: '501234567',
      country_code: '+971',
      gender: 'female',
      skills: 'UX Design, UI Design, Figma, Design Systems, Arabic Typography, User Research',
      career_highlights: 'Redesigned a Dubai bank app used by 2 million customers, Led the bilingual design system of a government portal',
      hourly_rate: 220,
      years_of_experience: 9,
      languages: 'Arabic, English, French',
      bio: 'Product designer in Dubai. I design bilingual Arabic–English apps that feel native in both directions, from research to a tested design system.',
      emirate: 'dubai',
      city: 'dubai',
      industry_category: 'design_creative',
    },
  },
  {
    colours: ['#3B82F6', '#1E3A8A'],
    registration: {
      role: 'employer',
      first_name: 'Omar',
      last_name: 'Al Mansoori',
      email: 'omar.almansoori@demo.mihna.ae',
      phone_number: '502345678',
      country_code: '+971',
      company_name: 'Al Noor Properties',
      company_description:
        'A property developer and manager in Abu Dhabi, hiring designers, engineers and maintenance teams for residential communities.',
      emirate: 'abu_dhabi',
      city: 'abu_dhabi',
      industry_category: 'real_estate',
    },
  },
];

/** A simple abstract avatar, drawn here so the demo needs no image files. */
async function avatar([light, dark]: [string, string]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="256" cy="200" r="92" fill="#ffffff" fill-opacity="0.9"/>
    <path d="M96 470c20-96 84-150 160-150s140 54 160 150" fill="#ffffff" fill-opacity="0.9"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Demo accounts made the way people make them: registration, the code from the development outbox,
 * completion, and a picture upload. Only where the outbox holds the codes (no real e-mail is sent).
 */
export async function seedDemoAccounts(app: App) {
  const { registration, outbox, users, usersService } = app.services;
  const created: string[] = [];
  for (const account of demoAccounts) {
    const email = String(account.registration.email);
    if (await users.findUserByEmail(email)) continue;
    const input = registrationInputSchema.parse({
      ...account.registration,
      password: DEMO_PASSWORD,
      confirm_password: DEMO_PASSWORD,
      verification_method: 'email',
    });
    const answer = await registration.register(input);
    const [message] = await outbox.listRecentMessages(email, 1);
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    if (!code) throw new Error(`no verification code was queued for ${email}`);
    const { user } = await registration.completeRegistration(
      { registration_id: answer.registration_id, verification_code: code, email },
      { ipAddress: '127.0.0.1', userAgent: 'demo seed' },
    );
    const row = await users.findUserById(user.id);
    if (row) await usersService.setProfilePicture(row, await avatar(account.colours));
    created.push(email);
  }
  return {
    created,
    accounts: demoAccounts.map((account) => ({ email: String(account.registration.email), role: String(account.registration.role) })),
  };
}
