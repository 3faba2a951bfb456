import { CHECKER_LANGUAGES } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import { checkAltText } from '../quality-checker';
import { LEXICONS, lexiconsFor } from '.';

// Every class the word lists drive, in each language: one row per language, each text checked
// with its language given and again without (every list), where it must be caught just the same.
interface LanguageCase {
  readonly placeholder: string;
  readonly numbered: string;
  readonly redundant: string;
  readonly label: string;
  readonly instruction: string;
  readonly action: string;
  readonly good: readonly string[];
}

const CASES: Record<string, LanguageCase> = {
  en: {
    placeholder: 'Picture',
    numbered: 'Photo 12',
    redundant: 'Image of a dog on a beach',
    label: 'Section heading: Our team',
    instruction: 'Describe the image',
    action: 'Next',
    good: ['Picture frame workshop with six adults sanding oak frames', 'Image of the Week award on a desk'],
  },
  fr: {
    placeholder: 'Illustration',
    numbered: 'Image 4',
    redundant: 'Image d’un chat endormi sur un radiateur',
    label: 'Légende : coucher de soleil sur la Loire',
    instruction: 'Décrivez l’image',
    action: 'Rechercher',
    good: [
      'Image de marque de la boulangerie, un épi de blé doré',
      'Photo de groupe des bénévoles devant la mairie',
    ],
  },
  de: {
    placeholder: 'Bild',
    numbered: 'Abbildung 2',
    redundant: 'Bild von einem Leuchtturm an der Nordsee',
    label: 'Bildunterschrift: Der Bürgermeister eröffnet den Markt',
    instruction: 'Beschreiben Sie das Bild',
    action: 'Suche',
    good: [
      'Bild der Woche: Polarlichter über Tromsø',
      'Bildschirmfoto der Anmeldeseite mit ausgefülltem Formular',
    ],
  },
  es: {
    placeholder: 'Imagen',
    numbered: 'Foto 07',
    redundant: 'Imagen de un perro jugando en la nieve',
    label: 'Pie de foto: la alcaldesa inaugura la plaza',
    instruction: 'Describa la imagen',
    action: 'Buscar',
    good: ['Todo el equipo celebrando en la oficina', 'Foto de grupo del equipo femenino tras la final'],
  },
  it: {
    placeholder: 'immagine',
    numbered: 'Immagine 3',
    redundant: 'Immagine di un cane che corre sulla spiaggia',
    label: 'Didascalia: il sindaco inaugura la piazza',
    instruction: 'Descrivi l’immagine',
    action: 'Chiudi',
    good: ['Foto di gruppo della squadra di pallavolo', 'Cane che corre sulla spiaggia al tramonto'],
  },
  pt: {
    placeholder: 'Imagem',
    numbered: 'imagem 12',
    redundant: 'Foto de uma praia em Florianópolis',
    label: 'Legenda: praia ao pôr do sol',
    instruction: 'Descreva a imagem',
    action: 'Pesquisar',
    good: ['Foto de perfil de Ana Souza sorrindo', 'Cachorro brincando com uma bola vermelha'],
  },
  nl: {
    placeholder: 'afbeelding',
    numbered: 'Afbeelding 4',
    redundant: 'Afbeelding van een kat op een vensterbank',
    label: 'Bijschrift: fietsers op de brug',
    instruction: 'Beschrijf de afbeelding',
    action: 'Zoeken',
    good: ['Beeld van de zeemeermin in Kopenhagen', 'Fietsers op een brug over de Amstel'],
  },
  pl: {
    placeholder: 'Obraz',
    numbered: 'obraz 2',
    redundant: 'Zdjęcie przedstawiające kota na parapecie',
    label: 'Podpis: plaża w Sopocie',
    instruction: 'Opisz zdjęcie',
    action: 'Szukaj',
    good: [
      'Obraz olejny Moneta przedstawiający lilie wodne',
      'Pies rasy border collie skacze przez przeszkodę',
    ],
  },
  tr: {
    placeholder: 'resim',
    numbered: 'Resim 5',
    redundant: 'Kumsalda koşan bir köpeğin fotoğrafı',
    label: 'Başlık: Yaz indirimi',
    instruction: 'Görseli açıklayın',
    action: 'Ara',
    good: ['Resmi törende bayrak taşıyan öğrenciler', 'Boğaz Köprüsü gece ışıklandırılmış halde'],
  },
  ko: {
    placeholder: '이미지',
    numbered: '이미지 3',
    redundant: '해변에서 뛰는 강아지의 사진',
    label: '캡션: 해변의 일몰',
    instruction: '이미지를 설명하세요',
    action: '검색',
    good: ['해변에서 공을 쫓는 강아지', '그림 그리는 아이들과 선생님'],
  },
  ja: {
    placeholder: '画像',
    numbered: '画像1',
    redundant: '桜並木の写真',
    label: 'キャプション：海辺の夕日',
    instruction: '画像を説明してください',
    action: '検索',
    good: ['東京タワーの夜景', '絵はがきを書く祖母の手元'],
  },
  zh: {
    placeholder: '图片',
    numbered: '图片 3',
    redundant: '长城的照片',
    label: '标题：海滩日落',
    instruction: '请描述这张图片',
    action: '搜索',
    good: ['故宫太和殿的雪景', '图书馆里学生们在自习'],
  },
  ru: {
    placeholder: 'Изображение',
    numbered: 'Рисунок 2',
    redundant: 'Фотография с видом на Неву',
    label: 'Подпись: закат над морем',
    instruction: 'Опишите изображение',
    action: 'Поиск',
    good: ['Кошка спит на подоконнике', 'Картина Шишкина «Утро в сосновом лесу»'],
  },
  ar: {
    placeholder: 'صورة',
    numbered: 'صورة ٣',
    redundant: 'صورة لقطة نائمة على الأريكة',
    label: 'تعليق: غروب الشمس على البحر',
    instruction: 'صف الصورة',
    action: 'بحث',
    good: ['مسجد الشيخ زايد عند الغروب', 'صورة جماعية لفريق العمل في المكتب'],
  },
  hi: {
    placeholder: 'चित्र',
    numbered: 'चित्र 4',
    redundant: 'समुद्र तट पर कुत्ते की तस्वीर',
    label: 'कैप्शन: समुद्र तट पर सूर्यास्त',
    instruction: 'चित्र का वर्णन करें',
    action: 'खोजें',
    good: ['ताजमहल सूर्योदय के समय', 'मुख्य पृष्ठ'],
  },
};

