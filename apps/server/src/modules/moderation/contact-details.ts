import { normaliseChar } from './arabic-normalise.ts';

/**
 * Finds the contact details people write into a message to move the work off the platform before it
 * is paid through escrow: phone numbers (in any digits, spaced, dotted or spelled out in English or
 * Arabic words), e-mail addresses (also with "at" and "dot" spelled out), WhatsApp, Telegram and other
 * messenger links and handles, and IBANs. Dates, times, prices and quantities are not contact details.
 *
 * The text is first brought to one comparison alphabet (digits of every script as ASCII, letters
 * lower-cased, Arabic letter variants unified, diacritics and invisible characters dropped), keeping
 * for each character where it came from, so that what is found is masked in the original text.
 */

export type ContactKind = 'phone' | 'email' | 'messenger' | 'iban';

export interface ContactFinding {
  kind: ContactKind;
  /** UTF-16 offsets into the original text, end exclusive. */
  start: number;
  end: number;
}

/** What a found detail is replaced with: the same for every language, explained by the screen. */
export const MASK = '•••';

/** Eight digits make a phone number in Qatar, Kuwait, Bahrain and Oman; fewer are quantities or prices. */
const PHONE_DIGITS = 8;

interface Normalised {
  text: string;
  /** origin[i]: the original offset of normalised character i; origin[text.length] is the original length. */
  origin: number[];
}

const digitOf = (code: number): string | undefined => {
  if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660); // Arabic-Indic
  if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0); // Extended (Persian, Urdu)
  return undefined;
};

const punctuationVariants: Readonly<Record<string, string>> = {
  '٬': ',', // Arabic thousands separator
  '٫': '.', // Arabic decimal separator
  '،': ',',
  '؛': ';',
  '＠': '@',
  '﹫': '@',
  '．': '.',
  '。': '.',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '−': '-',
};

export function normaliseForContacts(original: string): Normalised {
  let text = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of original) {
    const code = char.codePointAt(0)!;
    // Combining marks go too: they hide nothing but break a number apart (0️⃣5️⃣0️⃣ is 050).
    const mapped = digitOf(code) ?? punctuationVariants[char] ?? (/^\p{M}$/u.test(char) ? '' : normaliseChar(char));
    for (let i = 0; i < mapped.length; i += 1) origin.push(offset);
    text += mapped;
    offset += char.length;
  }
  origin.push(offset);
  return { text, origin };
}

// ---------------------------------------------------------------- phone numbers

const englishUnits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const englishTens = ['', 'ten', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Arabic digit words, in the normalised spelling (ة as ه, أ as ا), with their dialect forms. */
const arabicUnits: readonly (readonly string[])[] = [
  ['صفر', 'زيرو'],
  ['واحد', 'واحده', 'وحده'],
  ['اثنين', 'اثنان', 'اتنين', 'ثنين', 'اثنتين'],
  ['ثلاثه', 'ثلاث', 'تلاته', 'تلات', 'ثلاثة'],
  ['اربعه', 'اربع'],
  ['خمسه', 'خمس'],
  ['سته', 'ست'],
  ['سبعه', 'سبع'],
  ['ثمانيه', 'ثماني', 'ثمان', 'تمانيه', 'تمنيه'],
  ['تسعه', 'تسع'],
];
const arabicTens: readonly (readonly string[])[] = [
  [],
  ['عشره', 'عشر'],
  ['عشرين', 'عشرون'],
  ['ثلاثين', 'ثلاثون', 'تلاتين'],
  ['اربعين', 'اربعون'],
  ['خمسين', 'خمسون'],
  ['ستين', 'ستون'],
  ['سبعين', 'سبعون'],
  ['ثمانين', 'ثمانون', 'تمانين'],
  ['تسعين', 'تسعون'],
];

const numberWords = new Map<string, { digits: string; isTens: boolean }>();
englishUnits.forEach((word, value) => numberWords.set(word, { digits: String(value), isTens: false }));
numberWords.set('oh', { digits: '0', isTens: false });
numberWords.set('o', { digits: '0', isTens: false }); // 05O1234567
englishTens.forEach((word, value) => value > 0 && numberWords.set(word, { digits: String(value * 10), isTens: true }));
arabicUnits.forEach((words, value) => words.forEach((word) => numberWords.set(word, { digits: String(value), isTens: false })));
arabicTens.forEach((words, value) => words.forEach((word) => numberWords.set(word, { digits: String(value * 10), isTens: true })));

/** "double five" is 55, "triple zero" 000. */
const repeaters = new Map([
  ['double', 2],
  ['triple', 3],
  ['دبل', 2],
  ['تريبل', 3],
]);

/** Words that join the pieces of a number someone spells out to get past a filter. */
const fillers = new Set(['then', 'dash', 'hyphen', 'space', 'ثم', 'بعدين', 'وبعدين', 'بعده', 'شرطه', 'مسافه']);

/** Dates, times and amounts with digit grouping: numbers, but never a phone. */
const day = '(?:0?[1-9]|[12]\\d|3[01])';
const month = '(?:0?[1-9]|1[0-2])';
const notPhones = [
  new RegExp(`(?<!\\d)\\d{4}[-/.]${month}[-/.]${day}(?!\\d)`, 'gu'), // 2026-11-23
  new RegExp(`(?<!\\d)(?:${day}[-/.]${month}|${month}[-/.]${day})[-/.](?:\\d{4}|\\d{2})(?!\\d)`, 'gu'), // 23/11/2026, 11.23.26
  /(?<!\d)[1-9]\d{4}\s?-\s?\d{4}(?!\d)/gu, // a Saudi postcode with its additional number, 12214-3356
  /(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d)/gu, // 10:30
  /(?<!\d)\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)/gu, // 12,500.00
  /(?<!\d)\d+\.\d{1,2}(?![\d.])/gu, // 12.50
];

