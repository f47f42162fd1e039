import { currencyInfo, toDecimal, type CurrencyCode } from '@mihna/shared';
import type { App } from '../app.ts';
import { actorOf } from '../lib/access.ts';
import { createNotificationsRepository, createNotificationsService } from '../modules/notifications/index.ts';
import { completeTestCheckout, createMoneyServices } from '../modules/payments/index.ts';
import { createPeopleLookup } from '../modules/users/index.ts';
import { createTimeRepository, createTimeService, createTimesheetsService } from '../modules/time/index.ts';
import { workByTheHour } from './demo-time.ts';
import { activeHires, paymentCount, topEarners } from './demo.repository.ts';

const isArabic = (text: string) => /[\u0600-\u06FF]/.test(text);

/** A sound UAE IBAN for a demo account number: bank code 033, check digits computed (ISO 7064 mod 97-10). */
export function demoIban(accountNumber: number): string {
  const bban = `033${String(accountNumber).padStart(16, '0')}`;
  let remainder = 0;
  for (const digit of `${bban}101400`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `AE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const employerWords = {
  en: [
    'Delivered exactly what we agreed, on time, and kept us informed throughout.',
    'Thorough, quick to answer and easy to work with. We will hire again.',
  ],
  ar: ['سلّم العمل كما اتفقنا وفي موعده، وأبقانا على اطلاع طوال الوقت.', 'دقيق وسريع في الرد ومتعاون. سنتعامل معه مجددًا بالتأكيد.'],
};
const professionalWords = {
  en: ['A clear brief, quick feedback and payment released on time.', 'Well organised client; approvals came promptly.'],
  ar: ['متطلبات واضحة وملاحظات سريعة، والدفعات صُرفت في وقتها.', 'عميل منظم، والموافقات كانت تصل بسرعة.'],
};

/**
 * The demo's money history, made through the same services users go through, each step at its own
 * moment in the past: most hires completed and paid with reviews both ways, one job in escrow with
 * work waiting for approval (the demo employer's), and one open dispute. Runs once, on a marketplace
 * with hires and no payments yet.
 */
export async function seedDemoMoney(app: App, now: Date, demoEmployerId: string | undefined) {
  const { db } = app.services.database;
  if ((await paymentCount(db)) > 0) return { completed: 0 };
  const hires = await activeHires(db);
  if (hires.length === 0) return { completed: 0 };

  let current = now.getTime();
  // The demo pays through the built-in gateway whatever provider the server uses: it moves no real money.
  const config = { ...app.services.config, stripe: undefined };
  const clock = () => new Date(current);
  // Told at the moment each step happened in the demo's past.
  const notifications = createNotificationsService({
    repository: createNotificationsRepository(db),
    delivery: app.services.delivery,
    publicUrl: config.publicUrl,
    clock,
  });
  const { users: usersRepository, jobState, contracts: contractsRepository } = app.services;
  const money = createMoneyServices({
    db,
    config,
    users: usersRepository,
    jobState,
    contracts: contractsRepository,
    moderation: app.services.moderation,
    notifications,
    delivery: app.services.delivery,
    settings: app.services.settings,
    logger: app.log,
    clock,
  });
  const timeRepository = createTimeRepository(db);
  const time = createTimeService({ db, repository: timeRepository, contracts: contractsRepository, clock });
  const timesheets = createTimesheetsService({
    db,
    repository: timeRepository,
    contracts: contractsRepository,
    jobState,
    billing: money.hourlyBilling,
    people: createPeopleLookup(usersRepository),
    notifications,
    pdf: app.services.pdf,
    clock,
  });
  const pay = async (checkoutId: string) => {
    const checkout = await money.paymentsRepository.findCheckout(checkoutId);
    if (!checkout) throw new Error('the demo checkout vanished');
    await completeTestCheckout(checkout, { webhooks: money.webhooks, secret: config.testGatewaySecret, clock: () => new Date(current) });
  };

  // Hourly contracts are paid week by week from their timesheets; the others by milestones.
  const fixed = hires.filter((hire) => hire.contract.jobType === 'fixed');
  const hourly = hires.filter((hire) => hire.contract.jobType === 'hourly');
  const inEscrow = fixed.find((hire) => hire.contract.employerId === demoEmployerId) ?? fixed[0];
  // One hourly contract goes on, with a week waiting for its employer's review (the demo employer's, when he has one).
  const ongoing = hourly.find((hire) => hire.contract.employerId === demoEmployerId) ?? hourly[0];
  // One fixed-price contract has a dispute open about its second milestone (an hourly one has nothing held to dispute).
  const disputed = fixed.find((hire) => hire !== inEscrow);
  let completed = 0;
  for (const [index, { contract, job }] of hires.entries()) {
    const employer = { id: contract.employerId, role: 'employer' as const };
    const professional = { id: contract.professionalId, role: 'professional' as const };
    const language = isArabic(job.title) ? 'ar' : 'en';
    const start = contract.createdAt.getTime();
    const at = (share: number) => (current = Math.min(now.getTime() - 60_000, start + (now.getTime() - start) * share));

    if (contract.jobType === 'hourly') {
      const worked = await workByTheHour({
        contract,
        language,
        index,
        outcome: contract === ongoing?.contract ? 'ongoing' : 'ended',
        now,
        setClock: (at) => (current = at),
        time,
        timesheets,
        payments: money.payments,
        pay,
      });
      if (!worked.ended) continue;
    } else {
      // Two milestones: about 40 hours at the agreed rate, or the agreed price, within the budget.
      const unit = 10 ** currencyInfo(contract.currency as CurrencyCode).decimals;
      const totalUnits = Math.max(2, Math.floor(Math.min(contract.agreedAmountMinor, job.budgetMaxMinor) / unit));
      const firstUnits = Math.round(totalUnits * 0.4);
      at(0.05);
      await money.payments.setupPayment(actorOf(employer), contract.jobId, {
        milestones: [
          {
            title: language === 'ar' ? 'المرحلة الأولى: التخطيط والمسودة' : 'First milestone: plan and first draft',
            description: language === 'ar' ? 'خطة العمل والمسودة الأولى للمراجعة.' : 'The work plan and a first draft for review.',
            amount: firstUnits,
          },
          {
            title: language === 'ar' ? 'المرحلة الثانية: التسليم النهائي' : 'Second milestone: final delivery',
            description: language === 'ar' ? 'العمل كاملًا بعد الملاحظات.' : 'The finished work, with the feedback applied.',
            amount: totalUnits - firstUnits,
          },
        ],
      });
      at(0.1);
      const status = await money.payments.getPaymentStatus(actorOf(employer), contract.jobId);
      const checkout = await money.payments.createEscrow(actorOf(employer), status.payment_id!);
      await pay(checkout.checkout_id);
      const [first, second] = status.milestones;
      at(0.45);
      await money.payments.submitMilestone(actorOf(professional), first!.id, {
        notes: language === 'ar' ? 'أرفقت الخطة والمسودة الأولى.' : 'The plan and first draft are attached.',
        deliverable_urls: [],
      });
      if (contract === inEscrow?.contract) continue;
      at(0.55);
      await money.payments.approveMilestone(actorOf(employer), first!.id, { notes: '' });
      if (contract === disputed?.contract) {
        at(0.8);
        await money.payments.openDispute(actorOf(employer), status.payment_id!, {
          milestone_id: second!.id,
          reason: language === 'ar' ? 'التسليم النهائي متأخر' : 'Final delivery is late',
          description:
            language === 'ar'
              ? 'مرّ أسبوعان على الموعد المتفق عليه للتسليم النهائي دون رد.'
              : 'The final delivery is two weeks past the agreed date and messages go unanswered.',
        });
        continue;
      }
      at(0.7);
      await money.payments.submitMilestone(actorOf(professional), second!.id, { notes: '', deliverable_urls: [] });
      at(0.8);
      await money.payments.approveMilestone(actorOf(employer), second!.id, { notes: '' });
    }
    at(0.85);
    await money.reviews.submitReview(actorOf(employer), contract.jobId, {
      overall_rating: 5 - (index % 3 === 2 ? 1 : 0),
      work_quality: 5,
      communication: 5 - (index % 2),
      timeliness: 4 + (index % 2),
      comment: employerWords[language][index % 2]!,
    });
    at(0.9);
    await money.reviews.submitReview(actorOf(professional), contract.jobId, {
      overall_rating: 5,
      communication: 5,
      payment_reliability: 5,
      comment: professionalWords[language][index % 2]!,
    });
    completed += 1;
  }

  // The professionals who earned most have paid part of it out to their banks.
  const earners = await topEarners(db, 4);
  for (const [index, earner] of earners.entries()) {
    // Their bank account saved a day and more before (a new one waits 24 hours).
    const { payout_method } = await money.payoutMethods.add(actorOf(earner.user), {
      iban: demoIban(1_000_000 + index),
      account_holder: `${earner.user.firstName} ${earner.user.lastName}`,
    });
    current += 25 * 3_600_000;
    await money.payouts.requestPayout(actorOf(earner.user), {
      amount: toDecimal({ minor: Math.floor(earner.balance / 2), currency: earner.currency as CurrencyCode }),
      currency: earner.currency,
      payout_method_id: payout_method.id,
    });
  }
  return { completed };
}
