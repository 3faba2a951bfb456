import { describe, expect, it } from 'vitest';
import { nameColour } from './colour-names';

describe('nameColour', () => {
  it.each([
    [[0, 0, 0], 'black'],
    [[255, 255, 255], 'white'],
    [[128, 128, 128], 'grey'],
    [[224, 16, 16], 'red'],
    [[255, 140, 0], 'orange'],
    [[120, 70, 30], 'brown'],
    [[250, 220, 40], 'yellow'],
    [[40, 160, 60], 'green'],
    [[0, 150, 150], 'teal'],
    [[16, 64, 192], 'blue'],
    [[120, 40, 180], 'purple'],
    [[255, 170, 200], 'pink'],
  ] as const)('names rgb(%j) %s', (rgb, name) => {
    expect(nameColour(rgb[0], rgb[1], rgb[2])).toBe(name);
  });
});
