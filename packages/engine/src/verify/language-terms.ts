// What the reading comparison knows of each of the checker's 15 languages (quality/languages):
// number words, colour terms with their inflections, the function words that carry no claim, and a
// crude stemmer so "dogs" = "dog", "Hunde" = "Hund", "cani" = "cane". Small on purpose: a word this
// does not know is compared as written, which can only miss a disagreement, never invent a number.
import { primaryLanguage } from '../quality/languages';

export const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'brown', 'black', 'white', 'grey'] as const;
export type Colour = (typeof COLOURS)[number];

export interface LanguageTerms {
  readonly tag: string;
  /** No spaces between words (Japanese, Chinese): counts and colours are found in the running text. */
  readonly unspaced: boolean;
  /** Where a colour's noun stands: "red car" (after the colour) or "voiture rouge" (before). */
  readonly nounAfterColour: boolean;
  /** Counts are matched by their order in the reading, not by the noun (the noun is not next to the number). */
  readonly countsByOrder: boolean;
  /** Number words (lower case) → value. */
  readonly numbers: ReadonlyMap<string, number>;
  /** Articles that also mean "one": a count only against an explicit number for the same noun. */
  readonly articles: ReadonlySet<string>;
  /** Counters a number must stand before to count (Korean, Japanese, Chinese). */
  readonly counters?: RegExp;
  /** A token → its colour, and the colour's base form in this language for display. */
  colourOf(token: string): Colour | undefined;
  readonly colourNames: Readonly<Record<Colour, string>>;
  readonly functionWords: ReadonlySet<string>;
  /** Prepositions after which a noun names where the picture is ("in a park"). */
  readonly locatives: ReadonlySet<string>;
  stem(word: string): string;
}

const words = (list: string): string[] => list.split(/\s+/).filter(Boolean);
const numberMap = (entries: Record<number, string>): Map<string, number> =>
  new Map(Object.entries(entries).flatMap(([value, list]) => words(list).map((word) => [word, Number(value)] as const)));

/** Colour terms as one pattern per colour over a whole token (inflection endings included). */
function colourMatcher(patterns: Record<Colour, string>, endings = ''): (token: string) => Colour | undefined {
  const compiled = COLOURS.map((colour) => [colour, new RegExp(`^(?:${patterns[colour]})${endings}$`, 'u')] as const);
  return (token) => compiled.find(([, pattern]) => pattern.test(token))?.[0];
}

/** Prefix matching for agglutinating scripts (Korean particles attach to the colour word). */
function colourPrefixes(prefixes: Record<Colour, string>): (token: string) => Colour | undefined {
  const entries = COLOURS.flatMap((colour) => words(prefixes[colour]).map((prefix) => [prefix, colour] as const));
  return (token) => entries.find(([prefix]) => token.startsWith(prefix))?.[1];
}

/** Stripping suffixes by rules applied in turn, never below three letters. */
function stemmer(...rules: Array<[RegExp, string]>): (word: string) => string {
  return (word) => {
    let stem = word;
    for (const [pattern, replacement] of rules) {
      const next = stem.replace(pattern, replacement);
      if ([...next].length >= 3) stem = next;
    }
    return stem;
  };
}

const RU_ENDINGS = '(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ую|юю|ым|им|ом|ем|ых|их|ыми|ими)';
const PL_ENDINGS = '(?:y|a|e|i|ego|ej|ą|ym|ych|ymi|emu)';

