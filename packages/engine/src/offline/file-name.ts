const IMAGE_EXTENSION = /\.(?:jpe?g|jfif|png|gif|webp|avif|heic|heif|bmp|tiff?|svg)$/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const CAMERA_CODE =
  /^(?:img|dsc|dscn|dscf|pxl|mvimg|gopr|dcim|screenshot|scan|photo|image|pic|picture|untitled)\d*$/i;
const NOISE_WORDS = new Set([
  'final',
  'copy',
  'edited',
  'edit',
  'draft',
  'new',
  'old',
  'original',
  'orig',
  'resized',
  'scaled',
  'thumb',
  'thumbnail',
  'small',
  'large',
  'medium',
  'hd',
  'hq',
  'lowres',
  'highres',
  'web',
  'min',
  'retina',
  'crop',
  'cropped',
  'compressed',
  'optimized',
  'optimised',
  'export',
  'version',
  'rev',
]);
// Joining words survive inside a name ("cat and dog") but not at its edges ("... at 10.00").
const EDGE_WORDS = new Set(['a', 'an', 'and', 'at', 'by', 'from', 'in', 'of', 'on', 'the', 'to', 'with']);

function isNoise(token: string): boolean {
  const lower = token.toLowerCase();
  return (
    NOISE_WORDS.has(lower) ||
    CAMERA_CODE.test(token) ||
    /^\d+$/.test(token) || // counters, dates, "(1)" copy markers
    /^\d+x\d+$/i.test(token) || // 1024x768
    /^@?\d+(?:x|w|h|px|dpi|k)$/i.test(token) || // @2x, 800w, 300dpi, 4k
    /^v\d+$/i.test(token) || // v2
    /^[0-9a-f]{8,}$/i.test(token) || // content hashes
    (/\d/.test(token) && /[a-z]/i.test(token) && token.length >= 6) // ids such as a8f3k2x9
  );
}

/**
 * Turns a file name into words a person might have meant, or '' when nothing meaningful
 * is left: extensions, camera codes (IMG_1234, DSC0001), hashes, sizes (1024x768) and
 * workflow words ("final", "copy") go; dashes and underscores become spaces.
 */
export function cleanFileName(fileName: string | undefined): string {
  if (!fileName) return '';
  let name = fileName.split(/[?#]/)[0]!.split(/[/\\]/).pop() ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape is still readable as it stands.
  }
  name = name
    .replace(IMAGE_EXTENSION, '')
    .replace(/\.[a-z0-9]{1,4}$/i, '')
    .replace(UUID, ' ');
  // camelCase and letter/digit joins become separate words so "redCar2" reads "red Car 2".
  name = name.replace(/([a-z])([A-Z])/g, '$1 $2');
  const words = name
    .split(/[\s_\-.+,()[\]{}~@]+/)
    .filter(Boolean)
    .filter((token) => !isNoise(token));
  while (words.length && EDGE_WORDS.has(words[0]!.toLowerCase())) words.shift();
  while (words.length && EDGE_WORDS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  const text = words.join(' ').toLowerCase();
  if (!/\p{L}{2,}/u.test(text)) return '';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
