// npm run wordpress:words: writes the checker's placeholder word lists where the WordPress plugin reads
// them, and the engine's verdicts on sample texts that the plugin's PHPUnit suite holds its copy to
// (PostUpdaterTest: the plugin never takes for a placeholder what the engine accepts, and finds every
// placeholder, generated name and file name the engine finds; the engine's pattern-only classes, such as
// camera names and credit lines, are not mirrored).
import fs from 'node:fs';
import path from 'node:path';
import { checkAltText } from '../packages/engine/src/quality/quality-checker';
import { placeholderWordLists } from '../packages/engine/src/quality/shared-word-lists';

export const WORDPRESS_WORD_LISTS = 'integrations/wordpress/altwise/includes/placeholder-words.json';
export const WORDPRESS_VERDICTS = 'integrations/wordpress/test/php/placeholder-verdicts.json';


// Texts in the checker's languages: placeholders, numbered and file names, and real alts using the same words.
const SAMPLES = [
  'image', 'Image', 'an image', 'The photo', 'Bild', 'ein Bild', 'Abbildung 3', 'Bild 3 von 10', 'immagine 3',
  "l'immagine", 'Foto 3', 'foto', 'imagen', 'una imagen', 'imagem 12', 'afbeelding', 'zdjęcie', 'görsel',
  'image (1)', 'IMG_2041', 'Untitled', 'Sans titre', 'sin título', 'Platzhalter', '画像', '画像1', '图片', '이미지',
  '이미지 3', 'изображение', 'Рисунок 2', 'صورة', 'चित्र', '“Photo”', 'harbour-final.jpg', 'Team photo v2.png',
  'Fishing boats in a harbour at dawn', 'Bild der Woche: Fischerboote im Hafen', 'Photo of the harbour at dawn',
  'Logo of the Riverfest', 'Immagine del porto al tramonto', '港に停泊する漁船', 'Foto: dpa', 'Schiff im Hafen',
  'Graphic showing sales up 30 %', 'Untitled Goose Game box art',
];

export const wordListsJson = () => `${JSON.stringify(placeholderWordLists(), null, '\t')}\n`;
export const verdictsJson = () =>
  `${JSON.stringify(
    Object.fromEntries(
      // The error the engine finds (F30: no alternative), or null when it takes the text as an alt.
      SAMPLES.map((text) => [text, checkAltText({ altText: text }).issues.find((issue) => issue.severity === 'error')?.id ?? null]),
    ),
    null,
    '\t',
  )}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  for (const [file, json] of [
    [WORDPRESS_WORD_LISTS, wordListsJson()],
    [WORDPRESS_VERDICTS, verdictsJson()],
  ] as const) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), json);
    console.log(`wrote ${file}`);
  }
}
