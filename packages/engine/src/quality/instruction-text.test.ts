import { describe, expect, it } from 'vitest';
import { isInstruction, isInstructionOrLabel, leadingLabel } from './instruction-text';
import { checkAltText } from './quality-checker';

const errorsOf = (altText: string, language?: string) =>
  checkAltText({ altText, language })
    .issues.filter((issue) => issue.severity === 'error')
    .map((issue) => issue.id);

describe('instruction-or-label (WCAG F30)', () => {
  it.each([
    ['Caption: Volunteers at the food bank', 'en'],
    ['Section heading: Our team', 'en'],
    ['Title: Summer sale', 'en'],
    ['Alt text: A red bicycle', undefined],
    ['ALT: Dog', undefined],
    ['[Caption]: a dog', 'en'],
    ['describe', 'en'],
    ['Describe this image in one sentence', 'en'],
    ['This image is the only content of a link to http://example.com/pricing', 'en'],
    ['Here is the alt text: A dog on a beach', 'en'],
    ["I'm sorry, but I can't describe this image.", 'en'],
    ['As an AI language model, I cannot see images', 'en'],
    ['I cannot see the image.', 'en'],
    ['Légende : coucher de soleil', 'fr'],
    ['Ajoutez un texte alternatif', 'fr'],
    ['Titel: Sommerschlussverkauf', 'de'],
    ['Alternativtext hier eingeben', 'de'],
    ['Título: Rebajas', 'es'],
    ['Texto alternativo aquí', 'es'],
    ['Inserisci il testo alternativo', 'it'],
    ['Descrizione dell’immagine: il Duomo', 'it'],
    ['Legenda: Praia', 'pt'],
    ['Bijschrift: Strand', 'nl'],
    ['Tekst alternatywny: plaża', 'pl'],
    ['Başlık: Plaj', 'tr'],
    ['대체 텍스트를 입력하세요', 'ko'],
    ['代替テキストを入力してください', 'ja'],
    ['图片描述：海滩', 'zh'],
    ['Опишите изображение', 'ru'],
    ['أضف نصا بديلا', 'ar'],
    ['यहाँ वैकल्पिक पाठ', 'hi'],
  ])('flags "%s"', (altText, language) => {
    expect(errorsOf(altText, language)).toEqual(['instruction-or-label']);
  });

  it.each([
    'Add caption',
    'Edit title',
    'Caption contest winner: a cat in a hat',
    'Heading south: geese flying in V formation',
    'Title page of the first edition of Moby-Dick',
    'Label on a wine bottle from Rioja',
    'Description of the Bayeux Tapestry, panel 3',
    'Légende vivante du jazz sur scène',
    'Altwise: home',
    'Describe-a-thon winners on stage',
  ])('passes "%s"', (altText) => {
    expect(errorsOf(altText)).toEqual([]);
  });
});

it.each(['Please describe the photo', 'Write alt text for this image', 'Image description:'])(
  '"%s" is reported once, as template text (the older, more specific class)',
  (altText) => {
    expect(errorsOf(altText)).toEqual(['template-text']);
  },
);

describe('the helpers the output sanitiser may use', () => {
  it('finds a leading label with its colon, and only then', () => {
    expect(leadingLabel('Alt text: A dog on a beach')).toBe('alt text: ');
    expect(leadingLabel('Bildbeschreibung: Ein Hund')).toBe('bildbeschreibung: ');
    expect(leadingLabel('キャプション：海辺')).toBe('キャプション:');
    expect(leadingLabel('Caption contest winner')).toBeUndefined();
    expect(leadingLabel('Source: https://example.com')).toBeUndefined();
  });

  it('tells an instruction from a description, in the language given', () => {
    expect(isInstruction('Describe the image')).toBe(true);
    expect(isInstruction('A describer at work')).toBe(false);
    expect(isInstructionOrLabel('Opisz zdjęcie', 'pl')).toBe(true);
    expect(isInstructionOrLabel('Opisz zdjęcie', 'ja')).toBe(false);
    expect(isInstructionOrLabel('Caption: a dog', 'ja')).toBe(true);
  });
});
