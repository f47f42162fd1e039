import type { Tier } from './finding.ts';

/**
 * How a form may appear in text. All matching is on whole words after normalisation (arabic-normalise.ts).
 * - `word`: with the usual attached prefixes (و ف ب ل ك ال يا) and suffixes (ك ه ها هم كم ين ات). Forms of three
 *   letters or fewer only take ال/يا and possessive suffixes, and four-letter forms only و/ف as one-letter
 *   prefixes, since a one-letter prefix turns them into ordinary words (ف + خره is فخره "his pride").
 * - `insult`: ordinary nouns (كلب dog, حمار donkey) that are insults only when aimed at someone: after يا or
 *   انت, or with يا attached.
 * - `exact`: only as written, optionally after و or ف (threat verbs; لأقتلك is a verse of the Qur'an).
 */
export type LexiconMatch = 'word' | 'insult' | 'exact';

export interface LexiconEntry {
  /** Spellings; `{a|b}` expands to each alternative; several words form a phrase matched word by word. */
  forms: readonly string[];
  tier: Tier;
  gloss: string;
  match?: LexiconMatch;
}

export const arabicLexicon: readonly LexiconEntry[] = [
  // mild: name-calling
  { tier: 'mild', gloss: 'stupid', forms: ['غبي', 'غبية', 'أغبياء'] },
  { tier: 'mild', gloss: 'idiot', forms: ['أهبل'] },
  { tier: 'mild', gloss: 'fool', forms: ['أحمق', 'حمقاء', 'حمقى'] },
  { tier: 'mild', gloss: 'despicable', forms: ['حقير', 'حقيرة', 'حقراء'] },
  { tier: 'mild', gloss: 'vile', forms: ['سافل', 'سافلة'] },
  { tier: 'mild', gloss: 'scoundrel', forms: ['نذل', 'نذلة', 'أنذال'] },
  { tier: 'mild', gloss: 'damned', forms: ['ملعون', 'ملعونة', 'ملاعين', 'يلعن', 'اللعنة'] },
  // تباهٍ (boasting) is تبا + ه.
  { tier: 'mild', gloss: 'damn', match: 'exact', forms: ['تبا'] },
  // خبل is also the clinical word for derangement.
  { tier: 'mild', gloss: 'crazy, dimwit (Gulf)', match: 'insult', forms: ['خبل', 'خبلة'] },
  { tier: 'mild', gloss: 'donkey', match: 'insult', forms: ['حمار', 'حمارة', 'حمير'] },
  { tier: 'mild', gloss: 'dog', match: 'insult', forms: ['كلب', 'كلبة', 'كلاب'] },
  { tier: 'mild', gloss: 'animal', match: 'insult', forms: ['حيوان', 'حيوانة', 'حيوانات'] },
  { tier: 'mild', gloss: 'pig', match: 'insult', forms: ['خنزير', 'خنزيرة', 'خنازير'] },
  { tier: 'mild', gloss: 'young donkey', match: 'insult', forms: ['جحش', 'جحشة'] },
  { tier: 'mild', gloss: 'beast', match: 'insult', forms: ['بهيم', 'بهيمة', 'بهايم'] },
  { tier: 'mild', gloss: 'billy goat', match: 'insult', forms: ['تيس'] },
  { tier: 'mild', gloss: 'cow', match: 'insult', forms: ['بقرة'] },
  { tier: 'mild', gloss: 'monkey', match: 'insult', forms: ['قرد', 'قردة', 'قرود'] },

  // moderate: vulgar profanity
  { tier: 'moderate', gloss: 'shit', forms: ['خرا', 'خراء', 'خرة'] },
  { tier: 'moderate', gloss: 'arse', forms: ['طيز'] },
  { tier: 'moderate', gloss: 'dick', forms: ['زب'] },
  { tier: 'moderate', gloss: 'cunt', forms: ['كس'] },
  { tier: 'moderate', gloss: 'fuck', forms: ['نيك', 'ينيك', 'نياكة'] },
  { tier: 'moderate', gloss: 'fucked (insult)', forms: ['منيوك', 'منيوكة', 'منايك', 'متناك', 'متناكة'] },
  { tier: 'moderate', gloss: 'pimp', forms: ['معرص', 'معرصين'] },
  { tier: 'moderate', gloss: 'cuckold (man without honour)', forms: ['ديوث'] },
  { tier: 'moderate', gloss: 'prostitute (formal)', forms: ['عاهرة', 'عاهرات', 'عواهر'] },
  { tier: 'moderate', gloss: 'son of a dog', forms: ['{ابن|بن|ولد|بنت|أولاد|عيال} {الكلب|كلب|الكلبة|كلبة|الكلاب|كلاب}'] },
  { tier: 'moderate', gloss: 'bastard', forms: ['{ابن|بن|ولد|بنت|أولاد|عيال} {الحرام|حرام|الزنا|زنا|الزانية}'] },
  { tier: 'moderate', gloss: 'damn your father', forms: ['يلعن {أبوك|أبوكم|أبوه|أبوها|أمك|أمه|أهلك|شكلك|والديك|جدك|أبو}'] },

  // severe: sexual insults, slurs, explicit content, minors, solicitation, threats
  { tier: 'severe', gloss: 'whore', forms: ['شرموطة', 'شرموط', 'شراميط', 'شرموطات'] },
  { tier: 'severe', gloss: 'whore', forms: ['قحبة', 'قحاب', 'قحبات'] },
  { tier: 'severe', gloss: "your mother's cunt", forms: ['{كس|زب|طيز} {أمك|امك|أختك|أمه|أخته|أمها|أمكم|خالتك|عمتك}'] },
  { tier: 'severe', gloss: 'fuck your mother', forms: ['{نيك|انيك|بنيك} {أمك|أختك|أمه|أخته}'] },
  { tier: 'severe', gloss: "I'll fuck you", match: 'exact', forms: ['أنيكك', 'بنيكك', 'انيكها', 'بنيكها'] },
  { tier: 'severe', gloss: 'damn your religion', forms: ['يلعن {دينك|دين|دينكم|ربك|ربكم|ملتك}'] },
  { tier: 'severe', gloss: 'sodomite (homophobic slur)', forms: ['لوطي', 'لوطيين', 'لوطية'] },
  { tier: 'severe', gloss: 'effeminate (homophobic slur)', forms: ['مخنث', 'مخنثين', 'مخانيث'] },
  { tier: 'severe', gloss: 'dyke (homophobic slur)', forms: ['سحاقية', 'سحاقيات'] },
  // شاذ is also a statistician's "outlier" and a grammarian's "irregular".
  { tier: 'severe', gloss: 'pervert (homophobic slur)', match: 'insult', forms: ['شاذ', 'شاذة', 'شواذ'] },
  { tier: 'severe', gloss: 'negro (racial slur)', match: 'insult', forms: ['زنجي', 'زنجية', 'زنوج'] },
  { tier: 'severe', gloss: 'sea-spew (slur on Gulf families of Persian origin)', forms: ['طرش {بحر|البحر}'] },
  // رافضة and رافضي also mean "refusing" / "those refusing", and النواصب are the grammar's subjunctive particles.
  { tier: 'severe', gloss: 'rejectionist (anti-Shia slur)', forms: ['روافض'] },
  { tier: 'severe', gloss: 'rejectionist (anti-Shia slur)', match: 'insult', forms: ['رافضي', 'رافضية', 'رافضة'] },
  { tier: 'severe', gloss: 'nasibi (anti-Sunni slur)', match: 'insult', forms: ['ناصبي', 'ناصبية', 'نواصب'] },
  { tier: 'severe', gloss: 'sex (used for porn)', forms: ['سكس', 'سكسي'] },
  {
    tier: 'severe',
    gloss: 'porn',
    forms: ['{أفلام|افلام|فيديوهات|فيديو|مقاطع|صور|موقع|مواقع|قصص} {إباحية|اباحيه|سكس|عارية|عري}'],
  },
  { tier: 'severe', gloss: 'child porn', forms: ['{إباحية|سكس|نيك} {الأطفال|أطفال|القاصرين|القاصرات|قاصرات|قاصرين}'] },
  { tier: 'severe', gloss: 'sexual services', forms: ['{خدمات|خدمة} {جنسية|جنسيه}', 'مساج {جنسي|سكسي}'] },
  {
    tier: 'severe',
    gloss: "I'll kill you",
    match: 'exact',
    forms: ['أقتلك', 'سأقتلك', 'بقتلك', 'اقتلكم', 'بقتلكم', 'بذبحك', 'باذبحك', 'بذبحكم', 'راح {أقتلك|اذبحك|أذبحك}', 'رح {اقتلك|اذبحك}'],
  },
];

