/**
 * Messages for the contact-detail detector: ordinary ones that must pass untouched (prices, dates,
 * times, quantities, addresses without a phone, in English and Arabic) and evasive ones that must be
 * caught (each hides at least one phone number, e-mail address, messenger handle or link, or IBAN).
 */

const toArabicDigits = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

export const innocentMessages: string[] = [
  // Prices and budgets
  'My price for the whole site is AED 12,500, paid in two milestones.',
  'I can do it for 3,750 AED including two rounds of revisions.',
  'The budget is 45,000 - 60,000 AED depending on the scope.',
  'Would 1,200,000 AED total be acceptable for the full fit-out?',
  'Hourly rate is 180 AED, and I expect about 40 hours.',
  'I charge 250.50 per hour for Arabic copywriting.',
  'Total: 18,900 AED (milestone 1: 6,300, milestone 2: 6,300, milestone 3: 6,300).',
  'The fee is 2% so you will receive 9,800 of the 10,000.',
  'Can we do SAR 7,500 instead of 9,000?',
  'QAR 4,200 for the logo and the brand book.',
  'KWD 350.750 is my final offer.',
  'I quoted 15000 AED for the app and 3000 for the admin panel.',
  'سعري للمشروع كاملاً ١٢٬٥٠٠ درهم على دفعتين.',
  'أستطيع إنجازه مقابل 3,750 درهم مع مراجعتين.',
  'الميزانية بين ٤٥٬٠٠٠ و ٦٠٬٠٠٠ درهم حسب المتطلبات.',
  'سعر الساعة ١٨٠ درهم وأتوقع حوالي ٤٠ ساعة عمل.',
  'المبلغ الإجمالي 18,900 درهم على ثلاث مراحل.',
  'هل يناسبك ٧٥٠٠ ريال بدلاً من ٩٠٠٠؟',
  'عرضي النهائي ٣٥٠٫٧٥٠ دينار كويتي.',
  'التصميم ٤٢٠٠ ريال قطري شامل الهوية البصرية.',
  // Dates
  'I can start on 01/12/2026 and deliver by 15/01/2027.',
  'The deadline is 2026-12-31, is that fine?',
  'First milestone on 23.11.2026, second on 07.12.2026.',
  'Let us aim for 5/1/27 for the beta.',
  'Kick-off meeting 2026/12/03, final handover 2027/02/28.',
  'سأبدأ يوم ٠١/١٢/٢٠٢٦ وأسلم قبل ١٥/٠١/٢٠٢٧.',
  'الموعد النهائي ٢٠٢٦-١٢-٣١ إن شاء الله.',
  'المرحلة الأولى في 23.11.2026 والثانية في 07.12.2026.',
  'الاجتماع يوم الأحد 6 ديسمبر 2026.',
  'I am on leave from 20 December to 3 January.',
  // Times
  'Can we talk at 10:30 tomorrow?',
  'I am free between 09:00 and 17:30 Gulf time.',
  'The call is at 14:15:00 sharp.',
  'Meeting moved to 4:45 pm on Thursday.',
  'نتكلم الساعة ١٠:٣٠ صباحاً؟',
  'متاح من ٩:٠٠ إلى ٥:٣٠ مساءً بتوقيت الإمارات.',
  'موعدنا الخميس الساعة 8:15 مساءً.',
  // Quantities and specs
  'I will deliver 5 logo concepts and 3 revisions each.',
  'The app has 24 screens and 3 user roles.',
  'We need 120 product photos, 1920x1080, under 2 MB each.',
  'About 2500 words of copy in English and 2500 in Arabic.',
  'The warehouse holds 14000 pallets across 6 aisles.',
  'React 18.2 with Node 20 and PostgreSQL 15.',
  'Expect 99.9% uptime and under 200 ms responses.',
  'سأسلم ٥ تصاميم للشعار مع ٣ تعديلات لكل تصميم.',
  'التطبيق فيه ٢٤ شاشة وثلاثة أنواع مستخدمين.',
  'نحتاج ١٢٠ صورة منتج بمقاس ١٩٢٠×١٠٨٠.',
  'حوالي ٢٥٠٠ كلمة بالعربي و٢٥٠٠ بالإنجليزي.',
  'المستودع يتسع لـ ١٤٠٠٠ منصة في ٦ ممرات.',
  // Addresses without a phone
  'Our office is at Office 1204, Building 7, Dubai Marina.',
  'Site visit: Villa 23, Street 14, Al Barsha 2, Dubai.',
  'PO Box 12345, Abu Dhabi, United Arab Emirates.',
  'Warehouse 9, Plot 598-1234, Jebel Ali Free Zone.',
  'We are on the 32nd floor of Tower B, Business Bay.',
  'مكتبنا في برج ٣، الطابق ١٢، شارع الشيخ زايد.',
  'الموقع: فيلا ٢٣، شارع ١٤، البرشاء ٢، دبي.',
  'صندوق بريد ١٢٣٤٥ أبوظبي.',
  'المستودع رقم ٩ في المنطقة الحرة بجبل علي.',
  'العنوان: مبنى 45، الطريق 2801، المنامة.',
  // Work talk without numbers
  'Thanks for reaching out, I would love to work on this.',
  'Could you share the brand guidelines here in the chat?',
  'I attached the wireframes, let me know what you think.',
  'Please fund the escrow so I can start.',
  'The milestone is submitted, please review when you can.',
  'Happy to jump on a call through the platform.',
  'I use WhatsApp groups with my team but we can keep everything here.',
  'Contact me on Telegram? No, let us keep it on Mihna.',
  'My email is fine for invoices, the platform sends them anyway.',
  'Let us meet at the office on Sunday.',
  'شكراً لتواصلك، يسعدني العمل على المشروع.',
  'أرسلت لك الملفات هنا في المحادثة.',
  'أرجو تمويل الضمان حتى أبدأ العمل.',
  'قدمت المرحلة، أرجو مراجعتها.',
  'نلتقي في المكتب يوم الأحد إن شاء الله.',
  'أفضّل أن نبقي كل شيء هنا على منصة مهنة.',
  // Several numbers in one message
  'Phase 1: 10 days, Phase 2: 15 days, Phase 3: 5 days.',
  'Sizes 12, 14, 16 and 18 in 3 colours.',
  'Invoice INV-2026-0042 covers the first 2 milestones.',
  'Order #10042345 was delivered on 2026-11-20.',
  'Version 2.4.1 fixes 17 bugs and adds 3 features.',
  'Rooms 101, 102 and 204 need new lighting.',
  'المرحلة ١: ١٠ أيام، المرحلة ٢: ١٥ يوماً، المرحلة ٣: ٥ أيام.',
  'المقاسات ١٢ و١٤ و١٦ بثلاثة ألوان.',
  'الغرف ١٠١ و١٠٢ و٢٠٤ تحتاج إضاءة جديدة.',
  'خمسة تصاميم وثلاث مراجعات خلال عشرة أيام.',
  'I have five years of experience and two certificates.',
  'عندي سبع سنوات خبرة وأكثر من عشرين مشروعاً.',
];

