import type { ImagePurpose } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import { addressWords } from './purpose-rule';
import { checkAltText } from './quality-checker';

const check = (altText: string, purpose: ImagePurpose, language?: string) =>
  checkAltText({ altText, purpose, language });
const idsOf = (altText: string, purpose: ImagePurpose, language?: string) =>
  check(altText, purpose, language).issues.map((issue) => issue.id);

const button: ImagePurpose = { kind: 'button' };

describe('purpose-not-named (WCAG G94, F89)', () => {
  it.each<[string, ImagePurpose, string?]>([
    ['Blue arrow icon', { kind: 'link', href: '/blog/page/2' }],
    ['Square graphic in blue', button],
    ['Magnifying glass', button],
    ['Red X', button],
    ['Three horizontal lines', button],
    ['Smiling woman with a laptop', { kind: 'link', href: '/pricing', label: 'See plans' }],
    ['Flèche bleue', { kind: 'link', href: '/actualites' }, 'fr'],
    ['Grüner Pfeil nach rechts', button, 'de'],
    ['파란색 화살표', button, 'ko'],
    ['蓝色箭头图标', { kind: 'link', href: '/news' }, 'zh'],
    ['Синяя стрелка', button, 'ru'],
  ])('flags "%s", which only describes how it looks', (altText, purpose, language) => {
    const result = check(altText, purpose, language);
    expect(result.issues.map((issue) => issue.id)).toEqual(['purpose-not-named']);
    expect(result.wcagCompliant).toBe(false);
  });

  it('says where a link goes, or that a button must say what it does', () => {
    const [link] = check('Blue arrow icon', { kind: 'link', href: '/blog/page/2' }).issues;
    expect(link?.message).toMatch(
      /only content of a link \(to \/blog\/page\/2\).*say where the link goes.*F89/,
    );
    const [press] = check('Blue arrow icon', button).issues;
    expect(press?.message).toMatch(/only content of a button.*what the button does.*G94/);
  });

  it.each<[string, ImagePurpose, string?]>([
    ['Search', button],
    ['Search icon, a magnifying glass', button],
    ['Menu', button],
    ['Close', button, undefined],
    ['Next slide', button],
    ['Home', { kind: 'link', href: '/' }],
    ['Acme home', { kind: 'link', href: '/' }],
    ['Acme', { kind: 'link', href: 'https://www.acme.com/' }],
    ['Acme logo', { kind: 'link', href: 'https://acme.com' }],
    ['Banner reading "Add to cart"', button],
    ['Shop women’s running shoes', { kind: 'link', href: '/women/running-shoes' }],
    ['Pricing plans', { kind: 'link', href: '/pricing' }],
    ['Our contacts', { kind: 'link', href: '/contact' }],
    ['Annual report 2024 (PDF)', { kind: 'link', href: '/d/8831', label: 'Annual report' }],
    ['Facebook', { kind: 'link', href: 'https://facebook.com/acme' }],
    ['Zum Warenkorb', { kind: 'link', href: '/warenkorb' }, 'de'],
    ['Kontaktformular', { kind: 'link', href: '/kontakt' }, 'de'],
    ['Carrito de compra', { kind: 'link', href: '/carrito' }, 'es'],
    ['Корзина', { kind: 'link', href: '/korzina' }, 'ru'],
    ['В корзину', button, 'ru'],
    ['メニューを開く', button, 'ja'],
    ['返回首页', { kind: 'link', href: '/' }, 'zh'],
    ['東京の天気', { kind: 'link', href: '/天気/東京' }, 'ja'],
    ['البحث', button, 'ar'],
    ['खोजें', button, 'hi'],
    ['Sepete ekle', button, 'tr'],
  ])('passes "%s", which names the destination or action', (altText, purpose, language) => {
    expect(idsOf(altText, purpose, language)).toEqual([]);
  });

  it('does not take a short word for a longer one ("cart" is not "cartoon", "red" not "redo")', () => {
    expect(idsOf('Cartoon dog', button)).toEqual(['purpose-not-named']);
    expect(idsOf('Red X', button)).toEqual(['purpose-not-named']);
  });

  it('reports an empty alt on a link-only image even when marked decorative (F89), and F30 alone when it applies', () => {
    expect(
      checkAltText({ altText: '', isDecorative: true, purpose: { kind: 'link', href: '/about' } }).issues,
    ).toEqual([
      expect.objectContaining({
        id: 'purpose-not-named',
        severity: 'error',
        message: expect.stringMatching(/cannot be decorative/),
      }),
    ]);
    expect(checkAltText({ altText: '', purpose: button }).issues.map((issue) => issue.id)).toEqual(['empty']);
    expect(idsOf('IMG_1234.jpg', { kind: 'link', href: '/gallery' })).toEqual(['camera-file-name']);
  });

  it('is not applied without a purpose', () => {
    expect(checkAltText({ altText: 'Blue arrow icon' }).issues).toEqual([]);
  });
});

describe('addressWords', () => {
  it('reads the host name, the path, the query and the fragment, without noise', () => {
    expect(addressWords('https://www.acme.co.uk/Women/runningShoes.html?colour=red#reviews')).toEqual([
      'acme',
      'women',
      'running',
      'shoes',
      'red',
      'reviews',
    ]);
    expect(addressWords('/%E5%A4%A9%E6%B0%97')).toEqual(['天気']);
    expect(addressWords('mailto:sales@acme.com')).toEqual(['sales', 'acme']);
    expect(addressWords('/')).toEqual([]);
    expect(addressWords('http://[bad')).toEqual([]);
  });
});
