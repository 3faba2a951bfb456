export type ColourName =
  | 'black'
  | 'white'
  | 'grey'
  | 'red'
  | 'orange'
  | 'brown'
  | 'yellow'
  | 'green'
  | 'teal'
  | 'blue'
  | 'purple'
  | 'pink';

/**
 * Names an sRGB colour in plain words by hue, lightness and saturation bands. Coarse on
 * purpose: "blue" is something a listener can use; "cornflower" is not.
 */
export function nameColour(r: number, g: number, b: number): ColourName {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 510;
  const chroma = (max - min) / 255;
  if (chroma < 0.12 || (lightness > 0.92 && chroma < 0.25)) {
    if (lightness < 0.18) return 'black';
    if (lightness > 0.85) return 'white';
    return 'grey';
  }
  if (lightness < 0.08) return 'black';
  let hue: number;
  if (max === r) hue = ((g - b) / (max - min)) % 6;
  else if (max === g) hue = (b - r) / (max - min) + 2;
  else hue = (r - g) / (max - min) + 4;
  hue = (hue * 60 + 360) % 360;

  if (hue < 15 || hue >= 340) return lightness > 0.75 ? 'pink' : lightness < 0.3 ? 'brown' : 'red';
  if (hue < 40) return lightness < 0.4 ? 'brown' : 'orange';
  if (hue < 68) return lightness < 0.3 ? 'brown' : 'yellow';
  if (hue < 165) return 'green';
  if (hue < 195) return 'teal';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'purple';
  return 'pink';
}