// Generated ordinary messages: the same shapes with other values, as a long tail of real chats.
const amounts = ['950', '1,250', '2,400', '3,800', '7,250', '12,000', '18,500', '26,750', '48,000', '95,000'];
const days = ['3', '5', '7', '10', '14', '21', '30'];
const dates = ['02/12/2026', '14/12/2026', '2027-01-05', '19.01.2027', '28/02/2027'];
const times = ['9:00', '11:30', '13:45', '16:00', '20:15'];
for (const [index, amount] of amounts.entries()) {
  const date = dates[index % dates.length]!;
  const time = times[index % times.length]!;
  const span = days[index % days.length]!;
  innocentMessages.push(
    `I can deliver in ${span} days for ${amount} AED.`,
    `Milestone ${index + 1}: ${amount} AED, due ${date}.`,
    `Let's review the draft on ${date} at ${time}.`,
    `أستطيع التسليم خلال ${toArabicDigits(span)} أيام مقابل ${toArabicDigits(amount.replace(',', '٬'))} درهم.`,
    `المرحلة ${toArabicDigits(String(index + 1))}: ${amount} درهم، تسليمها ${date}.`,
    `نراجع المسودة يوم ${toArabicDigits(date)} الساعة ${toArabicDigits(time)}.`,
    `${span} pages, ${index + 2} revisions, ${amount} AED in total.`,
    `The unit price is ${amount} AED for ${index + 1} units, delivered within ${span} days.`,
    `Office ${100 + index * 7}, Building ${index + 2}, ${['Dubai Marina', 'Al Reem Island', 'Olaya', 'West Bay', 'Salmiya'][index % 5]}.`,
    `الدفعة ${toArabicDigits(String(index + 1))} بقيمة ${amount} ريال بتاريخ ${toArabicDigits(date)}.`,
    `Between ${time} and ${times[(index + 2) % times.length]} on ${date} works for me.`,
    `بين الساعة ${time} و${times[(index + 2) % times.length]} يوم ${date} يناسبني.`,
  );
}