const en: LanguageTerms = {
  tag: 'en',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 0: 'zero', 1: 'one', 2: 'two pair', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', 10: 'ten', 11: 'eleven', 12: 'twelve dozen' }),
  articles: new Set(words('a an')),
  colourOf: colourMatcher({ red: 'red', orange: 'orange', yellow: 'yellow', green: 'green', blue: 'blue', purple: 'purple|violet', pink: 'pink', brown: 'brown', black: 'black', white: 'white', grey: 'grey|gray' }),
  colourNames: { red: 'red', orange: 'orange', yellow: 'yellow', green: 'green', blue: 'blue', purple: 'purple', pink: 'pink', brown: 'brown', black: 'black', white: 'white', grey: 'grey' },
  functionWords: new Set(
    words(
      'the and or of in on at to with by for from near next beside behind under over above below along across into onto inside outside front against its his her their is are was were be being been has have this that these those some while there it as each other other which who up down out off around through between among',
    ),
  ),
  locatives: new Set(words('in at inside')),
  stem: (word) => {
    let stem = stemmer([/ies$/, 'i'], [/(?:ing|ed)$/, ''], [/es$/, ''], [/(?<!s)s$/, ''], [/e$/, ''])(word);
    // running → runn → run
    if (/([b-df-hj-np-tv-z])\1$/.test(stem) && !/(ll|ss)$/.test(stem)) stem = stem.slice(0, -1);
    return stem;
  },
};

const de: LanguageTerms = {
  tag: 'de',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 1: 'eins', 2: 'zwei', 3: 'drei', 4: 'vier', 5: 'fünf', 6: 'sechs', 7: 'sieben', 8: 'acht', 9: 'neun', 10: 'zehn', 11: 'elf', 12: 'zwölf' }),
  articles: new Set(words('ein eine einer einem einen eines')),
  colourOf: colourMatcher(
    { red: 'rot', orange: 'orang', yellow: 'gelb', green: 'grün', blue: 'blau', purple: 'lila|violett', pink: 'rosa|pink', brown: 'braun', black: 'schwarz', white: 'weiß|weiss', grey: 'grau' },
    '(?:e|er|es|en|em|s)?',
  ),
  colourNames: { red: 'rot', orange: 'orange', yellow: 'gelb', green: 'grün', blue: 'blau', purple: 'lila', pink: 'rosa', brown: 'braun', black: 'schwarz', white: 'weiß', grey: 'grau' },
  functionWords: new Set(
    words('der die das den dem des und oder in im am an auf aus bei beim mit von vom zu zum zur vor hinter neben unter über ist sind wird werden hat haben sich sein seine ihr ihre es sie er dabei davor'),
  ),
  locatives: new Set(words('in im')),
  stem: (word) => stemmer([/(?:en|er|es|em|e|n|s)$/, ''])(word.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u')),
};

const fr: LanguageTerms = {
  tag: 'fr',
  unspaced: false,
  nounAfterColour: false,
  countsByOrder: false,
  numbers: numberMap({ 2: 'deux', 3: 'trois', 4: 'quatre', 5: 'cinq', 6: 'six', 7: 'sept', 8: 'huit', 9: 'neuf', 10: 'dix', 11: 'onze', 12: 'douze' }),
  articles: new Set(words('un une')),
  colourOf: colourMatcher(
    { red: 'rouge', orange: 'orange', yellow: 'jaune', green: 'verte?', blue: 'bleue?', purple: 'violet|violette', pink: 'rose', brown: 'marron|brune?', black: 'noire?', white: 'blanc|blanche', grey: 'grise?' },
    '(?:s|x)?',
  ),
  colourNames: { red: 'rouge', orange: 'orange', yellow: 'jaune', green: 'vert', blue: 'bleu', purple: 'violet', pink: 'rose', brown: 'marron', black: 'noir', white: 'blanc', grey: 'gris' },
  functionWords: new Set(words('le la les l de du des d et ou à au aux en dans sur sous devant derrière près avec par pour est sont ont se sa son ses leur leurs qui que y il elle ils elles côté')),
  locatives: new Set(words('dans en')),
  stem: stemmer([/(?:s|x)$/, ''], [/e$/, '']),
};

