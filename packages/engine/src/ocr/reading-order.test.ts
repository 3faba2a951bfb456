import { describe, expect, it } from 'vitest';
import type { PlacedWord } from './reading-order';
import { readingOrder } from './reading-order';

/** A line of words at `y`, each given as [text, x0]; 10 px a letter, 20 px high. */
const line = (y: number, ...words: [string, number][]): PlacedWord[] =>
  words.map(([text, x0]) => ({ text, confidence: 95, x0, x1: x0 + 10 * text.length, y0: y, y1: y + 20 }));
const texts = (lines: ReturnType<typeof readingOrder>) => lines.map((words) => words.map((word) => word.text).join(' '));

describe('reading order of OCR lines', () => {
  it('reads columns of phrases column by column, a heading over both where it stands', () => {
    const lines = [
      line(0, ['Weekly', 0], ['classes', 70], ['at', 150], ['the', 180], ['studio', 220], ['and', 290], ['pool', 330]),
      line(30, ['Yoga', 0], ['at', 50], ['nine', 80], ['Open', 300], ['studio', 350]),
      line(60, ['Pilates', 0], ['class', 80], ['Dance', 300], ['workshop', 360]),
    ];
    expect(texts(readingOrder(lines))).toEqual([
      'Weekly classes at the studio and pool',
      'Yoga at nine',
      'Pilates class',
      'Open studio',
      'Dance workshop',
    ]);
  });

  it('reads a table of labels and values row by row', () => {
    const lines = [line(0, ['Coffee', 0], ['2.80', 300]), line(30, ['Sourdough', 0], ['loaf', 100], ['4.20', 300])];
    expect(texts(readingOrder(lines))).toEqual(['Coffee 2.80', 'Sourdough loaf 4.20']);
  });

  it('leaves lines alone when only one of them has a wide gap', () => {
    const lines = [line(0, ['Price', 0], ['20', 300]), line(30, ['Tickets', 0], ['at', 80], ['the', 110], ['door', 150])];
    expect(texts(readingOrder(lines))).toEqual(['Price 20', 'Tickets at the door']);
  });
});