// ---------------------------------------------------------------- evasive

const phones = [
  { local: '0501234567', groups: ['050', '123', '4567'] },
  { local: '0559876543', groups: ['055', '987', '6543'] },
  { local: '0523456789', groups: ['052', '345', '6789'] },
  { local: '0567654321', groups: ['056', '765', '4321'] },
  { local: '0542223344', groups: ['054', '222', '3344'] },
  { local: '0581112233', groups: ['058', '111', '2233'] },
];
const englishDigitWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const arabicDigitWords = ['صفر', 'واحد', 'اثنين', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة'];
const spellEnglish = (digits: string) => [...digits].map((digit) => englishDigitWords[Number(digit)]).join(' ');
const spellArabic = (digits: string) => [...digits].map((digit) => arabicDigitWords[Number(digit)]).join(' ');

export const evasiveMessages: string[] = [
  // Phones, written every way people write them
  'Call me on 0501234567',
  'WhatsApp me: +971 50 123 4567',
  'my number 00971501234567',
  'reach me at (050) 123-4567 after 6',
  'tel: 050.123.4567',
  'ring 0 5 0 1 2 3 4 5 6 7 whenever',
  'num is 050-123-4567',
  'zero five zero one two three four five six seven',
  'oh five oh one two three four five six seven',
  'zero fifty one two three, four five six seven',
  'double five five, nine eight seven, six five four three',
  'اتصل على ٠٥٠١٢٣٤٥٦٧',
  'رقمي ٠٥٠ ١٢٣ ٤٥٦٧',
  'واتساب +٩٧١٥٠١٢٣٤٥٦٧',
  'كلمني على ٠٥٥.٩٨٧.٦٥٤٣',
  'صفر خمسة صفر واحد اثنين ثلاثة أربعة خمسة ستة سبعة',
  'صفر خمسه خمسه تسعه ثمانيه سبعه سته خمسه اربعه ثلاثه',
  'رقمي صفر خمسين واحد اثنين ثلاثة أربعة خمسة ستة سبعة',
  'الرقم ٠٥٠ ثم ١٢٣ ثم ٤٥٦٧',
  '050 then 123 then 4567',
  'Qatar mobile 5512 3456',
  'Kuwait: 9988 7766',
  'Saudi 0551234567 anytime',
  '+966 55 123 4567 is my cell',
  'call 0\u200b5\u200b0\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6\u200b7',
  'my no. is 05O1234567',
  '0️⃣5️⃣0️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣',
  'phone 971-50-123-4567',
  'mobile ۰۵۰۱۲۳۴۵۶۷',
  'خلينا نتواصل على الواتس ٠٥٠-١٢٣-٤٥٦٧',
  // E-mail addresses
  'email me at ahmed.k88@gmail.com',
  'ahmed.k88 at gmail dot com',
  'ahmed.k88 (at) gmail (dot) com',
  'ahmed.k88 [at] gmail [dot] com',
  'ahmed.k88 @ gmail . com',
  'AHMED.K88@GMAIL.COM',
  'write to layla_design at hotmail dot com',
  'my gmail is ahmed.khalil',
  'send it to my email: layla.h92',
  'reach me at ahmedkhalil at outlook',
  'ايميلي ahmed.k88@gmail.com',
  'ahmed.k88 ات جيميل دوت كوم',
  'الايميل ahmed.k88 ات gmail نقطه com',
  'راسلني على layla_design@hotmail.com',
  'بريدي ahmed_k88',
  'جيميلي ahmedkhalil',
  'contact: info@falcon-tech.ae',
  'a.k@company.co.uk for invoices',
  'ahmed{at}gmail{dot}com',
  'ahmed.k88＠gmail．com',
  // Messengers: links and handles
  'wa.me/971501234567',
  'https://wa.me/971501234567',
  'message me here: https://t.me/ahmedk88',
  't.me/ahmedk88',
  't dot me slash ahmedk88',
  'my telegram is ahmedk',
  'telegram: ahmed_k',
  'Telegram @ahmedk88',
  'add me @layla.designs',
  'insta: layla.designs',
  'snap: ahmed_k88',
  'join https://chat.whatsapp.com/AbCdEf123',
  'api.whatsapp.com/send?phone=971501234567',
  'skype: live:ahmed.k88',
  'تلغرام ahmed_k88',
  'معرفي على التلغرام @ahmedk88',
  'حسابي انستا layla.designs',
  'سناب ahmed_k88',
  'واتسابي wa.me/971501234567',
  'تيليجرام: ahmedk88',
  'linkedin.com/in/ahmed-khalil-88',
  'facebook.com/ahmed.khalil.88',
  'discord.gg/ab12cd',
  // Bank accounts
  'IBAN AE070331234567890123456',
  'pay directly: AE07 0331 2345 6789 0123 456',
  'my iban is SA03 8000 0000 6080 1016 7519',
  'QA58 DOHB 0000 1234 5678 90AB CDEF G',
  'الآيبان AE07 0331 2345 6789 0123 456',
  'حول على الايبان SA0380000000608010167519',
  'KW81 CBKU 0000 0000 0000 1234 5601 01',
  'BH67 BMAG 0000 1299 1234 56',
  // Mixed and broken-up forms
  'call me 050 one two three 4567',
  '٠٥٠ واحد اثنين ثلاثة ٤٥٦٧',
  'my number is 050 - 123 - 4567',
  '050_123_4567',
  '050*123*4567',
  '(+971) 50-123-4567',
  '+971-50-1234567',
  '0 5 0 - 1 2 3 - 4 5 6 7',
  '050 123 45 67',
  '05-0123-4567',
  'صفر خمسه صفر، واحد اثنين ثلاثه، اربعه خمسه سته سبعه',
  'رقم الواتس: خمسه خمسه تسعه ثمانيه سبعه سته خمسه اربعه',
  'ابعثلي على الواتس ٠٥٥٩٨٧٦٥٤٣',
  'ahmed dot k88 at gmail dot com',
  'ahmed.k88 on gmail',
  'ahmed.k88 على الجيميل',
  'ايميلي layla.h92 على الهوتميل',
  'wa.me/+971501234567',
  'telegram.me/ahmedk88',
  'instagram.com/layla.designs',
  'IG: layla.designs',
  'my whatsapp is ahmed.k',
  'iban: AE07-0331-2345-6789-0123-456',
  'AE070331234567890123456 (Emirates NBD)',
  'Landline 04 123 4567 ext 2',
];

const phoneSentences = [
  (phone: string) => `Text me on ${phone} so we can skip the fees`,
  (phone: string) => `Easier on WhatsApp: ${phone}`,
  (phone: string) => `كلمني على ${phone} أسهل`,
  (phone: string) => `هذا رقمي ${phone} تواصل معي خارج المنصة`,
];
const formats = [
  (p: (typeof phones)[number]) => p.groups.join(' '),
  (p: (typeof phones)[number]) => p.groups.join('.'),
  (p: (typeof phones)[number]) => p.groups.join('-'),
  (p: (typeof phones)[number]) => `+971 ${p.local.slice(1, 3)} ${p.local.slice(3, 6)} ${p.local.slice(6)}`,
  (p: (typeof phones)[number]) => toArabicDigits(p.local),
  (p: (typeof phones)[number]) => toArabicDigits(p.groups.join(' ')),
  (p: (typeof phones)[number]) => spellEnglish(p.local),
  (p: (typeof phones)[number]) => spellArabic(p.local),
  (p: (typeof phones)[number]) => [...p.local].join(' '),
];
for (const [index, phone] of phones.entries()) {
  for (const [formatIndex, format] of formats.entries()) {
    evasiveMessages.push(phoneSentences[(index + formatIndex) % phoneSentences.length]!(format(phone)));
  }
}
const people = ['ahmed.k88', 'layla_h', 'omar.mansoori', 'sara.design22', 'khalid_dev', 'noura.ux'];
const hosts = ['gmail', 'hotmail', 'outlook', 'yahoo'];
for (const [index, person] of people.entries()) {
  const host = hosts[index % hosts.length]!;
  evasiveMessages.push(
    `${person}@${host}.com`,
    `${person} at ${host} dot com`,
    `${person} (at) ${host} (dot) com`,
    `${person} ات ${host} دوت كوم`,
    `راسلني ${person} على ${host} نقطه com`.replace(' على ', ' ات '),
    `t.me/${person.replace('.', '_')}`,
    `telegram: ${person}`,
    `@${person}`,
  );
}