/** A word glued to a number with a hyphen or # names a reference (INV-2026-0042, #10042345), unless it says phone. */
const phoneWords = /^(?:tel|phone|mob|mobile|cell|call|whatsapp|wa|ph|no|num|number|رقم|رقمي|جوال|موبايل|هاتف|تلفون|واتس|واتساب)$/u;

type Piece =
  | { type: 'digits'; digits: string; start: number; end: number; word?: 'unit' | 'tens' | 'and-tens' }
  | { type: 'join'; start: number; end: number; repeat?: number; isWord?: boolean }
  | { type: 'break' };

const pieces = /(\d+)|([\p{L}\p{M}]+)|([\s.\-_()+*~|'"`/\\\p{So}\p{Sk}\p{Extended_Pictographic}\u2190-\u21ff\u25a0-\u25ff]+)|([^])/gu;

function readPieces(text: string, blocked: boolean[]): Piece[] {
  const out: Piece[] = [];
  for (const match of text.matchAll(pieces)) {
    const start = match.index;
    const end = start + match[0].length;
    if (blocked[start]) {
      out.push({ type: 'break' });
    } else if (match[1] !== undefined) {
      out.push({ type: 'digits', digits: match[1], start, end });
    } else if (match[2] !== undefined) {
      const word = match[2];
      // A digit word may carry the Arabic "and" (وخمسه); numbers spell their tens that way.
      const number = numberWords.get(word) ?? (word.startsWith('و') ? numberWords.get(word.slice(1)) : undefined);
      const repeat = repeaters.get(word);
      if (number) {
        const word = number.isTens ? (numberWords.has(match[2]) ? 'tens' : 'and-tens') : 'unit';
        out.push({ type: 'digits', digits: number.digits, start, end, word });
      } else if (repeat) out.push({ type: 'join', start, end, repeat });
      else if (fillers.has(word)) out.push({ type: 'join', start, end, isWord: true });
      else out.push({ type: 'break' });
    } else if (match[3] !== undefined) {
      // "/" joins only where a date was not already recognised; a line break may join too.
      out.push({ type: 'join', start, end });
    } else if (match[0] === ',' && out.at(-1)?.type === 'digits' && (out.at(-1) as { word?: string }).word) {
      // Spelled out, a number takes commas ("nine eight seven, six five"); written in digits, a list does.
      out.push({ type: 'join', start, end });
    } else {
      out.push({ type: 'break' });
    }
  }
  return out;
}

/** Words that name a number as a document's or a registration's, not a person's. */
const referenceWords =
  /(?<![\p{L}])(?:po|order|invoice|inv|ref|reference|cr|vat|trn|awb|tracking|licen[cs]e|contract|receipt|فاتوره|الفاتوره|طلب|الطلب|السجل|سجل|الضريبي|ضريبي|العقد|عقد|بوليصه|الشحنه|شحنه|ايصال|الايصال)(?![\p{L}])/u;

function referenceBefore(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const glued = /([\p{L}]+)[-#/]$|#$/u.exec(before);
  if (glued !== null && !(glued[1] && phoneWords.test(glued[1]))) return true;
  // "PO 4500012877", "CR is 1010458812", "الفاتوره ٢٠٢٥/٠٣١٢": the number is the one the word names.
  const lastWords = before
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .slice(-3)
    .join(' ');
  return (
    referenceWords.test(lastWords) && !lastWords.split(' ').some((word) => phoneWords.test(word) && !/^(?:no|num|number|رقم)$/u.test(word))
  );
}

function findPhones(text: string): { start: number; end: number }[] {
  const blocked: boolean[] = [];
  for (const pattern of notPhones) {
    for (const match of text.matchAll(pattern)) {
      for (let i = match.index; i < match.index + match[0].length; i += 1) blocked[i] = true;
    }
  }
  const found: { start: number; end: number }[] = [];
  let digits = '';
  let start = -1;
  let end = -1;
  let repeat = 1;
  let joinsSinceDigit = 0;
  let previous: Piece | undefined;
  const close = () => {
    if (start >= 0 && digits.length >= PHONE_DIGITS && !referenceBefore(text, start)) {
      // The country's + and an opening bracket belong to the number.
      while (start > 0 && /[+(]/.test(text[start - 1]!)) start -= 1;
      found.push({ start, end });
    }
    digits = '';
    start = -1;
    repeat = 1;
    joinsSinceDigit = 0;
    previous = undefined;
  };
  for (const piece of readPieces(text, blocked)) {
    if (piece.type === 'break') {
      close();
    } else if (piece.type === 'digits') {
      if (start < 0) start = piece.start;
      const after = previous?.type === 'digits' ? previous.word : undefined;
      if (after === 'tens' && piece.word === 'unit' && piece.digits !== '0') {
        // "fifty five" is 55: a tens word takes the unit that follows it.
        digits = digits.slice(0, -1) + piece.digits;
      } else if (after === 'unit' && piece.word === 'and-tens') {
        // "خمسه وخمسين" is 55: the unit comes first, then "and fifty".
        digits = digits.slice(0, -1) + piece.digits[0] + digits.at(-1);
      } else {
        digits += piece.digits.repeat(repeat);
      }
      end = piece.end;
      repeat = 1;
      joinsSinceDigit = 0;
      previous = piece;
    } else {
      if (piece.isWord) joinsSinceDigit += 1;
      // Three joining words in a row no longer read as one number.
      if (joinsSinceDigit > 2) close();
      else if (piece.repeat) {
        repeat = piece.repeat;
        if (start < 0) start = piece.start;
      }
    }
  }
  close();
  return found;
}

// ---------------------------------------------------------------- e-mail addresses

/** Not inside a word: names like "wa" and "line" must stand alone. */
const alone = String.raw`(?<![\p{L}\d])`;
const at = String.raw`(?:\s*@\s*|\s*[\[({<]\s*(?:at|ات)\s*[\])}>]\s*|\s+(?:at|ات)\s+)`;
const dot = String.raw`(?:\s*\.\s*|\s*[\[({<]\s*(?:dot|دوت|نقطه)\s*[\])}>]\s*|\s+(?:dot|دوت|نقطه)\s+)`;
const topLevel = String.raw`(?:com|net|org|ae|sa|qa|kw|om|bh|eg|jo|io|co|me|info|biz|edu|gov|uk|us|in|pk|كوم|نت|اورج)`;
const providers = String.raw`${alone}(?:ال)?(?:gmail|googlemail|hotmail|outlook|yahoo|icloud|live|proton|protonmail|yandex|جيميل|جي ميل|هوتميل|ياهو|اوتلوك)`;
/** ahmed.k88, and ahmed dot k88 spelled out. */
const localPart = String.raw`[\p{L}\d][\p{L}\d._%+-]*(?:\s+(?:dot|دوت|نقطه)\s+[\p{L}\d_%+-]+)*`;
/** A handle with a dot, underscore or digit in it: not an ordinary word. */
const handleWithMark = String.raw`@?[a-z][a-z0-9]*[._\d][a-z0-9._:-]*`;
/** After "my gmail is", words that say something about it rather than name it. */
const notAWord = String.raw`(?!(?:fine|good|ok|okay|not|the|an?|down|full|working|better|best|easier|private|personal|same|below|above|attached|here|there|on|in|for|with)(?![a-z]))`;

const emailPatterns = [
  // name@host.com, name (at) host (dot) com, name at host dot com, اسم ات جيميل دوت كوم
  new RegExp(String.raw`${localPart}${at}[\p{L}\d-]+(?:${dot}[\p{L}\d-]+)*${dot}${topLevel}(?![\p{L}\d])`, 'gu'),
  // name@gmail, name at hotmail, ahmed.k88 on gmail, ahmed.k88 على الجيميل
  new RegExp(String.raw`${localPart}(?:${at}|\s+(?:on|in|علي|في)\s+)${providers}(?![\p{L}\d])`, 'gu'),
  // "my gmail is ahmed.khalil", "gmail: ahmed88", "gmail ahmed.k88", "جيميلي ahmedkhalil"
  new RegExp(String.raw`${providers}ي?(?:\s*(?:is|:|هو|address|account|id)\s*)+${notAWord}[a-z][a-z0-9._-]{2,}`, 'gu'),
  new RegExp(String.raw`${providers}ي?\s+${handleWithMark}`, 'gu'),
  new RegExp(String.raw`${alone}(?:جيميل|جي ميل|هوتميل|ياهو|اوتلوك)ي?\s*[a-z][a-z0-9._-]{2,}`, 'gu'),
  // "my email is ahmed.k88": a generic word needs a handle that cannot be an ordinary word
  new RegExp(
    String.raw`${alone}(?:e-?mail|mail|ايميل|ايميلي|الايميل|بريدي|الاميل|اميلي)(?:\s*(?:is|:|هو|address|id)\s*)*\s*[a-z][a-z0-9]*[._\d][a-z0-9._-]*`,
    'gu',
  ),
];

// ---------------------------------------------------------------- messengers

const domainDot = String.raw`(?:\s*\.\s*|\s+dot\s+|\s*[\[({]\s*dot\s*[\])}]\s*|\s+نقطه\s+|\s+دوت\s+)`;
const messengerHosts = [
  'wa.me',
  'api.whatsapp.com',
  'chat.whatsapp.com',
  'web.whatsapp.com',
  'whatsapp.com',
  't.me',
  'telegram.me',
  'telegram.dog',
  'telegram.org',
  'signal.me',
  'signal.group',
  'instagram.com',
  'instagr.am',
  'facebook.com',
  'fb.com',
  'fb.me',
  'm.me',
  'snapchat.com',
  'join.skype.com',
  'skype.com',
  'linkedin.com',
  'viber.com',
  'invite.viber.com',
  'line.me',
  'wechat.com',
  'discord.gg',
  'discord.com',
];
const hostPattern = messengerHosts
  .sort((a, b) => b.length - a.length)
  .map((host) =>
    host
      .split('.')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(domainDot),
  )
  .join('|');
const messengerLink = new RegExp(
  String.raw`${alone}(?:https?\s*:\s*/\s*/\s*)?(?:www${domainDot})?(?:${hostPattern})(?![\p{L}\d])(?:\s*(?:/|slash|سلاش)\s*[^\s]+)?`,
  'gu',
);
/** @name on its own (not an e-mail address's second half). */
const handle = /(?<![\p{L}\d._%+-])@[a-z][a-z0-9_.]{2,}/gu;
/** Apps whose names are no ordinary word (Arabic ones also with the article: السناب، التلي). */
const apps = String.raw`${alone}(?:telegram|whatsapp|whats app|whatsap|watsapp|snapchat|instagram|skype|wechat|viber|discord|(?:ال)?(?:تلغرام|تليغرام|تلجرام|تليجرام|تيليجرام|تيليغرام|تلقرام|تلي|واتساب|واتس اب|واتس|وتساب|واتسب|سناب|سناب شات|انستا|انستغرام|انستقرام|انستجرام|سكايب|فايبر|ديسكورد))`;
/** Short names that are also words ("the line is busy"): only with a handle no word looks like. */
const shortApps = String.raw`${alone}(?:tele|tg|wa|signal|snap|insta|ig|line)`;
/** Between an app's name and the handle: "is", ":", "→", "حقي:". */
const saying = String.raw`(?:\s*(?:is|id|username|user|handle|account|acc|هو|اسمي|يوزري|يوزر|معرفي|حسابي|المعرف|حقي|:|-|→|=>|=)\s*)`;
/** A handle, its dots perhaps spelled out (bader dot designs). */
const spelledHandle = String.raw`@?[a-z][a-z0-9_.:]{2,}(?:\s+(?:dot|دوت|نقطه)\s+[a-z0-9_]+)*`;
/** "telegram: ahmed_k", "my telegram is ahmedk", "تلغرام ahmed.k": a handle said next to the app it is on. */
const appHandles = [
  // A plain word as the handle only when it is said to be one's own: "my telegram is ahmedk", "تلغرامي: ahmedk".
  new RegExp(
    String.raw`(?:(?<![\p{L}])(?:my|حسابي|معرفي)\s+(?:on\s+|في\s+|علي\s+)?${apps}ي?|${apps}ي)${saying}+${notAWord}${spelledHandle}`,
    'gu',
  ),
  new RegExp(String.raw`${apps}ي?\s*(?::|→|=>|حقي\s*:)\s*${notAWord}${spelledHandle}`, 'gu'),
  new RegExp(String.raw`(?:${apps}|${shortApps})ي?(?:${saying}+|\s+)${handleWithMark}`, 'gu'),
  new RegExp(String.raw`(?:${apps}|${shortApps})ي?${saying}*\s*${notAWord}[a-z][a-z0-9_]*\s+(?:dot|دوت|نقطه)\s+[a-z0-9_]+`, 'gu'),
];

/**
 * Letters spaced out one by one (y o u s e f . k 9 2 @ y a h o o . c o m): such a run is read
 * closed up, and masked whole if it then holds an address or a handle.
 */
const spacedRun = /(?<!\S)(?:\S ){5,}\S(?!\S)/gu;

// ---------------------------------------------------------------- bank accounts

/** IBAN lengths of the region and of the banks its people most often hold accounts with abroad. */
const ibanLengths: Readonly<Record<string, number>> = {
  ae: 23,
  sa: 24,
  qa: 29,
  kw: 30,
  bh: 22,
  om: 23,
  jo: 30,
  eg: 29,
  lb: 28,
  iq: 23,
  ps: 29,
  tr: 26,
  pk: 24,
  gb: 22,
  de: 22,
  fr: 27,
  nl: 18,
  ch: 21,
  it: 27,
  es: 24,
  ie: 22,
  be: 16,
};
/** A country, two check digits, then letters and digits, often in groups of four; read to the country's length. */
const ibanStart = new RegExp(String.raw`${alone}(${Object.keys(ibanLengths).join('|')})\s?\d{2}(?:[\s-]?[a-z0-9]){10,31}`, 'gu');
const ibanWord = /(?:iban|ايبان|الايبان|اي بان)\s*(?:is|:|هو|رقم)?\s*[a-z]{2}[\s\d]{6,}/gu;

function findIbans(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(ibanStart)) {
    const length = ibanLengths[match[1]!]!;
    let count = 0;
    let end = match.index;
    for (const char of match[0]) {
      end += char.length;
      if (/[a-z0-9]/.test(char)) count += 1;
      if (count === length) break;
    }
    if (count === length) found.push({ start: match.index, end });
  }
  return found;
}

// ---------------------------------------------------------------- together

export function findContactDetails(original: string): ContactFinding[] {
  const { text, origin } = normaliseForContacts(original);
  const spans: { kind: ContactKind; start: number; end: number }[] = [];
  const add = (kind: ContactKind, start: number, end: number) => spans.push({ kind, start, end });
  const addAll = (kind: ContactKind, pattern: RegExp) => {
    for (const match of text.matchAll(pattern)) add(kind, match.index, match.index + match[0].trimEnd().length);
  };

  for (const pattern of emailPatterns) addAll('email', pattern);
  for (const run of text.matchAll(spacedRun)) {
    if (![...run[0].matchAll(/\S/gu)].every((match) => match[0].length === 1)) continue;
    const closed = run[0].replaceAll(' ', '');
    if ([...emailPatterns, messengerLink, handle].some((pattern) => new RegExp(pattern.source, 'u').test(closed))) {
      add('email', run.index, run.index + run[0].length);
    }
  }
  addAll('messenger', messengerLink);
  for (const pattern of appHandles) addAll('messenger', pattern);
  addAll('messenger', handle);
  for (const found of findIbans(text)) add('iban', found.start, found.end);
  addAll('iban', ibanWord);
  for (const phone of findPhones(text)) add('phone', phone.start, phone.end);

  // Overlapping findings become one, named by the first found.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ContactFinding[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    const start = origin[span.start]!;
    const end = origin[span.end]!;
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ kind: span.kind, start, end });
  }
  return merged;
}

/** The text with every contact detail replaced by the mask, and what kinds were found. */
export function maskContactDetails(text: string): { text: string; kinds: ContactKind[] } {
  const findings = findContactDetails(text);
  if (findings.length === 0) return { text, kinds: [] };
  let masked = '';
  let from = 0;
  for (const finding of findings) {
    masked += text.slice(from, finding.start) + MASK;
    from = finding.end;
  }
  return { text: masked + text.slice(from), kinds: [...new Set(findings.map((finding) => finding.kind))] };
}
