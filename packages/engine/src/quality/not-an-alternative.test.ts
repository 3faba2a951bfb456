import { describe, expect, it } from 'vitest';
import { checkAltText } from './quality-checker';

// Each class of WCAG F30 failure ("text alternatives that are not alternatives") is one
// error, reported once, with a message that names what went wrong and the technique.
const errorsOf = (altText: string) =>
  checkAltText({ altText }).issues.filter((issue) => issue.severity === 'error');

function expectOnly(altText: string, id: string, saying: RegExp) {
  const errors = errorsOf(altText);
  expect(errors.map((issue) => issue.id)).toEqual([id]);
  expect(errors[0]?.message).toMatch(saying);
  expect(errors[0]?.message).toContain('WCAG F30');
  expect(checkAltText({ altText }).wcagCompliant).toBe(false);
}

describe('F30: text alternatives that are not alternatives', () => {
  describe('camera-file-name', () => {
    it.each([
      'IMG_0042.CR2',
      'IMG_0042.cr3',
      'DSC01234.ARW',
      'DSC_1234.NEF',
      'IMG_4521.HEIC',
      'PXL_20240101_123456789.dng',
      'DSCF0042.RAF',
      'P1000123.RW2',
      '_MG_1234.CR2',
      'DJI_0042.DNG',
      'GOPR0042.GPR',
      'IMG_1234.jpg',
      'IMG 1234.HEIC',
      'IMG_1234',
      'DSC0001',
      'PXL_20240101_123456',
      'IMG_20240305_104213_HDR',
      'IMG-20240305-WA0012.jpg',
      'MVIMG_20190102_123456.jpg',
      'holiday final.HEIC',
      'P5040012.ORF',
    ])('fails "%s"', (altText) => {
      expectOnly(altText, 'camera-file-name', /file name a camera or phone gave/);
    });
  });

  describe('screenshot-name', () => {
    it.each([
      'Screenshot 2024-03-05 at 10.42.13',
      'Screenshot 2024-03-05 at 10.42.13.png',
      'Screen Shot 2020-01-01 at 9.05.12 AM',
      'Screen Shot 2020-01-01 at 9.05.12 AM.png',
      'Screenshot_20240305-104213',
      'Screenshot_20240305-104213_Chrome.jpg',
      'Screenshot from 2024-03-05 10-42-13',
      'Screenshot (12)',
      'Screenshot 2024-03-05 104213',
      'Capture d’écran 2024-03-05 à 10.42.13',
      "Capture d'écran 2024-03-05 à 10.42.13",
      'Bildschirmfoto 2024-03-05 um 10.42.13',
      'Captura de pantalla 2024-03-05 a las 10.42.13',
      'Schermafbeelding 2024-03-05 om 10.42.13',
      'Snímek obrazovky 2024-03-05 v 10.42.13',
      'Снимок экрана 2024-03-05 в 10.42.13',
      'スクリーンショット 2024-03-05 10.42.13',
      'Screen Recording 2024-03-05 at 10.42.13',
      // Screenshot and screen-recording tools name their files too (issue 34).
      'CleanShot 2020-01-01 @12x',
      'CleanShot 2023-11-02 at 14.22.05@2x.png',
      'Clean Shot 2022-06-26 at 7 41 30 PM',
      'Screencast 2020-01-01 @12x',
      'Screencast from 2024-03-05 10-42-13.webm',
    ])('fails "%s"', (altText) => {
      expectOnly(altText, 'screenshot-name', /file name a screenshot tool gave/);
    });
  });

  describe('design-tool-name', () => {
    it.each([
      'Rectangle 12',
      'Frame 3',
      'Frame 1000004321',
      'Group 5',
      'Group 5 copy 2',
      'Artboard 1',
      'Artboard 1@2x',
      'Layer 1',
      'Layer 1 copy',
      'Ellipse 4',
      'Vector 7',
      'Mask group',
      'Combined Shape',
      'Untitled-1',
      'Component 2',
      'Shape 3',
    ])('fails "%s"', (altText) => {
      expectOnly(altText, 'design-tool-name', /default layer name from a design tool/);
    });
  });

  describe('template-text', () => {
    it.each([
      'your alt text here',
      'Your alt text here.',
      'description',
      'Description',
      'alt text',
      'Alt-text',
      'alt_text',
      'ALT TEXT HERE',
      'insert image description',
      'Insert image description here',
      'Enter alt text',
      'Add alt text here',
      'Add a description here',
      'Write a caption for this image',
      'image description',
      'Image description goes here',
      'describe the image',
      'Describe this image here',
      'Click to add alt text',
      'Lorem ipsum dolor sit amet',
      'No alt text',
      'no description',
      'Caption',
      'sample text',
    ])('fails "%s"', (altText) => {
      expectOnly(altText, 'template-text', /template text left in place/);
    });
  });

  describe('code-leftover', () => {
    it.each([
      '[object HTMLImageElement]',
      '[object Object]',
      'NaN',
      'undefined',
      'null',
      'Null',
      'true',
      '{{alt}}',
      '{{ image.alt }}',
      '${alt}',
      '${image.altText}',
      '<%= alt %>',
      '{% alt %}',
      '#{alt}',
      '{alt}',
      '%alt%',
      '$alt',
      '__ALT__',
      'alt="A dog"',
      '<img src="dog.jpg">',
      'Portrait of {{name}} at the beach',
      'Blue running shoe, price NaN €',
      'Photo of [object Object]',
      '{}',
    ])('fails "%s"', (altText) => {
      expectOnly(altText, 'code-leftover', /programming leftover/);
    });
  });

  describe('good alt texts', () => {
    it.each([
      'Home',
      'Search',
      'Close menu',
      'Altwise home',
      'Add to cart',
      'Edit title',
      'Add caption',
      'Next page',
      'Settings',
      'Download the report (PDF)',
      'Screenshot of the settings page with the theme switch turned on',
      'Screenshot 2 of 5: the sign-in form',
      'Product description page on a phone',
      'Frame of a bicycle against a white wall',
      'Group of five students around a laptop',
      'Layer cake with raspberries',
      'Rectangle table set for six',
      'Undefined edges of fog over a lake',
      'Nan Goldin at the opening of her exhibition',
      'Canon EOS R5 camera on a tripod',
      'Chart comparing HEIC and JPEG file sizes',
      'Set of numbers {1, 2, 3} drawn on a whiteboard',
      'Runner number 1234 crossing the finish line',
      'iPhone 15 Pro in natural titanium',
      'Apollo 11 lunar module',
      'Line 3 of the Paris metro at Opéra',
    ])('passes "%s"', (altText) => {
      expect(errorsOf(altText)).toEqual([]);
    });

    it.each([
      'Accueil',
      'Fermer le menu',
      'Capture d’écran de la page des réglages, thème sombre activé',
      'Bildschirmfoto der Anmeldeseite mit ausgefülltem Formular',
      'Suche',
      'Gato atigrado durmiendo en un sofá',
      'Кошка спит на подоконнике',
      'Поиск',
      '東京タワーの夜景',
      'ホーム',
      '故宫太和殿的雪景',
      '검색',
      'مسجد الشيخ زايد عند الغروب',
      'בית',
      'Ακρόπολη της Αθήνας την αυγή',
      'मुख्य पृष्ठ',
      'ทะเลสาบยามเช้า',
    ])('passes "%s" in another language or script', (altText) => {
      expect(checkAltText({ altText })).toEqual({ wcagCompliant: true, issues: [] });
    });
  });
});

