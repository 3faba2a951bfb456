import { describe, expect, it } from 'vitest';
import { checkAltText } from './quality-checker';
import { isTemplateVocabulary } from './template-vocabulary';

// Template text said in words no phrase list holds: every word is the vocabulary of templates, and
// one names the field itself. A single real word makes it a description.
describe('template text in other words (issue 34)', () => {
  it.each([
    ['Photo description pending', 'en'],
    ['Default alt text for image', 'en'],
    ['Beispieltext für Alt-Attribut', 'de'],
    ['Légende de la photo à compléter', 'fr'],
    ['Descripción de la foto', 'es'],
    ["Testo dell'immagine", 'it'],
    ['Exemplo de texto alternativo', 'pt'],
    ['Typ hier het bijschrift', 'nl'],
    ['Przykładowy tekst alternatywny', 'pl'],
    ['Örnek alternatif metin', 'tr'],
    ['Описание фотографии', 'ru'],
    ['写真の説明', 'ja'],
    ['替代文本示例', 'zh'],
    ['대체 텍스트 예시', 'ko'],
    ['مثال على النص البديل', 'ar'],
    ['वैकल्पिक पाठ का उदाहरण', 'hi'],
  ])('"%s" (%s) is template text (F30)', (altText, language) => {
    expect(checkAltText({ altText, language }).issues.map((issue) => issue.id)).toEqual(['template-text']);
  });

  it.each([
    ['Add caption', 'en'],
    ['Edit title', 'en'],
    ['Description of the crime scene, read out by a detective', 'en'],
    ['Legend of a hiking map with symbols for huts and springs', 'en'],
    ['Texte gravé sur le monument aux morts de Lyon', 'fr'],
    ['説明書を読みながら家具を組み立てる人', 'ja'],
  ])('"%s" (%s) is not', (altText, language) => {
    expect(checkAltText({ altText, language }).issues).toEqual([]);
  });

  it('leaves one word alone to the placeholder and label rules', () => {
    expect(isTemplateVocabulary('Description')).toBe(false);
  });
});