const es: LanguageTerms = {
  tag: 'es',
  unspaced: false,
  nounAfterColour: false,
  countsByOrder: false,
  numbers: numberMap({ 1: 'uno', 2: 'dos', 3: 'tres', 4: 'cuatro', 5: 'cinco', 6: 'seis', 7: 'siete', 8: 'ocho', 9: 'nueve', 10: 'diez', 11: 'once', 12: 'doce' }),
  articles: new Set(words('un una')),
  colourOf: colourMatcher(
    { red: 'roj[oa]', orange: 'naranja', yellow: 'amarill[oa]', green: 'verde', blue: 'azul', purple: 'morad[oa]|violeta', pink: 'rosa', brown: 'marr[oó]n|café', black: 'negr[oa]', white: 'blanc[oa]', grey: 'gris' },
    '(?:s|es)?',
  ),
  colourNames: { red: 'rojo', orange: 'naranja', yellow: 'amarillo', green: 'verde', blue: 'azul', purple: 'morado', pink: 'rosa', brown: 'marrón', black: 'negro', white: 'blanco', grey: 'gris' },
  functionWords: new Set(words('el la los las lo de del y e o u en a al con por para sobre bajo frente delante detrás junto es son está están se su sus que encima cerca entre')),
  locatives: new Set(words('en')),
  stem: stemmer([/(?:es|s)$/, ''], [/[aoe]$/, '']),
};

const it: LanguageTerms = {
  tag: 'it',
  unspaced: false,
  nounAfterColour: false,
  countsByOrder: false,
  numbers: numberMap({ 2: 'due', 3: 'tre', 4: 'quattro', 5: 'cinque', 6: 'sei', 7: 'sette', 8: 'otto', 9: 'nove', 10: 'dieci', 11: 'undici', 12: 'dodici' }),
  articles: new Set(words('un una uno')),
  colourOf: colourMatcher({
    red: 'ross[oaie]',
    orange: 'arancion[ei]|arancio',
    yellow: 'giall[oaie]',
    green: 'verd[ei]',
    blue: 'blu|azzurr[oaie]',
    purple: 'viola',
    pink: 'rosa',
    brown: 'marron[ei]',
    black: 'ner[oaie]',
    white: 'bianc[oa]|bianchi|bianche',
    grey: 'grigi[oae]?',
  }),
  colourNames: { red: 'rosso', orange: 'arancione', yellow: 'giallo', green: 'verde', blue: 'blu', purple: 'viola', pink: 'rosa', brown: 'marrone', black: 'nero', white: 'bianco', grey: 'grigio' },
  functionWords: new Set(words('il lo la i gli le l di del della dello dei degli delle e ed o in nel nella nei nelle su sul sulla sui sulle a al alla ai con per da dal dalla davanti dietro è sono si suo sua suoi che sopra sotto accanto vicino tra fra')),
  locatives: new Set(words('in nel nella')),
  stem: stemmer([/[aeio]$/, '']),
};

const pt: LanguageTerms = {
  tag: 'pt',
  unspaced: false,
  nounAfterColour: false,
  countsByOrder: false,
  numbers: numberMap({ 2: 'dois duas', 3: 'três', 4: 'quatro', 5: 'cinco', 6: 'seis', 7: 'sete', 8: 'oito', 9: 'nove', 10: 'dez', 11: 'onze', 12: 'doze' }),
  articles: new Set(words('um uma')),
  colourOf: colourMatcher(
    { red: 'vermelh[oa]', orange: 'laranja', yellow: 'amarel[oa]', green: 'verde', blue: 'azul|azuis', purple: 'rox[oa]', pink: 'rosa', brown: 'marrom|castanh[oa]', black: 'pret[oa]', white: 'branc[oa]', grey: 'cinza|cinzent[oa]' },
    's?',
  ),
  colourNames: { red: 'vermelho', orange: 'laranja', yellow: 'amarelo', green: 'verde', blue: 'azul', purple: 'roxo', pink: 'rosa', brown: 'marrom', black: 'preto', white: 'branco', grey: 'cinza' },
  functionWords: new Set(words('o a os as de do da dos das e ou em no na nos nas num numa com por para sobre frente diante atrás é são está estão se seu sua que ao à perto entre sob')),
  locatives: new Set(words('em no na num numa')),
  stem: (word) => stemmer([/(?:ões|ães|ãos)$/, 'ão'], [/(?:es|s)$/, ''], [/[aoe]$/, ''])(word).replace(/ã(?:o)?$|ãe$/, 'ã'),
};

