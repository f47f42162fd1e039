import { randomUUID } from 'node:crypto';
import {
  convertMoney,
  currencyInfo,
  currencyOfCountry,
  FEATURED_DAYS,
  findCountry,
  hourlyRateFromMinor,
  hourlyRateToMinor,
  money,
  moneyFromDecimal,
  subjectLinks,
  toUsdCents,
  type CountryCode,
  type CurrencyCode,
} from '@mihna/shared';
import type { App } from '../app.ts';
import { hashSecret } from '../lib/secrets.ts';
import type { Db } from '../db/client.ts';
import { transaction, type Tx } from '../db/transaction.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { demoEmployers, demoProfessionals, proposalTemplates, type DemoProfessional } from './demo-marketplace-data.ts';
import { demoProjects, type DemoProject } from './demo-marketplace-projects.ts';
import { insertContracts } from '../modules/contracts/index.ts';
import { insertJobs, type NewJob as JobRow } from '../modules/jobs/index.ts';
import { describeNotification, insertNotifications, type NewNotification } from '../modules/notifications/index.ts';
import { insertProposals, type NewProposal as ProposalRow, type ProposalRow as StoredProposal } from '../modules/proposals/index.ts';
import { backdateUser, insertUsers, type NewUser } from '../modules/users/index.ts';
import { hasUserAtDomain, lockSeeding, phonesWithCodes, usersByEmail } from './demo.repository.ts';
import { createRandom, type Random } from '../lib/random.ts';

type NewJob = JobRow & { id: string; createdAt: Date };
type NewProposal = ProposalRow & { id: string; createdAt: Date };

export const DEMO_EMAIL_DOMAIN = 'demo.mihna.ae';
const omarEmail = `omar.almansoori@${DEMO_EMAIL_DOMAIN}`;
const laylaEmail = `layla.haddad@${DEMO_EMAIL_DOMAIN}`;
const hour = 3_600_000;
const day = 24 * hour;
// Any fixed number: screenshots stay the same from one fresh start to the next.
const randomSeed = 20_250_104;
const seedingLockKey = 7_110_251;

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
export const demoEmail = (first: string, last: string) => `${slug(first)}.${slug(last)}@${DEMO_EMAIL_DOMAIN}`;
const isArabic = (text: string) => /[\u0600-\u06FF]/.test(text);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** Counted nouns in Arabic change form with the number: 3–10 take the plural, 11 and more the singular. */
function arabicCount(count: number, singular: string, plural: string, accusative: string) {
  if (count === 1) return singular;
  if (count === 2) return `${singular}ين`;
  return `${count} ${count <= 10 ? plural : accusative}`;
}

// National mobile numbers: the operator prefixes of each country, then random digits (8–9 digits in all).
const mobilePatterns: Record<CountryCode, { prefixes: readonly string[]; length: number }> = {
  AE: { prefixes: ['50', '52', '54', '55', '56', '58'], length: 9 },
  SA: { prefixes: ['50', '53', '54', '55', '56', '59'], length: 9 },
  QA: { prefixes: ['3', '5', '6', '7'], length: 8 },
  KW: { prefixes: ['5', '6', '9'], length: 8 },
  OM: { prefixes: ['9', '7'], length: 8 },
  BH: { prefixes: ['33', '34', '36', '39'], length: 8 },
};

function createPhoneBook(random: Random, taken: ReadonlySet<string>) {
  const used = new Set(taken);
  return (country: CountryCode) => {
    const countryCode = findCountry(country)?.phoneCode ?? '+971';
    const { prefixes, length } = mobilePatterns[country];
    for (;;) {
      const prefix = random.pick(prefixes);
      let number = prefix;
      while (number.length < length) number += String(random.integer(0, 9));
      if (used.has(`${countryCode}${number}`)) continue;
      used.add(`${countryCode}${number}`);
      return { countryCode, phoneNumber: number };
    }
  };
}