const idsOf = (altText: string, language?: string) =>
  checkAltText({ altText, language }).issues.map((issue) => issue.id);
const errorsOf = (altText: string, language?: string) =>
  checkAltText({ altText, language })
    .issues.filter((issue) => issue.severity === 'error')
    .map((issue) => issue.id);

it('has word lists for the fifteen languages, each tested here', () => {
  expect(LEXICONS.map((lexicon) => lexicon.tag).sort()).toEqual(Object.keys(CASES).sort());
});

describe.each(Object.entries(CASES))('%s', (tag, cases) => {
  const languages = [tag, undefined];

  it.each(languages)('a placeholder word alone is an error (language %s)', (language) => {
    expect(errorsOf(cases.placeholder, language)).toEqual(['placeholder']);
  });

  it.each(languages)('an image word with a number is a generated name (language %s)', (language) => {
    expect(errorsOf(cases.numbered, language)).toEqual(['programmatic-reference']);
  });

  it.each(languages)('a redundant opening is a warning, not an error (language %s)', (language) => {
    const result = checkAltText({ altText: cases.redundant, language });
    expect(result.issues.map((issue) => issue.id)).toEqual(['redundant-prefix']);
    expect(result.wcagCompliant).toBe(true);
  });

  it.each(languages)('an internal label and an instruction are errors (language %s)', (language) => {
    expect(errorsOf(cases.label, language)).toEqual(['instruction-or-label']);
    expect(errorsOf(cases.instruction, language)).toEqual(
      expect.arrayContaining([expect.stringMatching(/instruction-or-label|template-text/)]),
    );
    expect(errorsOf(cases.instruction, language)).toHaveLength(1);
  });

  it.each(languages)('an action word names a button (language %s)', (language) => {
    expect(idsOf(cases.action, language)).toEqual([]);
    expect(checkAltText({ altText: cases.action, language, purpose: { kind: 'button' } }).issues).toEqual([]);
  });

  it.each(languages)('good text, tricky words included, raises nothing (language %s)', (language) => {
    for (const good of cases.good) expect({ good, ids: idsOf(good, language) }).toEqual({ good, ids: [] });
  });
});

describe('the patterns', () => {
  // Each is compiled on its first test (lexicon.ts), and a rule stops at the first that matches:
  // every one is compiled here, so a pattern that is not a valid regular expression fails this test.
  it('are every one a valid regular expression', () => {
    const patterns = LEXICONS.flatMap((lexicon) => [...lexicon.redundantOpenings, ...lexicon.instructions]);
    expect(patterns.length).toBeGreaterThan(150);
    for (const pattern of patterns) expect(pattern.test('a plain text')).toBeTypeOf('boolean');
  });
});

describe('choosing the lists', () => {
  it('uses the language given plus English, and every list without one', () => {
    expect(lexiconsFor('it-CH').map((lexicon) => lexicon.tag)).toEqual(['it', 'en']);
    expect(lexiconsFor('zh-Hant-TW').map((lexicon) => lexicon.tag)).toEqual(['zh', 'en']);
    expect(lexiconsFor('en-GB').map((lexicon) => lexicon.tag)).toEqual(['en']);
    expect(lexiconsFor(undefined)).toBe(LEXICONS);
    expect(lexiconsFor('sv')).toBe(LEXICONS);
  });

  it("does not judge a text by another language's lists when the language is given", () => {
    // "Bild" is a German placeholder; in a page declared Italian it is not looked up.
    expect(errorsOf('Bild', 'de')).toEqual(['placeholder']);
    expect(errorsOf('Bild', 'it')).toEqual([]);
    expect(errorsOf('Bild')).toEqual(['placeholder']);
  });

  it('keeps English defaults that tools write in every language', () => {
    expect(errorsOf('Untitled', 'ja')).toEqual(['placeholder']);
    expect(errorsOf('Caption: 海辺の夕日', 'ja')).toEqual(['instruction-or-label']);
  });
});

describe('the languages offered in Settings', () => {
  it('are exactly the languages the checker has word lists for, in its order', () => {
    expect(CHECKER_LANGUAGES.map(([tag, name]) => [tag, name])).toEqual(LEXICONS.map((lexicon) => [lexicon.tag, lexicon.name]));
  });
});