const nl: LanguageTerms = {
  tag: 'nl',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 1: 'één', 2: 'twee', 3: 'drie', 4: 'vier', 5: 'vijf', 6: 'zes', 7: 'zeven', 8: 'acht', 9: 'negen', 10: 'tien', 11: 'elf', 12: 'twaalf' }),
  articles: new Set(words('een')),
  colourOf: colourMatcher({ red: 'rood|rode', orange: 'oranje', yellow: 'geel|gele', green: 'groene?', blue: 'blauwe?', purple: 'paarse?', pink: 'roze', brown: 'bruine?', black: 'zwarte?', white: 'wit|witte', grey: 'grijs|grijze' }),
  colourNames: { red: 'rood', orange: 'oranje', yellow: 'geel', green: 'groen', blue: 'blauw', purple: 'paars', pink: 'roze', brown: 'bruin', black: 'zwart', white: 'wit', grey: 'grijs' },
  functionWords: new Set(words('de het en of in op aan bij met van voor achter naast onder boven is zijn wordt worden er die dat over tussen')),
  locatives: new Set(words('in')),
  stem: stemmer([/(?:en|s)$/, '']),
};

const pl: LanguageTerms = {
  tag: 'pl',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 0: 'zero', 1: 'jeden jedna jedno', 2: 'dwa dwie dwóch dwoje dwaj', 3: 'trzy trzech troje', 4: 'cztery czterech', 5: 'pięć pięciu', 6: 'sześć sześciu', 7: 'siedem', 8: 'osiem', 9: 'dziewięć', 10: 'dziesięć', 11: 'jedenaście', 12: 'dwanaście' }),
  articles: new Set(),
  colourOf: colourMatcher(
    { red: 'czerwon', orange: 'pomarańczow', yellow: 'żółt', green: 'zielon', blue: 'niebiesk|granatow', purple: 'fioletow', pink: 'różow', brown: 'brązow', black: 'czarn', white: 'biał|biel', grey: 'szar' },
    PL_ENDINGS,
  ),
  colourNames: { red: 'czerwony', orange: 'pomarańczowy', yellow: 'żółty', green: 'zielony', blue: 'niebieski', purple: 'fioletowy', pink: 'różowy', brown: 'brązowy', black: 'czarny', white: 'biały', grey: 'szary' },
  functionWords: new Set(words('i oraz a w we na przy z ze do od przed za pod nad obok jest są się to ten ta po przez między')),
  locatives: new Set(words('w we')),
  stem: stemmer([/(?:ami|ach|om|ów|y|i|a|e|ę|ą|u|o)$/, '']),
};

const ru: LanguageTerms = {
  tag: 'ru',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 0: 'ноль', 1: 'один одна одно', 2: 'два две двух двое', 3: 'три трёх трех трое', 4: 'четыре четырёх четырех', 5: 'пять пяти', 6: 'шесть', 7: 'семь', 8: 'восемь', 9: 'девять', 10: 'десять', 11: 'одиннадцать', 12: 'двенадцать' }),
  articles: new Set(),
  colourOf: colourMatcher(
    { red: 'красн', orange: 'оранжев', yellow: 'жёлт|желт', green: 'зелён|зелен', blue: 'син|голуб', purple: 'фиолетов', pink: 'розов', brown: 'коричнев', black: 'чёрн|черн', white: 'бел', grey: 'сер' },
    RU_ENDINGS,
  ),
  colourNames: { red: 'красный', orange: 'оранжевый', yellow: 'жёлтый', green: 'зелёный', blue: 'синий', purple: 'фиолетовый', pink: 'розовый', brown: 'коричневый', black: 'чёрный', white: 'белый', grey: 'серый' },
  functionWords: new Set(words('и или а в во на у с со к о об от до за под над перед возле около рядом это по из при между')),
  locatives: new Set(words('в во')),
  stem: stemmer([/(?:ами|ями|ах|ях|ов|ев|ей|ом|ем|ам|ям|ы|и|а|я|у|ю|е|о|ь)$/, '']),
};

