import type { NotificationKind } from './jobs.ts';
import { currencies, type CurrencyCode } from './reference/index.ts';
import { formatMoney, parseMoney } from './money.ts';
import { AUTO_APPROVE_DAYS } from './payments.ts';
import { TIMESHEET_AUTO_APPROVE_DAYS } from './time.ts';

export type NotificationLanguage = 'en' | 'ar';

/**
 * What each notice says, in both languages, kept once: the server stores the English and e-mails both,
 * the bell and the activity feed show the reader's. `{{name}}` is one of the event's params. A title
 * quoted in a sentence takes its language's one quotation style, "…" in English and «…» in Arabic
 * (notification-texts.test.ts holds every sentence to it).
 */
export const notificationTexts: Record<NotificationKind, Record<NotificationLanguage, { title: string; message: string }>> = {
  proposal_received: {
    en: { title: 'New proposal', message: '{{worker_name}} sent a proposal for "{{job_title}}".' },
    ar: { title: 'عرض جديد', message: 'أرسل {{worker_name}} عرضًا لمشروع «{{job_title}}».' },
  },
  interest_received: {
    en: { title: 'New interest', message: '{{worker_name}} is interested in "{{job_title}}".' },
    ar: { title: 'اهتمام جديد', message: 'أبدى {{worker_name}} اهتمامه بمشروع «{{job_title}}».' },
  },
  proposal_accepted: {
    en: { title: 'Proposal accepted', message: '{{employer_name}} accepted your proposal for "{{job_title}}".' },
    ar: { title: 'تم قبول عرضك', message: 'قبل {{employer_name}} عرضك لمشروع «{{job_title}}».' },
  },
  proposal_not_selected: {
    en: {
      title: 'Proposal not selected',
      message: '{{employer_name}} hired another professional for "{{job_title}}". Thank you for your proposal.',
    },
    ar: { title: 'لم يتم اختيار عرضك', message: 'وظّف {{employer_name}} محترفًا آخر لمشروع «{{job_title}}». شكرًا على عرضك.' },
  },
  proposal_declined: {
    en: {
      title: 'Proposal declined',
      message: '{{employer_name}} declined your proposal for "{{job_title}}". Thank you for your proposal.',
    },
    ar: { title: 'رُفض العرض', message: 'رفض {{employer_name}} عرضك لمشروع «{{job_title}}». شكرًا لتقديمك.' },
  },
  job_invitation: {
    en: { title: 'Invitation to a project', message: '{{employer_name}} invited you to "{{job_title}}".' },
    ar: { title: 'دعوة إلى مشروع', message: 'دعاك {{employer_name}} إلى مشروع «{{job_title}}».' },
  },
  job_closed: {
    en: { title: 'Project closed', message: '{{employer_name}} closed "{{job_title}}". It takes no proposals until it is reopened.' },
    ar: { title: 'أُغلق المشروع', message: 'أغلق {{employer_name}} مشروع «{{job_title}}»، ولن يستقبل عروضًا حتى يُعاد فتحه.' },
  },
  job_reopened: {
    en: { title: 'Project reopened', message: '{{employer_name}} reopened "{{job_title}}". Your proposal is pending again.' },
    ar: { title: 'أُعيد فتح المشروع', message: 'أعاد {{employer_name}} فتح مشروع «{{job_title}}»، وعرضك قيد الانتظار من جديد.' },
  },
  project_taken_down: {
    en: {
      title: 'Project taken down',
      message: 'Mihna staff took down your project "{{job_title}}". It does not appear in search or take proposals. Reason: {{reason}}',
    },
    ar: {
      title: 'أُوقف المشروع',
      message: 'أوقف فريق مهنة مشروعك «{{job_title}}»، فلم يعد يظهر في البحث ولا يستقبل عروضًا. السبب: {{reason}}',
    },
  },
  project_reinstated: {
    en: { title: 'Project reinstated', message: 'Mihna staff reinstated your project "{{job_title}}".' },
    ar: { title: 'أُعيد المشروع', message: 'أعاد فريق مهنة مشروعك «{{job_title}}» إلى النشر.' },
  },
  payment_setup: {
    en: {
      title: 'Payment set up',
      message: '{{employer_name}} set up the milestones for "{{job_title}}". Work starts once escrow is funded.',
    },
    ar: { title: 'تم إعداد الدفع', message: 'أعدّ {{employer_name}} المراحل لمشروع «{{job_title}}». يبدأ العمل بعد تمويل الضمان.' },
  },
  escrow_funded: {
    en: {
      title: 'Escrow funded',
      message: '{{employer_name}} funded escrow for "{{job_title}}": {{amount_text}} is held for you. You can start work.',
    },
    ar: {
      title: 'تم تمويل الضمان',
      message: 'موّل {{employer_name}} الضمان لمشروع «{{job_title}}»: المبلغ {{amount_text}} محجوز لك. يمكنك بدء العمل.',
    },
  },
  milestone_submitted: {
    en: { title: 'Milestone submitted', message: '{{worker_name}} submitted "{{milestone_title}}" on "{{job_title}}" for your approval.' },
    ar: { title: 'تم تسليم مرحلة', message: 'سلّم {{worker_name}} مرحلة «{{milestone_title}}» في مشروع «{{job_title}}» بانتظار موافقتك.' },
  },
  milestone_approved: {
    en: {
      title: 'Milestone approved',
      message: '{{employer_name}} approved "{{milestone_title}}" on "{{job_title}}" and released {{amount_text}}.',
    },
    ar: {
      title: 'تمت الموافقة على المرحلة',
      message: 'وافق {{employer_name}} على مرحلة «{{milestone_title}}» في مشروع «{{job_title}}» وصرف {{amount_text}}.',
    },
  },
  milestone_auto_approve_soon: {
    en: {
      title: 'Milestone approves automatically soon',
      message: '"{{milestone_title}}" on "{{job_title}}" will be approved automatically on {{date}} unless the employer acts before then.',
    },
    ar: {
      title: 'موافقة تلقائية قريبًا',
      message: 'ستُعتمد مرحلة «{{milestone_title}}» في مشروع «{{job_title}}» تلقائيًا في {{date}} ما لم يتخذ صاحب العمل إجراءً قبل ذلك.',
    },
  },
  milestone_auto_approved: {
    en: {
      title: 'Milestone approved automatically',
      message: `"{{milestone_title}}" on "{{job_title}}" was approved automatically after ${AUTO_APPROVE_DAYS} days, and {{amount_text}} was released.`,
    },
    ar: {
      title: 'اعتُمدت المرحلة تلقائيًا',
      message: `اعتُمدت مرحلة «{{milestone_title}}» في مشروع «{{job_title}}» تلقائيًا بعد ${AUTO_APPROVE_DAYS} يومًا، وصُرف المبلغ {{amount_text}}.`,
    },
  },
  dispute_opened: {
    en: {
      title: 'Dispute opened',
      message:
        '{{party_name}} opened a dispute about "{{milestone_title}}" on "{{job_title}}". The payment for that milestone is on hold while our team reviews it; the rest of the contract goes on.',
    },
    ar: {
      title: 'فُتح نزاع',
      message:
        'فتح {{party_name}} نزاعًا على مرحلة «{{milestone_title}}» في مشروع «{{job_title}}». دفع هذه المرحلة معلّق حتى يراجعه فريقنا، ويستمر باقي العقد.',
    },
  },
  dispute_resolved: {
    en: { title: 'Dispute resolved', message: 'Our team resolved the dispute on "{{job_title}}". The decision: {{note}}' },
    ar: { title: 'حُلّ النزاع', message: 'حلّ فريق مهنة النزاع على مشروع «{{job_title}}». قرار مهنة: {{note}}' },
  },
  cash_marked: {
    en: {
      title: 'Cash payment to confirm',
      message: '{{worker_name}} says "{{milestone_title}}" on "{{job_title}}" was paid in cash. Please confirm.',
    },
    ar: {
      title: 'دفعة نقدية بانتظار التأكيد',
      message: 'يقول {{worker_name}} إن مرحلة «{{milestone_title}}» في مشروع «{{job_title}}» دُفعت نقدًا. يُرجى التأكيد.',
    },
  },
  cash_confirmed: {
    en: {
      title: 'Cash payment confirmed',
      message: '{{employer_name}} confirmed the cash payment for "{{milestone_title}}" on "{{job_title}}".',
    },
    ar: {
      title: 'تم تأكيد الدفع النقدي',
      message: 'أكّد {{employer_name}} الدفع النقدي لمرحلة «{{milestone_title}}» في مشروع «{{job_title}}».',
    },
  },
  job_completed: {
    en: { title: 'Project completed', message: '"{{job_title}}" is complete. You can now review {{party_name}}.' },
    ar: { title: 'اكتمل المشروع', message: 'اكتمل مشروع «{{job_title}}». يمكنك الآن تقييم {{party_name}}.' },
  },
  featured_active: {
    en: { title: 'Project featured', message: '"{{job_title}}" is featured at the top of search results until {{date}}.' },
    ar: { title: 'المشروع مميّز', message: 'مشروع «{{job_title}}» مميّز في أعلى نتائج البحث حتى {{date}}.' },
  },
  data_export_ready: {
    en: {
      title: 'Your data is ready',
      message: 'The copy of your Mihna data you asked for is ready. Download it from the Security page until {{date}}.',
    },
    ar: {
      title: 'بياناتك جاهزة',
      message: 'نسخة بياناتك في مهنة التي طلبتها جاهزة. نزّلها من صفحة الأمان حتى {{date}}.',
    },
  },
  payout_paid: {
    en: { title: 'Payout sent', message: 'Your payout of {{amount_text}} was sent to the bank account ending in {{iban_last4}}.' },
    ar: { title: 'تم إرسال الدفعة', message: 'أُرسلت دفعتك بقيمة {{amount_text}} إلى الحساب المصرفي المنتهي بـ {{iban_last4}}.' },
  },
  payout_failed: {
    en: {
      title: 'Payout returned',
      message:
        'Your payout of {{amount_text}} to the bank account ending in {{iban_last4}} could not be sent. The amount is back in your available balance.',
    },
    ar: {
      title: 'أُعيدت الدفعة',
      message: 'تعذّر إرسال دفعتك بقيمة {{amount_text}} إلى الحساب المصرفي المنتهي بـ {{iban_last4}}. أُعيد المبلغ إلى رصيدك المتاح.',
    },
  },
  review_received: {
    en: { title: 'New review', message: '{{party_name}} reviewed your work on "{{job_title}}".' },
    ar: { title: 'تقييم جديد', message: 'قيّم {{party_name}} عملك في مشروع «{{job_title}}».' },
  },
  timesheet_reviewed: {
    en: {
      title: 'Timesheet reviewed',
      message:
        '{{employer_name}} reviewed the week of {{week}} on "{{job_title}}": {{hours}} hours approved ({{amount_text}}), {{disputed_count}} entries disputed.',
    },
    ar: {
      title: 'رُوجع جدول الساعات',
      message:
        'راجع {{employer_name}} أسبوع {{week}} في مشروع «{{job_title}}»: اعتُمدت {{hours}} ساعة ({{amount_text}})، واعتُرض على {{disputed_count}} من السجلات.',
    },
  },
  timesheet_auto_approved: {
    en: {
      title: 'Timesheet approved automatically',
      message: `The week of {{week}} on "{{job_title}}" was approved automatically after ${TIMESHEET_AUTO_APPROVE_DAYS} days without a review: {{hours}} hours ({{amount_text}}).`,
    },
    ar: {
      title: 'اعتُمد جدول الساعات تلقائيًا',
      message: `اعتُمد أسبوع {{week}} في مشروع «{{job_title}}» تلقائيًا بعد ${TIMESHEET_AUTO_APPROVE_DAYS} أيام دون مراجعة: {{hours}} ساعة ({{amount_text}}).`,
    },
  },
  hours_paid: {
    en: {
      title: 'Hours paid',
      message: '{{employer_name}} paid {{amount_text}} for your approved hours on "{{job_title}}". It is in your balance.',
    },
    ar: {
      title: 'دُفعت الساعات',
      message: 'دفع {{employer_name}} مبلغ {{amount_text}} مقابل ساعاتك المعتمدة في مشروع «{{job_title}}». المبلغ في رصيدك.',
    },
  },
  new_conversation: {
    en: { title: 'New conversation', message: '{{sender_name}} sent you a message.' },
    ar: { title: 'محادثة جديدة', message: 'أرسل لك {{sender_name}} رسالة.' },
  },
};

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The params a kind's sentence names. */
export const notificationPlaceholders = (kind: NotificationKind): string[] =>
  [...notificationTexts[kind].en.message.matchAll(PLACEHOLDER)].map((match) => match[1]!);

