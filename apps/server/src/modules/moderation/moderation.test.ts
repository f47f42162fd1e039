import { severityMessages } from '@mihna/shared';
import { describe, expect, it } from 'vitest';
import { moderateText, type Severity } from './moderation.ts';

const englishBio =
  'Senior full-stack engineer (React, Node.js, PostgreSQL) based in Dubai. I led the assessment and analysis of legacy systems for a Sussex-based classic-car dealer and delivered on time.';
const arabicBio = 'مهندس برمجيات بخبرة ١٠ سنوات في تطوير تطبيقات الويب في دبي';

function expectClean(text: string) {
  expect(moderateText(text)).toEqual({ is_valid: true, severity: 'none', message: '', cleaned_content: text });
}

function expectTier(text: string, severity: Exclude<Severity, 'none'>, cleaned?: string) {
  const result = moderateText(text);
  expect(result.severity, text).toBe(severity);
  expect(result.message).toBe(severityMessages[severity]);
  expect(result.is_valid).toBe(severity !== 'severe');
  if (cleaned !== undefined) expect(result.cleaned_content).toBe(cleaned);
  return result;
}

describe('moderateText on clean text', () => {
  it('returns professional English and Arabic bios unchanged', () => {
    expectClean(englishBio);
    expectClean(arabicBio);
    expectClean(`${englishBio}\n\n${arabicBio}`);
  });

  it('returns an empty string as clean', () => {
    expectClean('');
  });

  it('uses the product messages', () => {
    expect(severityMessages).toEqual({ mild: 'Content Cleaned', moderate: 'Content Violation', severe: 'Serious Violation' });
  });
});

describe('English tiers', () => {
  it('masks mild swearing and lets the text through as "Content Cleaned"', () => {
    expectTier('What a damn mess.', 'mild', 'What a **** mess.');
    expectTier('This is crap, what the hell?', 'mild', 'This is ****, what the ****?');
  });

  it('masks strong profanity and lets the text through as "Content Violation"', () => {
    expectTier('This is shit work', 'moderate', 'This is **** work');
    expectTier('Stop being a bitch', 'moderate', 'Stop being a *****');
    expectTier('You absolute asshole', 'moderate', 'You absolute *******');
    expectTier('What the fucking hell', 'moderate', 'What the ******* ****');
  });

  it('blocks slurs, explicit terms, minors, threats and solicitation as "Serious Violation"', () => {
    expectTier('You are a faggot', 'severe', 'You are a ******');
    expectTier('dirty raghead', 'severe', 'dirty *******');
    expectTier('free blowjob', 'severe', 'free *******');
    expectTier('selling child porn here', 'severe', 'selling ***** **** here');
    expectTier('I will kill you tomorrow', 'severe', '* **** **** *** tomorrow');
    expectTier("I'm going to hurt your family", 'severe');
    expectTier('Call girls available in Doha', 'severe', '**** ***** available in Doha');
    expectTier('happy ending massage at your hotel', 'severe');
  });

  it('does not read ordinary or negated uses of violent words as threats', () => {
    expectClean("I'll never hurt you. Let's kill it on this launch!");
    expectClean('Pest control: we kill bed bugs. We will beat any quote. Police escort services for VIP events.');
  });

  it('reports the highest tier found and masks every finding', () => {
    expectTier('damn it, you bitch', 'moderate', '**** it, you *****');
    expectTier('damn, you shit, I will kill you', 'severe', '****, you ****, * **** **** ***');
  });
});

describe('English evasion', () => {
  it.each([
    ['sh1t happens', '**** happens'],
    ['fuuuuuuck off', '********* off'],
    ['you b!tch', 'you *****'],
    ['a$$hole', '*******'],
    ['FUCK', '****'],
    ['f u c k you', '* * * * you'],
    ['s.h.i.t', '*******'],
    ['a**hole', '*******'],
  ])('catches %j', (text, cleaned) => {
    expect(moderateText(text).cleaned_content).toBe(cleaned);
    expect(moderateText(text).severity).toBe('moderate');
  });
});

