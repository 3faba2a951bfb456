import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdictsJson, WORDPRESS_VERDICTS, WORDPRESS_WORD_LISTS, wordListsJson } from '../wordpress-word-lists';

const root = path.resolve(import.meta.dirname, '../..');

describe("the WordPress plugin's copy of the checker's placeholder word lists", () => {
  it('is the engine\'s lists as they are now (else: npm run wordpress:words)', () => {
    expect(fs.readFileSync(path.join(root, WORDPRESS_WORD_LISTS), 'utf8')).toBe(wordListsJson());
  });

  it("comes with the engine's verdicts on the samples the plugin's PHPUnit suite checks its rules against", () => {
    expect(fs.readFileSync(path.join(root, WORDPRESS_VERDICTS), 'utf8')).toBe(verdictsJson());
  });

  it('holds every language the checker knows', () => {
    const lists = JSON.parse(wordListsJson()) as { words: string[]; articles: string[] };
    for (const word of ['image', 'bild', 'immagine', 'imagem', 'afbeelding', 'zdjęcie', 'görsel', '이미지', '画像', '图片', 'изображение', 'صورة', 'चित्र', 'untitled', 'sans titre'])
      expect(lists.words, word).toContain(word);
    expect(lists.articles).toContain('ein');
  });
});
