/**
 * What the platform's documents say, in both languages. The English and Arabic catalogues have the
 * same keys (the type says so) and the same {{placeholders}} (a test says so); the wording follows
 * the app's own (time.json, payments.json) so a document reads like the screen it came from. The
 * Arabic is written without short vowels: the PDF generator writes a separately placed vowel's text
 * twice, so copied text would carry it doubled (decision 33).
 */
export type DocumentLanguage = 'en' | 'ar';

const en = {
  brand: 'Mihna',
  page: 'Page',
  gulf_time: 'Times are UAE time (UTC+4).',
  issued: 'Issued {{date}}',
  duration: '{{hours}} h {{minutes}} min',
  timesheet: {
    title: 'Timesheet',
    project: 'Project',
    week: 'Week',
    week_range: '{{start}} – {{end}}',
    employer: 'Employer',
    professional: 'Professional',
    rate: 'Hourly rate',
    status: 'Status',
    payment: 'Payment',
    columns: ['Day', 'Time', 'Description', 'Duration', 'Amount', 'Review'],
    manual: 'Added by hand: {{reason}}',
    capped: 'Stopped at 12 hours',
    running: 'Running',
    not_reviewed: 'Not reviewed',
    entry_approved: 'Approved',
    entry_disputed: 'Disputed',
    in_progress: 'In progress: the week ends on {{date}}.',
    awaiting_review: 'Awaiting review: approved automatically on {{date}} unless reviewed before.',
    approved_by: 'Approved by {{name}} on {{date}}.',
    approved_automatically: 'Approved automatically on {{date}}.',
    bill: {
      unpaid: 'Awaiting payment',
      held: 'Held during the dispute',
      paid: 'Paid',
      paid_in_cash: 'Paid in cash',
      refunded: 'Refunded',
    },
    total_time: 'Time recorded',
    total_amount: 'Amount recorded',
    disputed: 'Disputed, not billed',
    approved_time: 'Approved time',
    approved_amount: 'Approved amount',
    empty: 'No time was recorded this week.',
    note_disputes: 'Disputed time is not billed. The employer’s note is under each disputed entry.',
  },
  invoice: {
    title: 'Tax invoice',
    title_simplified: 'Simplified tax invoice',
    number: 'Invoice number',
    issued: 'Date of issue',
    seller: 'Seller',
    seller_vat: 'Seller VAT number',
    buyer: 'Buyer',
    country: 'Buyer country',
    project: 'Project',
    columns: ['Description', 'Amount excl. VAT', 'VAT rate', 'VAT', 'Total incl. VAT'],
    service_fee: 'Service fee (2%) on a payment released to you',
    featured_fee: 'Featured project fee (7 days at the top of search)',
    subtotal: 'Total excl. VAT',
    vat: 'VAT {{rate}}',
    total: 'Total incl. VAT',
    note_included: 'The fee includes VAT; it was taken when the payment was made, and nothing more is due.',
    note_zero: 'No VAT is charged in your country.',
  },
};

export type DocumentTexts = typeof en;

const ar: DocumentTexts = {
  brand: 'مهنة',
  page: 'صفحة',
  gulf_time: 'الأوقات بتوقيت الإمارات (UTC+4).',
  issued: 'صدر في {{date}}',
  duration: '{{hours}} س {{minutes}} د',
  timesheet: {
    title: 'جدول الساعات',
    project: 'المشروع',
    week: 'الأسبوع',
    week_range: '{{start}} – {{end}}',
    employer: 'صاحب العمل',
    professional: 'المحترف',
    rate: 'سعر الساعة',
    status: 'الحالة',
    payment: 'الدفع',
    columns: ['اليوم', 'الوقت', 'الوصف', 'المدة', 'المبلغ', 'المراجعة'],
    manual: 'أضيف يدويا: {{reason}}',
    capped: 'أوقف عند 12 ساعة',
    running: 'يعمل',
    not_reviewed: 'لم يراجع',
    entry_approved: 'معتمد',
    entry_disputed: 'معترض عليه',
    in_progress: 'قيد التقدم: ينتهي الأسبوع في {{date}}.',
    awaiting_review: 'بانتظار المراجعة: يعتمد تلقائيا في {{date}} ما لم تتم مراجعته قبل ذلك.',
    approved_by: 'اعتمده {{name}} في {{date}}.',
    approved_automatically: 'اعتمد تلقائيا في {{date}}.',
    bill: {
      unpaid: 'بانتظار الدفع',
      held: 'محجوز أثناء النزاع',
      paid: 'مدفوع',
      paid_in_cash: 'مدفوع نقدا',
      refunded: 'مسترد',
    },
    total_time: 'الوقت المسجل',
    total_amount: 'المبلغ المسجل',
    disputed: 'معترض عليه، لا يحتسب',
    approved_time: 'الوقت المعتمد',
    approved_amount: 'المبلغ المعتمد',
    empty: 'لم يسجل أي وقت في هذا الأسبوع.',
    note_disputes: 'لا يحتسب الوقت المعترض عليه. ملاحظة صاحب العمل تحت كل سجل معترض عليه.',
  },
  invoice: {
    title: 'فاتورة ضريبية',
    title_simplified: 'فاتورة ضريبية مبسطة',
    number: 'رقم الفاتورة',
    issued: 'تاريخ الإصدار',
    seller: 'البائع',
    seller_vat: 'الرقم الضريبي للبائع',
    buyer: 'المشتري',
    country: 'بلد المشتري',
    project: 'المشروع',
    columns: ['الوصف', 'المبلغ دون الضريبة', 'نسبة الضريبة', 'الضريبة', 'الإجمالي شامل الضريبة'],
    service_fee: 'رسوم الخدمة (2%) على دفعة حررت لك',
    featured_fee: 'رسوم تمييز المشروع (7 أيام في أعلى نتائج البحث)',
    subtotal: 'الإجمالي دون الضريبة',
    vat: 'ضريبة القيمة المضافة {{rate}}',
    total: 'الإجمالي شامل الضريبة',
    note_included: 'الرسوم تشمل ضريبة القيمة المضافة؛ اقتطعت عند الدفع، ولا يستحق أي مبلغ إضافي.',
    note_zero: 'لا تفرض ضريبة القيمة المضافة في بلدك.',
  },
};

export const documentTexts: Record<DocumentLanguage, DocumentTexts> = { en, ar };

/** A text with its {{placeholders}} filled in. */
export const fill = (text: string, params: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