describe('Arabic tiers', () => {
  it('treats name-calling as mild', () => {
    expectTier('انت غبي جدا', 'mild', 'انت *** جدا');
    expectTier('يا حمار', 'mild', 'يا ****');
  });

  it('treats vulgar profanity as moderate', () => {
    expectTier('كلامك خرا', 'moderate', 'كلامك ***');
    expectTier('يا ابن الكلب', 'moderate', 'يا *** *****');
    expectTier('يلعن أبوك', 'moderate', '**** ****');
  });

  it('blocks sexual insults, slurs, threats and porn', () => {
    expectTier('يا شرموطة', 'severe', 'يا ******');
    expectTier('كس امك', 'severe', '** ***');
    expectTier('انت قحبة', 'severe');
    expectTier('يا لوطي', 'severe');
    expectTier('والله راح اقتلك', 'severe', 'والله *** *****');
    expectTier('افلام سكس مجانا', 'severe');
  });

  it('flags animal words only when they are aimed at someone, and never above mild', () => {
    expectClean('عندي كلب وحمار في المزرعة، وأهتم برعاية الحيوانات الأليفة والكلاب البوليسية');
    expectClean('الكلبة');
    expectTier('يا كلب', 'mild', 'يا ***');
    expectTier('انت حمار', 'mild', 'انت ****');
    expectTier('ياحيوان', 'mild', '*******');
    expectTier('يا كلبة يا حيوانات يا خنزير', 'mild');
  });
});

describe('Arabic normalisation', () => {
  it.each([
    ['diacritics', 'شَرْمُوطَة'],
    ['tatweel', 'شرمـــوطة'],
    ['letters repeated for emphasis', 'شرموووووطة'],
    ['ta marbuta written as ha', 'شرموطه'],
    ['presentation forms', 'ﺷﺮﻣﻮﻃﺔ'],
    ['a right-to-left mark inside the word', 'شرمو\u200Fطة'],
    ['letters separated by dots', 'ش.ر.م.و.ط.ة'],
    ['letters separated by spaces', 'ش ر م و ط ة'],
    ['a hyphen inside the word', 'شرمو-طة'],
  ])('sees through %s', (_label, text) => {
    const result = expectTier(text, 'severe');
    expect(result.cleaned_content).toMatch(/^[*\s\u200F]+$/u);
  });

  it('unifies alef forms, alef maqsura and Gulf letters', () => {
    expectTier('إبن الكلب', 'moderate');
    expectTier('أهبل', 'mild');
    expectTier('اهبل', 'mild');
    expectTier('حمقى', 'mild');
    expectTier('يا چلب', 'mild');
  });

  it.each(['والشرموطة', 'فالشرموطة', 'بالشرموطة', 'للشرموطة', 'ياشرموطة', 'الشرموطة', 'شرموطتك', 'شرموطات', 'شرموطتها'])(
    'matches the attached prefix or suffix in %s',
    (text) => {
      expectTier(text, 'severe', '*'.repeat(text.length));
    },
  );

  it('matches possessive suffixes on short words', () => {
    expectTier('كسك', 'moderate', '***');
    expectTier('زبه', 'moderate', '***');
    expectTier('طيزها', 'moderate', '*****');
  });
});