const tr: LanguageTerms = {
  tag: 'tr',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 0: 'sıfır', 2: 'iki', 3: 'üç', 4: 'dört', 5: 'beş', 6: 'altı', 7: 'yedi', 8: 'sekiz', 9: 'dokuz', 10: 'on', 11: 'onbir', 12: 'oniki' }),
  articles: new Set(words('bir')),
  colourOf: colourMatcher({ red: 'kırmızı', orange: 'turuncu', yellow: 'sarı', green: 'yeşil', blue: 'mavi|lacivert', purple: 'mor', pink: 'pembe', brown: 'kahverengi', black: 'siyah|kara', white: 'beyaz', grey: 'gri' }),
  colourNames: { red: 'kırmızı', orange: 'turuncu', yellow: 'sarı', green: 'yeşil', blue: 'mavi', purple: 'mor', pink: 'pembe', brown: 'kahverengi', black: 'siyah', white: 'beyaz', grey: 'gri' },
  functionWords: new Set(words('ve ile bu şu da de için gibi önünde üstünde üzerinde altında yanında içinde arkasında olan')),
  locatives: new Set(),
  stem: stemmer([/(?:lar|ler)?(?:nın|nin|nun|nün|da|de|ta|te|ın|in|un|ün|ya|ye)?$/, '']),
};

const hi: LanguageTerms = {
  tag: 'hi',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: false,
  numbers: numberMap({ 1: 'एक', 2: 'दो', 3: 'तीन', 4: 'चार', 5: 'पांच पाँच', 6: 'छह छः', 7: 'सात', 8: 'आठ', 9: 'नौ', 10: 'दस' }),
  articles: new Set(),
  colourOf: colourMatcher({ red: 'लाल', orange: 'नारंगी', yellow: 'पील[ाीे]', green: 'हर[ाीे]', blue: 'नील[ाीे]', purple: 'बैंगनी', pink: 'गुलाबी', brown: 'भूर[ाीे]', black: 'काल[ाीे]', white: 'सफ़ेद|सफेद', grey: 'स्लेटी|धूसर' }),
  colourNames: { red: 'लाल', orange: 'नारंगी', yellow: 'पीला', green: 'हरा', blue: 'नीला', purple: 'बैंगनी', pink: 'गुलाबी', brown: 'भूरा', black: 'काला', white: 'सफ़ेद', grey: 'स्लेटी' },
  functionWords: new Set(words('के की का में पर और से को है हैं सामने पास ने एवं या')),
  locatives: new Set(words('में')),
  stem: (word) => word,
};

const ar: LanguageTerms = {
  tag: 'ar',
  unspaced: false,
  nounAfterColour: false,
  countsByOrder: true,
  numbers: numberMap({ 1: 'واحد واحدة', 2: 'اثنان اثنين اثنتان اثنتين', 3: 'ثلاثة ثلاث', 4: 'أربعة أربع', 5: 'خمسة خمس', 6: 'ستة ست', 7: 'سبعة سبع', 8: 'ثمانية ثماني', 9: 'تسعة تسع', 10: 'عشرة عشر' }),
  articles: new Set(),
  colourOf: (token) =>
    colourMatcher({
      red: 'أحمر|حمراء',
      orange: 'برتقالي|برتقالية',
      yellow: 'أصفر|صفراء',
      green: 'أخضر|خضراء',
      blue: 'أزرق|زرقاء',
      purple: 'بنفسجي|بنفسجية',
      pink: 'وردي|وردية',
      brown: 'بني|بنية',
      black: 'أسود|سوداء',
      white: 'أبيض|بيضاء',
      grey: 'رمادي|رمادية',
    })(token.replace(/^ال/, '')),
  colourNames: { red: 'أحمر', orange: 'برتقالي', yellow: 'أصفر', green: 'أخضر', blue: 'أزرق', purple: 'بنفسجي', pink: 'وردي', brown: 'بني', black: 'أسود', white: 'أبيض', grey: 'رمادي' },
  functionWords: new Set(words('في على و من إلى عن مع أمام خلف بجانب هو هي تحت فوق بين')),
  locatives: new Set(words('في')),
  stem: (word) => word.replace(/^ال/, ''),
};