/** Latin-script Arabic. Digits stand for letters: 2 ء, 3 ع, 3' غ, 5 and 7' خ, 6 ط, 7 ح, 8 ق, 9 ص. */
export const arabiziLexicon: readonly LexiconEntry[] = [
  { tier: 'mild', gloss: 'stupid', forms: ['ghabi', 'ghaby', '8abi', 'ghbi', 'ghabia', 'aghbiya'] },
  { tier: 'mild', gloss: 'fool', forms: ['a7ma8', 'a7maq', 'ahmaq', 'a7mag'] },
  { tier: 'mild', gloss: 'despicable', forms: ['7aqeer', '7a8eer', 'haqeer', '7agir', '7aqir', '7ageer'] },
  { tier: 'mild', gloss: 'crazy (Gulf)', forms: ['5abal', "7'abal", 'khabal'] },
  { tier: 'mild', gloss: 'donkey', match: 'insult', forms: ['7mar', '7emar', '7imar', 'hmar', 'himar', '7mara', '7meer'] },
  { tier: 'mild', gloss: 'dog', match: 'insult', forms: ['kalb', 'chalb', 'kelb', 'kalba', 'chalba', 'klab', 'chlab'] },
  { tier: 'mild', gloss: 'animal', match: 'insult', forms: ['7ayawan', 'hayawan', '7aywan', '7ywan', 'haywan'] },
  { tier: 'mild', gloss: 'pig', match: 'insult', forms: ['5anzeer', "7'anzeer", 'khanzeer', 'khanzir', '5anzir'] },

  { tier: 'moderate', gloss: 'cunt', forms: ['kos', 'kus', 'kuss', 'koss'] },
  { tier: 'moderate', gloss: 'dick', forms: ['zeb', 'zib', 'zebb', 'zibb', 'zob', 'zubb'] },
  { tier: 'moderate', gloss: 'arse', forms: ['6eez', '6iz', '6ez', '6yz'] },
  { tier: 'moderate', gloss: 'shit', forms: ['5ara', "7'ara", '5ra', '5arra'] },
  {
    tier: 'moderate',
    gloss: 'fucked (insult)',
    forms: ['manyak', 'manyok', 'manyouk', 'mnayek', 'mnyok', 'metnak', 'mitnak', 'mtnak', 'neek'],
  },
  { tier: 'moderate', gloss: 'pimp', forms: ['m3aras', 'm3ars', 'me3res', 'mi3ris', 'm3rs', 'm3res'] },
  { tier: 'moderate', gloss: 'cuckold (man without honour)', forms: ['dayooth', 'dayouth', 'daiyooth', 'dayoos', 'dayyoos', 'dayous'] },
  {
    tier: 'moderate',
    gloss: 'son of a dog',
    forms: [
      '{ibn|ebn|bin|ben|wald|walad|bint|bent|yabn} {el|al|il|l} {kalb|chalb|kelb}',
      '{ibn|ebn|bin|wald|walad|bint} {kalb|chalb|kelb}',
    ],
  },
  { tier: 'moderate', gloss: 'bastard', forms: ['{ibn|ebn|wald|walad|bint|yabn} {el|al|il} {7aram|haram}'] },
  {
    tier: 'moderate',
    gloss: 'damn your father',
    forms: ['{yel3an|yil3an|yla3an|yl3an|il3an|el3an} {abook|abuk|abok|aboki|abookom|ummak|omak|ommak|shaklak|abo}'],
  },

  {
    tier: 'severe',
    gloss: 'whore',
    forms: ['sharmoota', 'sharmouta', 'sharmuta', 'sharmota', 'charmouta', 'sharmoot', 'sharameet', 'shrmota'],
  },
  { tier: 'severe', gloss: 'whore', forms: ['qa7ba', 'ga7ba', 'kahba', '9a7ba', 'gahba', 'qahba', 'ka7ba', '8a7ba', 'g7ab', 'qa7bat'] },
  {
    tier: 'severe',
    gloss: "your mother's cunt",
    forms: [
      '{kos|kus|kuss|koss|zeb|zib} {omak|ommak|umak|ummak|emak|immak|omk|okhtak|ukhtak|o5tak|u5tak|5altak}',
      'kosomak',
      'kusomak',
      'kosommak',
      'kusummak',
      'kosomk',
      'kusumak',
    ],
  },
  { tier: 'severe', gloss: "I'll fuck you", match: 'exact', forms: ['anikak', 'aneekak', 'bnikak', 'bneekak', 'aneekek'] },
  {
    tier: 'severe',
    gloss: 'damn your religion',
    forms: ['{yel3an|yil3an|yla3an|yl3an|il3an|el3an} {deenak|dinak|dinek|deen|din|rabak|rabbak}'],
  },
  { tier: 'severe', gloss: 'sodomite (homophobic slur)', forms: ['lo6i', 'lu6i', 'lou6i', 'louti'] },
  { tier: 'severe', gloss: 'rejectionist (anti-Shia slur)', forms: ['rafidi', 'rafidhi', 'rawafid', 'rawafidh', 'rawafed'] },
  { tier: 'severe', gloss: 'nasibi (anti-Sunni slur)', forms: ['nawaseb', 'nawasib'] },
  {
    tier: 'severe',
    gloss: "I'll kill you",
    match: 'exact',
    forms: [
      'a2tlak',
      'aqtlak',
      'a8tlak',
      'ba2tlak',
      'baqtlak',
      'ba8tlak',
      'bagtlak',
      'a2tolak',
      'aqtolak',
      'adba7ak',
      'athba7ak',
      'badba7ak',
      'bathba7ak',
    ],
  },
];