/**
 * Whether these words can say the notice: its kind is one they know (a page loaded before a new kind
 * existed does not) and the params hold every name its sentence needs (rows written before a kind's
 * wording changed may not). Otherwise screens show the stored English text.
 */
export const hasNotificationParams = (kind: NotificationKind, params: Record<string, string>): boolean =>
  Object.hasOwn(notificationTexts, kind) && notificationPlaceholders(kind).every((name) => Boolean(params[name]));

/**
 * A name or title inside a sentence keeps its own direction (an English title in Arabic text, an
 * Arabic name in English): first strong isolate U+2068 … pop directional isolate U+2069.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;

// Western digits in both languages, as every amount and date on Mihna's screens.
const dateFormats = {
  en: new Intl.DateTimeFormat('en-u-nu-latn', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat('ar-u-nu-latn', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};
const hoursFormats = {
  en: new Intl.NumberFormat('en-u-nu-latn', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ar: new Intl.NumberFormat('ar-u-nu-latn', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

const isCurrency = (code: string | undefined): code is CurrencyCode => currencies.some((currency) => currency.code === code);

function readableDate(value: string, language: NotificationLanguage) {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? dateFormats[language].format(date) : value;
}

/** Amounts, dates and hours the event carries as data, written in the reader's language. */
function readableParams(params: Record<string, string>, language: NotificationLanguage): Record<string, string> {
  const readable: Record<string, string> = {};
  const amount = params.amount && isCurrency(params.currency) ? parseMoney(params.amount, params.currency) : undefined;
  if (amount !== undefined && typeof amount !== 'string') readable.amount_text = formatMoney(amount, language);
  if (params.date) readable.date = readableDate(params.date, language);
  if (params.week) readable.week = readableDate(params.week, language);
  const hours = Number(params.hours);
  if (params.hours && Number.isFinite(hours)) readable.hours = hoursFormats[language].format(hours);
  return readable;
}

/** A notice's title and message in one language, each name, title and figure in it isolated. */
export function writeNotification(kind: NotificationKind, params: Record<string, string>, language: NotificationLanguage) {
  const text = notificationTexts[kind][language];
  const values = { ...params, ...readableParams(params, language) };
  return {
    title: text.title,
    message: text.message.replace(PLACEHOLDER, (_, name: string) => isolate(values[name] ?? '')),
  };
}