const ko: LanguageTerms = {
  tag: 'ko',
  unspaced: false,
  nounAfterColour: true,
  countsByOrder: true,
  numbers: numberMap({ 1: '한 하나', 2: '두 둘', 3: '세 셋', 4: '네 넷', 5: '다섯', 6: '여섯', 7: '일곱', 8: '여덟', 9: '아홉', 10: '열' }),
  articles: new Set(),
  counters: /^(?:마리|명|개|대|권|잔|송이|그루|장|채|척|켤레)/u,
  colourOf: colourPrefixes({ red: '빨간 빨강 붉은', orange: '주황', yellow: '노란 노랑', green: '초록 녹색', blue: '파란 파랑', purple: '보라', pink: '분홍 핑크', brown: '갈색', black: '검은 검정 까만', white: '하얀 흰', grey: '회색' }),
  colourNames: { red: '빨간', orange: '주황', yellow: '노란', green: '초록', blue: '파란', purple: '보라', pink: '분홍', brown: '갈색', black: '검은', white: '하얀', grey: '회색' },
  functionWords: new Set(words('그리고 및 위에 앞에 뒤에 옆에 안에 있는 있다')),
  locatives: new Set(),
  stem: (word) => word,
};

// Japanese and Chinese: colour characters and number + counter are found in the running text.
const CJK_COUNTERS = '匹|个|個|只|隻|本|枚|人|台|辆|輛|头|頭|羽|つ|名|位|条|條|張|张|杯|棵|朵|件|双|雙|軒|冊|脚|把|艘|隻|株';
const ja: LanguageTerms = {
  tag: 'ja',
  unspaced: true,
  nounAfterColour: true,
  countsByOrder: true,
  numbers: numberMap({ 1: '一 ひとつ', 2: '二 ふたつ', 3: '三 みっつ', 4: '四 よっつ', 5: '五', 6: '六', 7: '七', 8: '八', 9: '九', 10: '十' }),
  articles: new Set(),
  counters: new RegExp(`^(?:${CJK_COUNTERS})`, 'u'),
  colourOf: colourPrefixes({ red: '赤 紅', orange: 'オレンジ 橙', yellow: '黄', green: '緑', blue: '青', purple: '紫', pink: 'ピンク 桃色', brown: '茶色', black: '黒', white: '白', grey: '灰色 グレー' }),
  colourNames: { red: '赤', orange: 'オレンジ', yellow: '黄色', green: '緑', blue: '青', purple: '紫', pink: 'ピンク', brown: '茶色', black: '黒', white: '白', grey: '灰色' },
  functionWords: new Set(),
  locatives: new Set(),
  stem: (word) => word,
};
const zh: LanguageTerms = {
  ...ja,
  tag: 'zh',
  numbers: numberMap({ 1: '一', 2: '二 两 兩', 3: '三', 4: '四', 5: '五', 6: '六', 7: '七', 8: '八', 9: '九', 10: '十' }),
  colourOf: colourPrefixes({ red: '红 紅', orange: '橙 橘', yellow: '黄 黃', green: '绿 綠', blue: '蓝 藍', purple: '紫', pink: '粉', brown: '棕 褐 咖啡', black: '黑', white: '白', grey: '灰' }),
  colourNames: { red: '红', orange: '橙', yellow: '黄', green: '绿', blue: '蓝', purple: '紫', pink: '粉', brown: '棕', black: '黑', white: '白', grey: '灰' },
};

const ALL: readonly LanguageTerms[] = [en, fr, de, es, it, pt, nl, pl, tr, ko, ja, zh, ru, ar, hi];
const BY_TAG = new Map(ALL.map((terms) => [terms.tag, terms]));

/** The terms of a result's language; English for a language the checker does not know. */
export function termsFor(language: string | undefined): LanguageTerms {
  return BY_TAG.get(primaryLanguage(language) ?? '') ?? en;
}

export const VERIFY_LANGUAGES: readonly string[] = ALL.map((terms) => terms.tag);
