import { describe, expect, it } from 'vitest';
import { containsPhrase, lowerForm, plain, sameWord, wordsOf } from './text-forms';

describe('text forms', () => {
  it('lowers, straightens quotes and keeps or trims the ends', () => {
    expect(lowerForm('  Légende\u00a0: L’été  ')).toBe("légende : l'été");
    expect(lowerForm('説明：海')).toBe('説明:海');
    expect(lowerForm('İSTANBUL')).toBe('istanbul');
    expect(plain('"Caption:"')).toBe('caption');
    expect(plain('「画像」。')).toBe('画像');
  });

  it('splits unspaced scripts into words with Intl.Segmenter', () => {
    expect(wordsOf('東京タワーの夜景を検索', 'ja')).toEqual(['東京タワー', 'の', '夜景', 'を', '検索']);
    expect(wordsOf('Zum Warenkorb!', 'de')).toEqual(['zum', 'warenkorb']);
  });

  it('matches a word give or take an inflection, not a longer word', () => {
    expect(sameWord('contacts', 'contact')).toBe(true);
    expect(sameWord('suchen', 'Suche')).toBe(true);
    expect(sameWord('корзину', 'корзина')).toBe(true);
    expect(sameWord('cafe', 'café')).toBe(true);
    expect(sameWord('البحث', 'بحث')).toBe(true);
    expect(sameWord('検索する', '検索')).toBe(true);
    expect(sameWord('cartoon', 'cart')).toBe(false);
    expect(sameWord('redo', 'red')).toBe(false);
    expect(sameWord('menus', 'menu')).toBe(true);
  });

  it('finds a phrase as whole words, or inside unspaced text', () => {
    expect(containsPhrase('banner reading "add to cart"', 'add to cart')).toBe(true);
    expect(containsPhrase('addresses to carter', 'add to cart')).toBe(false);
    expect(containsPhrase('メニューを開く', 'メニュー')).toBe(true);
  });
});
