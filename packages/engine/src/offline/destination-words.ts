import { cleanFileName } from './file-name';

// Path segments that name no page of their own: the site's front door.
const INDEX_PAGES = /^(?:index|default|home|main|start)(?:\.[a-z0-9]{1,5})?$/i;
const RELATIVE_BASE = 'https://relative.invalid/';
/**
 * Platforms whose addresses name a profile or a page on them: the link leads to the platform, so
 * its name says where ("Riverfestival on Instagram", not "Riverfestival" as if it were the site).
 */
const PLATFORMS: Readonly<Record<string, string>> = {
  'instagram.com': 'Instagram',
  'facebook.com': 'Facebook',
  'twitter.com': 'X',
  'x.com': 'X',
  'youtube.com': 'YouTube',
  'tiktok.com': 'TikTok',
  'linkedin.com': 'LinkedIn',
  'github.com': 'GitHub',
  'pinterest.com': 'Pinterest',
  'threads.net': 'Threads',
  'bsky.app': 'Bluesky',
  'vimeo.com': 'Vimeo',
  'flickr.com': 'Flickr',
};

/**
 * The words a link's address gives its destination, for an offline draft: the last meaningful
 * path segment ("/pricing" → "Pricing", "/products/hiking-boots.html" → "Hiking boots"), else a
 * fragment ("#contact" → "Contact"), else the site's name ("https://www.altwise.example/" →
 * "Altwise"), else "Home" for a site's root. '' when the address names nothing (javascript:, ids).
 */
export function destinationWords(href: string | undefined): string {
  if (!href?.trim()) return '';
  let url: URL;
  try {
    url = new URL(href.trim(), RELATIVE_BASE);
  } catch {
    return '';
  }
  if (url.protocol === 'mailto:') return 'Email';
  if (url.protocol === 'tel:') return 'Call';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';

  const segments = url.pathname.split('/').filter(Boolean);
  const platform = PLATFORMS[url.hostname.replace(/^(?:www|m)\./, '')];
  for (const segment of segments.reverse()) {
    if (INDEX_PAGES.test(segment)) continue;
    const words = cleanFileName(segment.replace(/^@/, ''));
    if (words) return platform ? `${words} on ${platform}` : words;
  }
  if (platform) return platform;
  const fragment = cleanFileName(url.hash.slice(1));
  if (fragment) return fragment;
  const frontDoor = segments.every((segment) => INDEX_PAGES.test(segment));
  if (url.hostname === 'relative.invalid') return frontDoor ? 'Home' : '';
  // The name before the top-level domain: "docs.altwise.example" → "Altwise".
  const labels = url.hostname.replace(/^www\./, '').split('.');
  return cleanFileName(labels.length > 1 ? labels[labels.length - 2] : labels[0]);
}
