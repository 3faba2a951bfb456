import { describe, expect, it } from 'vitest';
import { verifyReadings } from './verify-readings';

const values = (result: ReturnType<typeof verifyReadings>, kind: string) =>
  result.uncertain.find((entry) => entry.kind === kind)?.readings;

describe('verifyReadings', () => {
  it('flags a colour and a count two of three readings agree on, and returns the majority reading (en)', () => {
    const result = verifyReadings({
      language: 'en',
      readings: [{ altText: 'Two red apples on a table.' }, { altText: 'Three red apples on a table.' }, { altText: 'Two orange apples on a table.' }],
    });
    expect(values(result, 'colour')).toEqual([{ value: 'red', count: 2 }, { value: 'orange', count: 1 }]);
    expect(values(result, 'count')).toEqual([{ value: '2', count: 2 }, { value: '3', count: 1 }]);
    // Reading 0 carries only majority claims (2, red); 1 says 3, 2 says orange.
    expect(result.chosen).toBe(0);
    expect(result.agreement).toBeLessThan(1);
  });

  it('finds nothing when readings agree in other words: number words, plural, word order (en)', () => {
    const result = verifyReadings({
      language: 'en',
      readings: [{ altText: 'Two dogs running on a beach.' }, { altText: '2 dogs run on the beach.' }, { altText: 'two dogs running on a beach' }],
    });
    expect(result.uncertain).toEqual([]);
    expect(result.claims).toContainEqual({ text: 'Two dogs', kind: 'count', support: 3, of: 3 });
    expect(result.agreement).toBe(1);
  });

  it('German: zwei = 2, rotes = rote, and a different count is flagged', () => {
    const agree = verifyReadings({ language: 'de', readings: [{ altText: 'Zwei rote Äpfel auf einem Tisch.' }, { altText: '2 rote Äpfel auf einem Tisch.' }, { altText: 'Zwei rote Äpfel liegen auf einem Tisch.' }] });
    expect(agree.uncertain).toEqual([]);
    const count = verifyReadings({ language: 'de', readings: [{ altText: 'Zwei Hunde am Strand.' }, { altText: 'Drei Hunde am Strand.' }, { altText: 'Zwei Hunde am Strand.' }] });
    expect(count.uncertain).toEqual([{ kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] }]);
    expect(count.chosen).not.toBe(1);
  });

  it('French: the colour after its noun, in the language’s own word', () => {
    const result = verifyReadings({ language: 'fr', readings: [{ altText: 'Une voiture rouge devant une boulangerie.' }, { altText: 'Une voiture orange devant une boulangerie.' }, { altText: 'Une voiture rouge devant une boulangerie.' }] });
    expect(result.uncertain).toEqual([{ kind: 'colour', readings: [{ value: 'rouge', count: 2 }, { value: 'orange', count: 1 }] }]);
    expect(result.chosen).not.toBe(1);
  });

  it('Spanish: a named object that differs is flagged; the minority reading is never chosen', () => {
    const result = verifyReadings({ language: 'es', readings: [{ altText: 'Un perro duerme en el sofá.' }, { altText: 'Un gato duerme en el sofá.' }, { altText: 'Un gato duerme en el sofá.' }] });
    expect(result.uncertain).toEqual([{ kind: 'object', readings: [{ value: 'gato', count: 2 }, { value: 'perro', count: 1 }] }]);
    expect(result.chosen).toBe(1);
  });

  it('Japanese: 二匹 = 2匹, 三匹 differs', () => {
    const result = verifyReadings({ language: 'ja', readings: [{ altText: '浜辺を走る2匹の犬。' }, { altText: '浜辺を走る三匹の犬。' }, { altText: '浜辺を走る二匹の犬。' }] });
    expect(result.uncertain).toEqual([{ kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] }]);
  });

  it('Russian: inflected colours (синие = синий) and number words', () => {
    const result = verifyReadings({ language: 'ru', readings: [{ altText: 'Три синие лодки в гавани.' }, { altText: 'Три синих лодки в гавани.' }, { altText: 'Три зелёные лодки в гавани.' }] });
    expect(result.uncertain).toEqual([{ kind: 'colour', readings: [{ value: 'синий', count: 2 }, { value: 'зелёный', count: 1 }] }]);
  });

  it('text in the image: OCR is one more witness ("9 to 5" against "5")', () => {
    const result = verifyReadings({
      language: 'en',
      ocrText: 'OPEN 9 to 5',
      readings: [
        { altText: 'Shop sign reading "Open 5".', textInImage: 'Open 5' },
        { altText: 'Shop sign reading "Open 9 to 5".', textInImage: 'Open 9 to 5' },
        { altText: 'Shop sign reading "Open 9 to 5".' },
      ],
    });
    expect(result.uncertain).toEqual([{ kind: 'text', readings: [{ value: 'Open 9 to 5', count: 3 }, { value: 'Open 5', count: 1 }] }]);
    expect(result.chosen).toBe(1);
    expect(result.claims).toContainEqual({ text: 'Open 9 to 5', kind: 'text', support: 3, of: 4 });
  });

  it('common synonyms agree (sofa = couch, Auto = PKW, canapé = sofa, coche = automóvil), in the languages’ own inflection', () => {
    const en = verifyReadings({ language: 'en', readings: [{ altText: 'A grey cat asleep on a sofa.' }, { altText: 'A grey cat asleep on a couch.' }, { altText: 'A grey cat asleep on the couches.' }] });
    expect(en.uncertain).toEqual([]);
    expect(en.agreement).toBe(1);
    const de = verifyReadings({ language: 'de', readings: [{ altText: 'Ein rotes Auto vor einem Haus.' }, { altText: 'Ein roter PKW vor einem Haus.' }, { altText: 'Ein rotes Auto vor einem Haus.' }] });
    expect(de.uncertain).toEqual([]);
    const fr = verifyReadings({ language: 'fr', readings: [{ altText: 'Un chat dort sur le canapé.' }, { altText: 'Un chat dort sur le sofa.' }, { altText: 'Un chat dort sur le divan.' }] });
    expect(fr.uncertain).toEqual([]);
    const es = verifyReadings({ language: 'es', readings: [{ altText: 'Dos coches rojos en la calle.' }, { altText: 'Dos automóviles rojos en la calle.' }, { altText: 'Dos coches rojos en la calle.' }] });
    expect(es.uncertain).toEqual([]);
  });

  it('synonyms do not hide a disagreement: a different object, or a colour of the same thing named two ways, is still flagged', () => {
    const object = verifyReadings({ language: 'en', readings: [{ altText: 'A dog asleep on a sofa.' }, { altText: 'A cat asleep on a couch.' }, { altText: 'A dog asleep on a couch.' }] });
    expect(object.uncertain).toEqual([{ kind: 'object', readings: [{ value: 'dog', count: 2 }, { value: 'cat', count: 1 }] }]);
    // The colour is matched by its noun: "red sofa" and "blue couch" are one thing in two colours.
    const colour = verifyReadings({ language: 'en', readings: [{ altText: 'A cat on a red sofa.' }, { altText: 'A cat on a red couch.' }, { altText: 'A cat on a blue couch.' }] });
    expect(colour.uncertain).toEqual([{ kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'blue', count: 1 }] }]);
    expect(colour.chosen).not.toBe(2);
  });

  it('a detail one reading leaves out is not a disagreement', () => {
    const result = verifyReadings({ language: 'en', readings: [{ altText: 'A red bicycle against a white wall.' }, { altText: 'A red bicycle against a wall.' }, { altText: 'A bicycle against a white wall.' }] });
    expect(result.uncertain).toEqual([]);
  });
});
