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

// Villa, plot, unit and office numbers as they are written across the Gulf: a letter beside digits is a label, not a
// word spelled in leetspeak (N16 is not "nig", A55 is not "ass", 455 is not "ass").
const gulfAddresses = [
  'Fit-out of villa N16 in Arabian Ranches',
  'Villa N16, Arabian Ranches',
  'Kitchen renovation, villa N116, Arabian Ranches 2',
  'Plot 6457-A, Al Barsha South',
  'Unit 3B, Tower C2, JLT Cluster N',
  'Office 1402, Al Moosa Tower 2',
  'Shop G07, Dubai Hills Mall',
  'Building 12, Street 2B, Al Quoz Industrial 3',
  'Apartment 2304, Marina Gate 1, Dubai Marina',
  'Warehouse 16, Al Qusais Industrial Area 4',
  'Villa A55, Jumeirah Park',
  'Unit 455, Building B16, Dubai Silicon Oasis',
  'Office M03, Al Khaleej Centre, Bur Dubai',
  'Flat 12A, Al Nahda 2, Sharjah',
  'Plot C-16, Mussafah M40, Abu Dhabi',
  'Villa 7, Street 19, Khalifa City A',
  'Kiosk K9, Mall of the Emirates',
  'Villa N6, The Springs 14',
  'Townhouse N1-16, Town Square',
  'Repaint shop G07 before Eid',
  'AC servicing for 16 units in Building B16 (N16 wing)',
  'Villa N16!',
  'Villa 23, Al Malqa, Riyadh',
  'Building 7421, Prince Sultan Road, Al Rawdah, Jeddah 23435',
  'Office 3B, King Fahd Road, Al Olaya, Riyadh 12214',
  'Villa N16, Al Narjis, Riyadh 13327',
  'Short address RRRD2929, Riyadh',
  'Zone 66, Street 850, Building 14',
  'Building 16, Street 920, Zone 56, Al Sadd, Doha',
  'Villa 16, Street 340, Zone 69, Lusail',
  'Block 4, Street 15, Salmiya',
  'Block 1, Street 16, House 11, Jabriya',
  'Office 16, Floor 6, Al Hamra Tower, Sharq',
  'Way 3321, Building 180, Al Khuwair',
  'Villa 1616, Way 2540, Madinat Sultan Qaboos',
  'Building 16, Way 1936, Ruwi, Muscat',
  'Road 2803, Block 428, Seef',
  'Flat 16, Building 1055, Road 3621, Block 336, Adliya',
  'Villa 160, Road 5616, Block 556, Janabiya',
  'فيلا N16، المرابع العربية',
  'تشطيب فيلا N116 في المرابع العربية',
  'مكتب 1402، برج الموسى 2',
  'محل G07، دبي هيلز مول',
  'قطعة 6457-A، البرشاء جنوب',
  'شقة 3B، برج C2، أبراج بحيرات جميرا',
  'فيلا 23، حي الملقا، الرياض',
  'منطقة 66، شارع 850، مبنى 14',
  'قطعة 4، شارع 15، السالمية',
  'سكة 3321، مبنى 180، الخوير',
  'طريق 2803، مجمع 428، السيف',
];

describe('reference numbers in addresses and project titles', () => {
  it.each(gulfAddresses)('leaves %j alone', (address) => {
    expectClean(address);
  });

  it.each([
    ['n1gger', 'severe'],
    ['N1GG3R', 'severe'],
    ['ni66a', 'severe'],
    ['n!66er', 'severe'],
    ['f4g', 'severe'],
    ['b1tch', 'moderate'],
    ['5h1t', 'moderate'],
    ['5hit', 'moderate'],
    ['a55hole', 'moderate'],
  ] as const)('still catches the word spelled with digits in %j', (word, severity) => {
    expectTier(`Villa N16, ${word}`, severity, `Villa N16, ${'*'.repeat(word.length)}`);
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