describe('Arabizi', () => {
  it.each([
    ['ya 7mar', 'mild', 'ya ****'],
    ['enta kalb', 'mild', 'enta ****'],
    ['ya7mar', 'mild', '******'],
    ["ya 7'anzeer", 'mild', 'ya ********'],
    ['kos', 'moderate', '***'],
    ['zeb', 'moderate', '***'],
    ["7'ara", 'moderate', '*****'],
    ['ibn el kalb', 'moderate', '*** ** ****'],
    ['yel3an abook', 'moderate', '****** *****'],
    ['sharmoota', 'severe', '*********'],
    ['ya sharmouta', 'severe', 'ya *********'],
    ['kos omak', 'severe', '*** ****'],
    ['kosomak', 'severe', '*******'],
  ] as const)('%j is %s', (text, severity, cleaned) => {
    expectTier(text, severity, cleaned);
  });

  it('leaves everyday Arabizi and Gulf names alone', () => {
    expectClean('kalb');
    expectClean('ya habibi, inshallah yalla, ya akhi, 7abibi, ya 3ammi, mashallah');
    expectClean('Abo Khalid, Mohammed Al Kaabi, Fujairah, Umm Al Quwain, Ras Al Khaimah, Al Assaf, Shiite');
  });
});

// Each contains the letters of a listed word; Arabic glosses: earn, break, clothing, profit, breaking, couscous,
// customer, butter, raisins, customers, Sharm El Sheikh, arrangement, his pride, oaken, boasted, your sons, its end,
// copy, Qur'an 5:28 "to kill you", the states rejecting the agreement, the subjunctive and jussive particles,
// outliers in the data, choosing the children's sex, nationality and residency services, the animals.
const innocentEnglish = (
  'Scunthorpe|assessment|classic|cocktail|Sussex|Essex|shiitake|analysis|therapist|grape|hello|passage|Dickens|' +
  'Cockburn|Hancock|bass|scrap|title|cockpit|Shital|Dikshit|summa cum laude|cumin|Anusha|artisanal|human trafficking|' +
  'flame retardant|rapeseed oil|Assistant Manager|Asst. Manager|Montenegro|Sex: Male|Kung Fu|Shell|Hellmann|C# and F#'
).split('|');
const innocentArabic = (
  'كسب|كسر|كسوة|مكسب|انكسار|كسكس|زبون|زبدة|زبيب|زبائن|شرم الشيخ|ترتيب|فخره|بلوطي|تباهى|بنيك|آخره|نسخة|لأقتلك|' +
  'الدول الرافضة للاتفاق|النواصب والجوازم|قيم شاذة في البيانات|تحديد جنس الأطفال|خدمات الجنسية والإقامة|الحيوانات'
).split('|');

describe('innocent words containing bad substrings (Scunthorpe problem)', () => {
  it.each(innocentEnglish)('leaves %j alone', (word) => {
    expectClean(word);
  });

  it.each(innocentArabic)('leaves %j alone', (word) => {
    expectClean(word);
  });
});

describe('preserving the rest of the text', () => {
  it('keeps whitespace, punctuation and line breaks exactly', () => {
    expectTier('Hello,\n\tyou  shit!!\r\nBye.', 'moderate', 'Hello,\n\tyou  ****!!\r\nBye.');
  });

  it('keeps emoji and right-to-left marks', () => {
    expectTier('\u200Fمرحبا 👋🏽 يا كلب \u200F🙂', 'mild', '\u200Fمرحبا 👋🏽 يا *** \u200F🙂');
    expectTier('🔥shit🔥', 'moderate', '🔥****🔥');
    expectClean('\u202Bمرحبا 👋🏽\u202C \u200Ehello 🙂');
  });

  it('masks only the offending words in mixed Arabic and English text', () => {
    expectTier('Great developer لكن يا حمار and a damn liar', 'mild', 'Great developer لكن يا **** and a **** liar');
    expectTier('Fuck this, يا شرموطة', 'severe', '**** this, يا ******');
  });
});

describe('long text', () => {
  it('checks 20,000 characters quickly', () => {
    let text = '';
    while (text.length < 20_000) text += `${englishBio} ${arabicBio}. `;
    text = text.slice(0, 20_000);
    const started = performance.now();
    expect(moderateText(text).severity).toBe('none');
    const flagged = moderateText(`${text} shit`);
    expect(performance.now() - started).toBeLessThan(500);
    expect(flagged.cleaned_content).toBe(`${text} ****`);
  });
});