interface PlanInput {
  now: Date;
  passwordHash: string;
  /** The demo accounts, when they exist: Omar owns some projects, Layla sends one proposal. */
  omar?: { id: string; firstName: string; lastName: string; companyName: string | null };
  layla?: { id: string; firstName: string; lastName: string; hourlyRateMinor: number | null };
  /** Mobile numbers already registered ("+971501234567"), never handed out again. */
  takenPhones?: ReadonlySet<string>;
  newId?: () => string;
}

interface PlannedProfessional {
  profile: DemoProfessional;
  id: string;
}

/**
 * Everything the demo marketplace inserts, computed without the database: the same input gives the
 * same rows (apart from ids), so the demo looks the same on every fresh start.
 */
export function planDemoMarketplace(input: PlanInput) {
  const { now, passwordHash, omar, layla } = input;
  const newId = input.newId ?? randomUUID;
  const random = createRandom(randomSeed);
  const nextPhone = createPhoneBook(random, input.takenPhones ?? new Set());
  const nowTime = now.getTime();

  const professionals: PlannedProfessional[] = demoProfessionals.map((profile) => ({ profile, id: newId() }));
  const userRows: NewUser[] = professionals.map(({ profile, id }) => {
    const createdAt = new Date(nowTime - random.integer(20, 420) * day - random.integer(0, 23) * hour);
    return {
      id,
      email: demoEmail(profile.firstName, profile.lastName),
      ...nextPhone(profile.country),
      firstName: profile.firstName,
      lastName: profile.lastName,
      role: 'professional',
      passwordHash,
      gender: profile.gender,
      skills: [...profile.skills],
      languages: [...profile.languages],
      careerHighlights: [...profile.highlights],
      hourlyRateMinor: hourlyRateToMinor(profile.hourlyRate),
      yearsOfExperience: profile.years,
      bio: profile.bio,
      country: profile.country,
      emirate: profile.region,
      city: profile.city,
      industryCategory: profile.industry,
      localServiceCategory: profile.localService?.[0] ?? null,
      localServiceSubcategory: profile.localService?.[1] ?? null,
      showLocation: profile.showLocation ?? true,
      showExactLocation: (profile.showLocation ?? true) && (profile.showExactLocation ?? false),
      verificationMethod: 'email',
      availabilityStatus: profile.availability ?? 'available',
      preferredProjectSize: profile.projectSize ?? null,
      verifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    };
  });

  const workerOf = new Map(professionals.map((professional) => [professional.id, professional.profile]));
  const employers = new Map<string, { id: string; name: string }>();
  if (omar) employers.set('omar', { id: omar.id, name: omar.companyName ?? fullName(omar) });
  for (const employer of demoEmployers) {
    const id = newId();
    const createdAt = new Date(nowTime - random.integer(60, 500) * day - random.integer(0, 23) * hour);
    employers.set(employer.key, { id, name: employer.company?.name ?? fullName(employer) });
    userRows.push({
      id,
      email: demoEmail(employer.firstName, employer.lastName),
      ...nextPhone(employer.country),
      firstName: employer.firstName,
      lastName: employer.lastName,
      role: 'employer',
      passwordHash,
      gender: employer.gender,
      companyName: employer.company?.name ?? null,
      companyDescription: employer.company?.description ?? null,
      companySize: employer.company?.size ?? null,
      websiteUrl: employer.company?.website ?? null,
      country: employer.country,
      emirate: employer.region,
      city: employer.city,
      industryCategory: employer.company?.industry ?? null,
      verificationMethod: 'email',
      verifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
  }

  const projects = demoProjects.filter((project) => employers.has(project.owner));
  const postingOrder = shuffle(projects.map((_project, index) => index));
  const jobRows = projects.map((project, index) =>
    planJob(project, employers.get(project.owner)!.id, postingAge(postingOrder[index]!, projects.length)),
  );
  const proposalRows: NewProposal[] = [];
  const bidsBy = new Map<string, number>();
  const notificationRows: NewNotification[] = [];

  projects.forEach((project, index) => {
    const job = jobRows[index]!;
    const written = chooseProfessionals(project, job, professionals).map((professional) => writeProposal(project, job, professional));
    const hired = written.find((proposal) => {
      const worker = workerOf.get(proposal.workerId);
      return worker !== undefined && fullName(worker) === project.hired;
    });
    if (hired) {
      // Hired after the last proposal came in, and the project has been assigned since.
      const lastProposal = Math.max(...written.map((proposal) => proposal.createdAt.getTime()));
      hired.status = 'accepted';
      hired.acceptedAt = new Date(Math.min(lastProposal + random.integer(20, 96) * hour, nowTime - 2 * hour));
      job.updatedAt = hired.acceptedAt;
    }
    proposalRows.push(...written);
    if (project.hasLaylaProposal && layla && job.status === 'open') {
      proposalRows.push({
        id: newId(),
        jobId: job.id,
        workerId: layla.id,
        proposalText:
          'Hello, right-to-left polish is my speciality: I led the bilingual design system of a government portal and redesigned a Dubai bank app in Arabic and English. I would audit every screen, fix the layout, icons and charts for RTL, pair your brand font with a matching Arabic typeface, and leave you a short guideline with Figma components so new screens stay right. I estimate about 40 hours over two weeks.',
        ...proposedAmount(job, hourlyRateFromMinor(layla.hourlyRateMinor) ?? 220),
        estimatedHours: null,
        status: 'pending',
        createdAt: proposalTime(job),
      });
    }
  });

  const jobById = new Map(jobRows.map((job) => [job.id, job]));
  const ownerOf = new Map(projects.map((project, index) => [jobRows[index]!.id, employers.get(project.owner)!]));
  const newestOmarProposals = proposalRows
    .filter((proposal) => omar && jobById.get(proposal.jobId)?.employerId === omar.id)
    .sort((first, second) => second.createdAt.getTime() - first.createdAt.getTime())
    .slice(0, 3);
  for (const proposal of proposalRows) {
    const job = jobById.get(proposal.jobId)!;
    job.proposalCount = (job.proposalCount ?? 0) + 1;
    const worker = workerOf.get(proposal.workerId) ?? (layla && proposal.workerId === layla.id ? layla : undefined);
    if (!worker) continue;
    const isRecent = proposal.createdAt.getTime() > nowTime - 2 * day || newestOmarProposals.includes(proposal);
    const params = { worker_name: fullName(worker), job_title: job.title, job_id: job.id };
    notificationRows.push({
      userId: job.employerId,
      kind: 'proposal_received',
      ...describeNotification('proposal_received', params),
      link: subjectLinks.proposal(job.id, proposal.id),
      params,
      isRead: !isRecent,
      createdAt: proposal.createdAt,
    });
    if (proposal.status === 'accepted' && proposal.acceptedAt) {
      const accepted = { employer_name: ownerOf.get(job.id)!.name, job_title: job.title, job_id: job.id };
      notificationRows.push({
        userId: proposal.workerId,
        kind: 'proposal_accepted',
        ...describeNotification('proposal_accepted', accepted),
        link: `/projects/${job.id}`,
        params: accepted,
        isRead: proposal.acceptedAt.getTime() < nowTime - 2 * day,
        createdAt: proposal.acceptedAt,
      });
    }
  }

  return { users: userRows, jobs: jobRows, proposals: proposalRows, notifications: notificationRows };

  function shuffle<T>(items: T[]) {
    for (let index = items.length - 1; index > 0; index -= 1) {
      const other = random.integer(0, index);
      [items[index], items[other]] = [items[other]!, items[index]!];
    }
    return items;
  }

  /** Hours since posting, spread over ~45 days in a shuffled order so no country or employer clusters. */
  function postingAge(order: number, count: number) {
    const spread = (45 * 24 - 3) / Math.max(count - 1, 1);
    return 3 + order * spread + random.between(-spread / 2, spread / 2);
  }

  function planJob(project: DemoProject, employerId: string, ageHours: number): NewJob {
    let createdTime = nowTime - Math.max(ageHours, 1) * hour;
    let featuredUntil: Date | null = null;
    if (project.featuredDays !== undefined) {
      // Featuring lasts FEATURED_DAYS from payment, so the posting date follows from the days left.
      const until = nowTime + project.featuredDays * day - random.integer(1, 10) * hour;
      featuredUntil = new Date(until);
      createdTime = until - FEATURED_DAYS * day - random.integer(0, 3) * hour;
    }
    // Hired projects had time to be hired; the demo employer's projects have had time for proposals.
    if (project.hired && nowTime - createdTime < 8 * day) createdTime = nowTime - random.integer(8, 30) * day;
    if (project.owner === 'omar' && nowTime - createdTime < 2 * day) createdTime = nowTime - random.between(2, 9) * day;
    const currency = currencyOfCountry(project.country);
    const [budgetMin, budgetMax] = project.budget;
    const { startDate, deadline } = planDates(project, createdTime);
    const ageDays = (nowTime - createdTime) / day;
    const views = ageDays * random.between(4, 14) + (featuredUntil ? random.integer(60, 140) : 0) + random.integer(0, 9);
    return {
      id: newId(),
      employerId,
      title: project.title,
      description: project.description,
      skillsRequired: [...project.skills],
      jobType: project.type,
      status: project.hired ? 'assigned' : 'open',
      country: project.country,
      region: project.region ?? null,
      city: project.city ?? null,
      industryCategory: project.industry,
      localServiceCategory: project.localService?.[0] ?? null,
      localServiceSubcategory: project.localService?.[1] ?? null,
      paymentMethod: project.isCash ? 'cash' : 'escrow',
      currency,
      budgetMinMinor: moneyFromDecimal(budgetMin, currency).minor,
      budgetMaxMinor: moneyFromDecimal(budgetMax, currency).minor,
      budgetMinUsd: toUsdCents(moneyFromDecimal(budgetMin, currency)),
      budgetMaxUsd: toUsdCents(moneyFromDecimal(budgetMax, currency)),
      featuredRequested: featuredUntil !== null,
      featuredUntil,
      isUrgent: project.isUrgent ?? false,
      locationRequired: project.isOnsite ?? false,
      allowRemote: project.allowsRemote ?? false,
      startDate,
      deadline,
      proposalCount: 0,
      viewCount: Math.round(views),
      createdAt: new Date(createdTime),
      updatedAt: new Date(createdTime),
    };
  }

  /** Dates people would pick when posting; an open project's dates are never already past. */
  function planDates(project: DemoProject, createdTime: number) {
    if (project.schedule) {
      const [startsIn, lasts] = project.schedule;
      let start = createdTime + startsIn * day;
      if (!project.hired && start < nowTime + day) start = nowTime + random.integer(2, 10) * day;
      return { startDate: toDate(start), deadline: toDate(start + lasts * day) };
    }
    if (random.next() < 0.35)
      return {
        startDate: null,
        deadline: toDate(Math.max(createdTime + random.integer(20, 60) * day, nowTime + random.integer(5, 30) * day)),
      };
    return { startDate: null, deadline: null };
  }

  /** A few professionals whose work fits: the hired one first, then by skills, industry and place. */
  function chooseProfessionals(project: DemoProject, job: NewJob, candidates: PlannedProfessional[]) {
    const jobSkills = new Set(project.skills.map((skill) => skill.toLowerCase()));
    const scored = candidates
      .filter(({ profile }) => isEligible(project, profile))
      .map((professional) => {
        const { profile } = professional;
        const overlap = profile.skills.filter((skill) => jobSkills.has(skill.toLowerCase())).length;
        const fits = project.localService
          ? profile.localService?.[1] === project.localService[1] || overlap > 0
          : overlap > 0 || profile.industry === project.industry;
        const isHired = project.hired === fullName(profile);
        const score =
          overlap * 3 +
          (profile.industry === project.industry ? 2 : 0) +
          (profile.country === project.country ? 1 : 0) +
          (profile.region === project.region ? 1 : 0) +
          random.between(0, 2.5) -
          // Busy bidders step back a little, so proposals spread over more people.
          (bidsBy.get(professional.id) ?? 0) * 0.8 +
          (isHired ? 100 : 0);
        return { professional, fits: fits || isHired, score };
      })
      .filter((candidate) => candidate.fits)
      .sort((first, second) => second.score - first.score);
    const hoursOld = (nowTime - job.createdAt.getTime()) / hour;
    if (hoursOld < 4) return [];
    const wanted =
      project.owner === 'omar' && !project.hired
        ? random.integer(2, 3)
        : project.hired
          ? random.integer(2, 4)
          : random.pick([0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4]);
    const chosen = scored.slice(0, hoursOld < 24 ? Math.min(wanted, 1) : wanted).map((candidate) => candidate.professional);
    for (const professional of chosen) bidsBy.set(professional.id, (bidsBy.get(professional.id) ?? 0) + 1);
    return chosen;
  }

  /**
   * What a professional asks, in the job's currency: their hourly rate (in AED) converted for an
   * hourly job, a whole-unit price within the budget for a fixed-price one.
   */
  function proposedAmount(job: NewJob, hourlyRateAed: number) {
    const currency = job.currency as CurrencyCode;
    const unit = 10 ** currencyInfo(currency).decimals;
    if (job.jobType === 'fixed') {
      const price = ((job.budgetMinMinor + job.budgetMaxMinor) / 2 / unit) * random.between(0.8, 1);
      return { proposedAmountMinor: Math.max(1, Math.round(price)) * unit, currency };
    }
    const rate = convertMoney(money(Math.round(hourlyRateAed) * 100, 'AED'), currency);
    return { proposedAmountMinor: Math.max(unit, Math.round(rate.minor / unit) * unit), currency };
  }

  function writeProposal(project: DemoProject, job: NewJob, { profile, id }: PlannedProfessional): NewProposal {
    const writesArabic = isArabic(profile.bio) || (isArabic(project.title) && profile.languages.includes('Arabic') && random.next() < 0.6);
    const hasHighlight = profile.highlights.length > 0 && isArabic(profile.highlights[0]!) === writesArabic;
    const group = project.localService ? (writesArabic ? 'arLocal' : 'enLocal') : writesArabic ? 'ar' : 'en';
    const template = random.pick(proposalTemplates[group].filter((candidate) => hasHighlight || !candidate.withHighlight));
    const jobSkills = new Set(project.skills.map((skill) => skill.toLowerCase()));
    const matching = profile.skills.filter((skill) => jobSkills.has(skill.toLowerCase()));
    const shown = [...new Set([...matching, ...profile.skills])].slice(0, 2);
    const usdRate = Math.max(15, Math.round((profile.hourlyRate / 3.6725) * random.between(0.9, 1.1)));
    let text = template.write({
      skills: shown.join(writesArabic ? ' و' : ' and '),
      years: writesArabic ? arabicCount(profile.years, 'سنة', 'سنوات', 'عامًا') : `${profile.years} years`,
      highlight: profile.highlights[0] ?? '',
      title: project.title,
    });
    let estimatedHours: number | null = null;
    if (project.type === 'hourly') {
      const budgetUsd = ((job.budgetMinUsd + job.budgetMaxUsd) / 2 / 100) * random.between(0.75, 1);
      estimatedHours = Math.min(400, Math.max(4, Math.round(budgetUsd / usdRate / 5) * 5 || 4));
      text += writesArabic
        ? ` أقدّر أن العمل يحتاج إلى نحو ${arabicCount(estimatedHours, 'ساعة', 'ساعات', 'ساعة')} إجمالًا.`
        : ` I estimate about ${estimatedHours} hours in total.`;
    }
    return {
      id: newId(),
      jobId: job.id,
      workerId: id,
      proposalText: text,
      ...proposedAmount(job, profile.hourlyRate * random.between(0.9, 1.1)),
      estimatedHours,
      status: 'pending',
      createdAt: proposalTime(job),
      acceptedAt: null,
    };
  }

  /** Most proposals arrive within the first days after posting. */
  function proposalTime(job: NewJob) {
    const posted = job.createdAt.getTime();
    const latest = Math.min(posted + 6 * day, nowTime - 30 * 60_000);
    return new Date(posted + random.between(0.15, 1) ** 2 * (latest - posted));
  }
}

function isEligible(project: DemoProject, profile: DemoProfessional) {
  const isLocalWork = profile.localService !== undefined;
  if (Boolean(project.localService) !== isLocalWork) return false;
  if (project.localService && profile.localService?.[0] !== project.localService[0]) return false;
  // Cash jobs are for the same emirate (region) only; on-site jobs without remote work for the same country.
  if (project.isCash && (profile.country !== project.country || profile.region !== project.region)) return false;
  if (project.isOnsite && !project.allowsRemote && profile.country !== project.country) return false;
  return true;
}

const hasDemoMarketplace = (executor: Db) => hasUserAtDomain(executor, DEMO_EMAIL_DOMAIN, [omarEmail, laylaEmail]);

/**
 * Professionals, employers, projects, proposals and notifications for a demo instance, once: when any
 * demo user besides the two demo accounts exists, it does nothing. Rows are written directly rather
 * than through registration, which would cost an argon2 hash and a code for each of ~85 people; all
 * demo users share one hash of the demo password.
 */
export async function seedDemoMarketplace(app: App, now: Date) {
  const { db } = app.services.database;
  if (await hasDemoMarketplace(db)) return { created: false as const };
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  return transaction(db, async (tx) => {
    // Two processes starting together: the second waits here, then finds the data.
    await lockSeeding(tx, seedingLockKey);
    if (await hasDemoMarketplace(tx)) return { created: false as const };
    const accounts = await usersByEmail(tx, [omarEmail, laylaEmail]);
    const omar = accounts.find((account) => account.email === omarEmail);
    const layla = accounts.find((account) => account.email === laylaEmail);
    const gulfCodes = ['+971', '+966', '+974', '+965', '+968', '+973'];
    const phones = await phonesWithCodes(tx, gulfCodes);
    const plan = planDemoMarketplace({
      now,
      passwordHash,
      omar,
      layla,
      takenPhones: new Set(phones.map((phone) => `${phone.code}${phone.number}`)),
    });
    await insertUsers(tx, plan.users);
    // The two demo accounts were registered a moment ago; their history here goes back months.
    if (omar) await backdateUser(tx, omar.id, new Date(now.getTime() - 150 * day));
    if (layla) await backdateUser(tx, layla.id, new Date(now.getTime() - 210 * day));
    await insertJobs(tx, plan.jobs);
    if (plan.proposals.length > 0) {
      const inserted = await insertProposals(tx, plan.proposals);
      await insertHiredContracts(tx, inserted, plan.jobs);
    }
    if (plan.notifications.length > 0) await insertNotifications(tx, plan.notifications);
    return {
      created: true as const,
      users: plan.users.length,
      jobs: plan.jobs.length,
      proposals: plan.proposals.length,
      notifications: plan.notifications.length,
    };
  });
}

/** Every demo hire is a contract, as an acceptance through the proposals service makes one. */
async function insertHiredContracts(tx: Tx, inserted: StoredProposal[], plannedJobs: NewJob[]) {
  const jobById = new Map(plannedJobs.map((job) => [job.id, job]));
  const rows = inserted
    .filter((proposal) => proposal.status === 'accepted')
    .map((proposal) => {
      const job = jobById.get(proposal.jobId)!;
      return {
        jobId: job.id,
        proposalId: proposal.id,
        employerId: job.employerId,
        professionalId: proposal.workerId,
        jobType: job.jobType,
        paymentMethod: job.paymentMethod ?? 'escrow',
        agreedAmountMinor: proposal.proposedAmountMinor,
        currency: proposal.currency,
        createdAt: proposal.acceptedAt ?? proposal.createdAt,
      };
    });
  await insertContracts(tx, rows);
}