describe('credit lines and stand-in text beyond "Label: name" (issue 34)', () => {
  const idOf = (altText: string, language?: string) => checkAltText({ altText, language }).issues[0]?.id;
  it.each([
    ['Photo by Jane Doe on Unsplash', 'en'],
    ['Image courtesy of NASA', 'en'],
    ['Copyright 2023 Jane Doe', 'en'],
    ['AFP/Getty Images', 'en'],
    ['Shutterstock', 'en'],
    ['Symbolbild: Pixabay', 'de'],
    ['Crédits : Getty Images', 'fr'],
    ['사진=연합뉴스', 'ko'],
    ['图/新华社', 'zh'],
    ['صورة من غيتي إيميجز', 'ar'],
  ])('"%s" (%s) is a credit line', (altText, language) => {
    expect(idOf(altText, language)).toBe('credit-line');
  });

  it.each([
    ['Alt text to follow', 'en'],
    ['Click to enlarge', 'en'],
    ['Bildbeschreibung folgt', 'de'],
    ['Zum Vergrößern bitte klicken', 'de'],
    ['Description à venir', 'fr'],
    ['Haz clic en la imagen para ampliarla', 'es'],
    ['Kliknij, aby powiększyć', 'pl'],
    ['Подпись', 'ru'],
    ['※画像はイメージです', 'ja'],
    ['点击查看大图', 'zh'],
  ])('"%s" (%s) is not an alternative', (altText, language) => {
    expect(checkAltText({ altText, language }).wcagCompliant).toBe(false);
  });

  it.each([
    ['Photo by the lake: two swans under the bridge', 'en'],
    ['Via Appia Antica lined with umbrella pines outside Rome', 'en'],
    ['Reuters logo', 'en'],
    ['NASA', 'en'],
    ['Courtesy car parked outside the garage in the rain', 'en'],
    ['Click beetle on a leaf, its shell shining green', 'en'],
    ['Die Fotografin Lena Berg fotografiert Möwen am Strand', 'de'],
    ['Podpis prezydenta pod ustawą na biurku', 'pl'],
    ['連合ニュースの記者', 'ja'],
  ])('"%s" (%s) is a real alternative: no alarm', (altText, language) => {
    expect(checkAltText({ altText, language }).issues).toEqual([]);
  });
});
