import type { AltTextIssue } from '@altwise/shared';
import type { Lexicon } from './languages';
import { LEXICONS } from './languages';
import { isInstruction, leadingLabel } from './instruction-text';
import { isDeveloperNote, isEmojiOnly } from './leftover-notes';
import { isTemplateVocabulary } from './template-vocabulary';

/**
 * WCAG technique F30: "Failure of Success Criterion 1.1.1 and 1.2.1 due to using text
 * alternatives that are not alternatives (e.g., filenames or placeholder text)". Each class
 * below is one way an alt attribute ends up holding something no author meant a listener to
 * hear. The classes overlap ("IMG_0042.CR2" is a file name and a camera name), so the most
 * specific one that matches is reported alone: one error, with the message that tells the
 * author what went wrong.
 */
export const F30 = 'WCAG F30';

export interface NotAnAlternativeClass {
  readonly id: string;
  readonly matches: (trimmed: string, lexicons: readonly Lexicon[]) => boolean;
  readonly message: (trimmed: string) => string;
}

/** Lower case, curly quotes straightened, punctuation at the ends dropped, spaces collapsed. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'([{<.:;,!?-]+|[\s"')\]}>.:;,!?-]+$/g, '')
    .trim();
}

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;

// ── Programming leftovers: a value that was never turned into text, or a template never filled.
const CODE_VALUES = new Set([
  'nan',
  'undefined',
  'null',
  'nil',
  'true',
  'false',
  '[]',
  '{}',
  '""',
  "''",
  'object object',
  'infinity',
  '-infinity',
]);
const UNFILLED_TEMPLATE = [
  /\{\{[^{}]*\}\}/, // {{alt}}, {{ image.alt }} (Handlebars, Vue, Angular, Jinja, Liquid)
  /\$\{[^{}]*\}/, // ${alt} (JavaScript template literal)
  /<%=?[^%]*%>/, // <%= alt %> (ERB, EJS)
  /\{%[^%]*%\}/, // {% alt %} (Jinja, Liquid tags)
  /\[object [A-Za-z]+\]/, // [object HTMLImageElement], [object Object]: String(anObject)
  /#\{[^{}]*\}/, // #{alt} (Ruby, Pug)
  /(?<!\p{L})NaN(?!\p{L})/u, // a number that was never a number: "Price NaN €"
];
const WHOLE_TOKEN = [
  /^\{[A-Za-z_][\w.-]*\}$/, // {alt}
  /^%[A-Za-z_][\w.-]*%$/, // %alt%
  /^\$[A-Za-z_][\w.]*$/, // $alt, $image.alt
  /^@[A-Za-z_][\w.]*$/, // @alt (Razor)
  /^__[A-Z][A-Z0-9_]*__$/, // __ALT__
  /^:[a-z_][a-z_]*$/, // :alt (a bound attribute pasted as text)
  /^<img\b[^>]*>?$/i, // markup pasted into the attribute
  /^alt\s*=/i, // alt="…" pasted inside an alt
  /^(?:function\s*\(|\(\)\s*=>|Promise\s*\{|(?:Type|Reference|Syntax)Error\b)/, // code or a stack
];
const codeLeftover: NotAnAlternativeClass = {
  id: 'code-leftover',
  matches: (trimmed) =>
    CODE_VALUES.has(trimmed.toLowerCase()) ||
    CODE_VALUES.has(plain(trimmed)) ||
    UNFILLED_TEMPLATE.some((pattern) => pattern.test(trimmed)) ||
    WHOLE_TOKEN.some((pattern) => pattern.test(trimmed)),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is a programming leftover (an unfilled template or a value such as "undefined" or "[object HTMLImageElement]"), not a description: screen readers read it out as is (${F30})`,
};

// ── Template text: the instruction or sample a CMS, theme or form left in the field.
const VERB = String.raw`(?:enter|insert|add|write|type|put|edit|provide|fill in|replace(?: this)?(?: with)?|update|set|change)`;
const WHERE = String.raw`(?:here|(?:for|of|to)\s+(?:this|the|your)\s+(?:image|photo|picture))`;
const TEMPLATE_PATTERNS = [
  // "alt text", "your alt text here", "image description goes here", "caption", "title"
  /^(?:(?:your|my|the|an?|some|sample|example|default|placeholder|dummy)\s+)*(?:alt(?:ernative|ernate)?(?:[\s_-]?text)?|alt[\s_-]?tag|image[\s_-]?(?:alt|description|text|caption|title)|(?:photo|picture)\s+description|description|caption|title|text|tooltip|placeholder\s+text)(?:\s+(?:here|goes here|to come|tbd|todo|pending|missing|required))?$/,
  // "insert image description", "enter alt text here": the object names the alt itself...
  new RegExp(
    String.raw`^(?:please\s+)?${VERB}\s+(?:(?:your|an?|the|some)\s+)*(?:(?:image|photo|picture)\s+(?:alt\s*text|description|caption|text|title)|alt(?:ernative)?(?:\s*text)?(?:\s+(?:description|tag))?)(?:\s+${WHERE})?$`,
  ),
  // ...or a generic object says where: "add a description here" ("Add caption" alone is a real button).
  new RegExp(
    String.raw`^(?:please\s+)?${VERB}\s+(?:(?:your|an?|the|some)\s+)*(?:description|caption|text|title)\s+${WHERE}$`,
  ),
  // "describe the image", "describe your image here"
  /^(?:please\s+)?describe\s+(?:this|the|your)\s+(?:image|photo|picture|graphic)(?:\s+here)?$/,
  // "click to add alt text", "click here to edit"
  /^(?:click|tap)\s+(?:here\s+)?to\s+(?:add|edit|enter|insert|change)\b/,
  // "lorem ipsum dolor sit amet"
  /^lorem ipsum\b/,
  // "no alt text", "alt text missing", "description not available"
  /^(?:no|missing|without)\s+(?:alt(?:ernative)?\s+text|description|caption)(?:\s+(?:available|provided|yet))?$/,
  /^(?:alt(?:ernative)?\s+text|description|caption)\s+(?:missing|not available|unavailable|not provided|coming soon)$/,
];
const templateText: NotAnAlternativeClass = {
  id: 'template-text',
  matches: (trimmed) => {
    const text = plain(trimmed).replace(/[_]+/g, ' ');
    return TEMPLATE_PATTERNS.some((pattern) => pattern.test(text));
  },
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is template text left in place (an instruction or sample such as "your alt text here"), not a description of this image (${F30})`,
};

// ── Screenshot file names as operating systems write them, with the date and the time.
const DATE = String.raw`(?:\d{4}[-_.]?\d{2}[-_.]?\d{2}|\d{1,2}[-_./]\d{1,2}[-_./]\d{2,4})`;
const SCREENSHOT_WORDS = [
  'screen ?shot', // macOS "Screen Shot" (before 2019) and "Screenshot", Windows, GNOME, Android
  'screenshot from',
  'screen recording',
  'screencast', // GNOME's and many recorders' "Screencast from …"
  'clean ?shot', // CleanShot X: "CleanShot 2023-11-02 at 14.22.05@2x"
  'capture d.écran', // French macOS: "Capture d’écran"
  'bildschirmfoto', // German
  'captura de pantalla', // Spanish
  'captura de ecrã', // Portuguese (Portugal)
  'captura de tela', // Portuguese (Brazil)
  'schermafbeelding', // Dutch
  'schermata', // Italian
  'skärmavbild', // Swedish
  'skjermbilde', // Norwegian
  'skærmbillede', // Danish
  'näyttökuva|kuvakaappaus', // Finnish
  'zrzut ekranu', // Polish
  'snímek obrazovky', // Czech
  'снимок экрана', // Russian
  'ekran görüntüsü', // Turkish
  'スクリーンショット', // Japanese
  '屏幕截图|截屏|螢幕截圖|螢幕擷取畫面', // Chinese
  '스크린샷', // Korean
  'ekran resmi', // Turkish macOS
];
// GNOME and Windows put a word between the name and the date: "Bildschirmfoto vom 2024-03-05".
const SCREENSHOT_LINK = String.raw`(?:[\s_-]+(?:from|vom|von|du|de|del|da|dal|van|z|ze|от|за))?`;
const SCREENSHOT_NAME = new RegExp(
  String.raw`^(?:${SCREENSHOT_WORDS.join('|')})${SCREENSHOT_LINK}(?:[\s_-]*(?:\(\d+\)|${DATE}|\d{8}[-_]?\d{4,6}|\d{6,}))`,
  'iu',
);
const screenshotName: NotAnAlternativeClass = {
  id: 'screenshot-name',
  matches: (trimmed) => SCREENSHOT_NAME.test(trimmed.replace(/\s+/g, ' ')),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is the file name a screenshot tool gave the image, with its date and time; say what the screenshot shows, including its important text (${F30})`,
};

// ── Camera and phone file names, with or without a (RAW or HEIF) extension.
const CAMERA_EXTENSIONS =
  'jpe?g|png|gif|webp|avif|heic|heif|hif|jxl|tiff?|dng|cr2|cr3|crw|nef|nrw|arw|srf|sr2|raf|orf|ori|rw2|rwl|pef|srw|x3f|3fr|erf|kdc|dcr|mrw|mos|iiq|raw|gpr|insp|mov|mp4';
const CAMERA_PREFIXES =
  '_?mg|img|img_e|dsc|dscn|dscf|dsc_|dcim|pxl|mvimg|gopr|gp|gx|dji|sam|samsung|wp|imag|photo|pic|vid|fullsizerender|p|_dsc';
const CAMERA_NAME = new RegExp(
  String.raw`^(?:${CAMERA_PREFIXES})[\s_-]?(?:\d{3,}|\d{8}[\s_-]\d{4,9})(?:[\s_-]?(?:\d+|[a-z]{1,6}\d*|burst\w*|cover|portrait|hdr|edited|copy|\(\d+\)))*(?:\.(?:${CAMERA_EXTENSIONS}))?$`,
  'i',
);
// Messaging apps: WhatsApp on a phone ("IMG-20240305-WA0012") and on the desktop in any language
// ("WhatsApp Image 2024-03-05 at 10.42.13", "Imagen de WhatsApp 2024-03-05 a las…"), Telegram
// ("photo_2024-03-05_10-42-13"), Signal, Viber, Facebook ("FB_IMG_…", "received_…"), Snapchat,
// LINE, WeChat ("mmexport…", "微信图片_…").
const MESSENGER_NAME = [
  /^(?:img|vid|ptt|aud)-\d{8}-wa\d+(?:\s*\(\d+\))?(?:\.\w+)?$/i,
  /^(?:[\p{L}-]+\s+){0,3}whatsapp(?:[\s-]+[\p{L}]+){0,3}\s+\d{4}-\d{2}-\d{2}(?:\s+[\p{L}.]{1,6}){0,3}(?:\s*\d{1,2}[.:]\d{2}(?:[.:]\d{2})?(?:\s*[ap]\.?m\.?)?)?(?:[\s_-]*[\w-]{0,12})?(?:\s*\(\d+\))?(?:\.\w{2,5})?$/iu,
  /^(?:photo|video|file)_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}(?:\s*\(\d+\))?(?:\.\w+)?$/i,
  /^signal-\d{4}-\d{2}-\d{2}-\d{2}-?\d{2}-?\d{2}(?:-\d+)*(?:_\d+)?(?:\.\w+)?$/i,
  /^viber_(?:image|video)_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}(?:-\d+)?(?:\.\w+)?$/i,
  /^(?:fb_img_|received_|snapchat-|mmexport|line_(?:album|p)_?|微信图片_|screenshot_)\d[\d_]{5,}(?:\.\w+)?$/iu,
];
// Any name ending in a camera RAW or HEIF extension.
const RAW_FILE = new RegExp(
  String.raw`^[^\s/\\]+(?:\s[^\s/\\]+){0,3}\.(?:heic|heif|hif|dng|cr2|cr3|crw|nef|nrw|arw|srf|sr2|raf|orf|rw2|rwl|pef|srw|x3f|3fr|erf|kdc|dcr|mrw|mos|iiq|raw|gpr)$`,
  'i',
);
const cameraFileName: NotAnAlternativeClass = {
  id: 'camera-file-name',
  matches: (trimmed) =>
    CAMERA_NAME.test(trimmed) || MESSENGER_NAME.some((name) => name.test(trimmed)) || RAW_FILE.test(trimmed),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is the file name a camera or phone gave the picture (like "IMG_0042.CR2" or "DSC_1234.HEIC"); describe what the picture shows instead (${F30})`,
};

// ── Default layer names of design tools (Figma, Sketch, Photoshop, Illustrator, XD, Canva).
const DESIGN_LAYERS =
  'rectangle|rect|frame|group|artboard|layer|ellipse|oval|vector|component|instance|slice|mask group|mask|polygon|star|path|compound path|shape|combined shape|bitmap|union|subtract|intersect|exclude|boolean|clip group|clipping path|smart object|auto layout|untitled-';
const DESIGN_NAME = new RegExp(
  String.raw`^(?:${DESIGN_LAYERS})[\s_-]*\d+(?:\s+copy(?:\s+\d+)?)?(?:@\dx)?$|^(?:mask group|combined shape|clip group|compound path|smart object|vector smart object|layer copy|group copy|artboard copy)(?:\s+copy(?:\s+\d+)?)?$`,
  'i',
);
const designToolName: NotAnAlternativeClass = {
  id: 'design-tool-name',
  matches: (trimmed) => DESIGN_NAME.test(trimmed.replace(/\s+/g, ' ')),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is a default layer name from a design tool (like "Rectangle 12" or "Frame 3"), exported with the image; write what the image shows or does (${F30})`,
};

// ── An instruction or an internal label: "Caption: …", "Describe the image", a model's refusal.
const instructionOrLabel: NotAnAlternativeClass = {
  id: 'instruction-or-label',
  matches: (trimmed, lexicons) =>
    leadingLabel(trimmed, lexicons) !== undefined || isInstruction(trimmed, lexicons),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} reads like an instruction or an internal label ("Caption: …", "Describe the image"), not a description of the image: screen readers read it out as is (${F30})`,
};

// ── Template text in other words: only the vocabulary of templates ("Descrizione della foto").
const templateVocabulary: NotAnAlternativeClass = {
  id: 'template-text',
  matches: (trimmed, lexicons) => isTemplateVocabulary(trimmed, lexicons),
  message: templateText.message,
};

// ── A note left for later: "TODO", "FIXME", "XXX", "changeme", "asdf", "test".
const developerNote: NotAnAlternativeClass = {
  id: 'developer-note',
  matches: (trimmed) => isDeveloperNote(trimmed),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is a note someone left for later ("TODO", "FIXME", "XXX", "changeme", "test"), not a description (${F30})`,
};

// ── Only emoji: read out as their names, which rarely say what the image shows.
const emojiOnly: NotAnAlternativeClass = {
  id: 'emoji-only',
  matches: (trimmed) => isEmojiOnly(trimmed),
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is only emoji, which screen readers read out by name; describe the image in words (${F30})`,
};

// ── Credit lines: who took or owns the picture ("Foto: dpa", "© 2024 Reuters", "出典：PIXTA"), not
// what it shows. Short on purpose: "Photo: a child flying a kite on the beach" is a label rule's case.
const CREDIT_WORDS = [
  'photo|photos|photograph|picture|image|credit|credits|photo credit|image credit|source|courtesy|copyright', // en
  'illustration|illustrations|photographer|image source|photo source|picture source|photo courtesy|image courtesy', // en
  'foto|fotos|bild|bildnachweis|quelle|bildquelle|fotoquelle|fotograf|fotografin|grafik|illustration|bildrechte|fotorechte|rechte', // de
  'crédit|crédits|crédit photo|crédits photo|crédit image|source|photographe|©', // fr
  'fuente|crédito|créditos|fotografía', // es
  'fonte|credito|crediti', // it, pt
  'crédito|créditos|fotografia', // pt
  'beeld|bron|fotografie', // nl
  'fot|zdjęcie|źródło', // pl
  'фото|источник|снимок', // ru
  'fotoğraf|kaynak|görsel', // tr
  'تصوير|المصدر|الصورة|صورة', // ar
  'फोटो|स्रोत|चित्र', // hi
  '写真|出典|画像|提供|撮影|画像提供|写真提供|提供元|引用|引用元', // ja
  '사진|출처|제공', // ko
  '图片来源|图片|来源|摄影|图源', // zh
].join('|');
const CREDIT_LINE = new RegExp(String.raw`^(?:(?:${CREDIT_WORDS})\s*(?:[:：.–—]|(?=[©ⓒⒸ]))|[©ⓒⒸ]|\(c\)(?=\s))\s*\S.{0,40}$`, 'iu');
// Credits in East Asian news style: "사진=연합뉴스", "写真＝共同", "图/新华社".
const CJK_CREDIT = /^(?:写真|画像|撮影|写真提供|画像提供|사진|사진 ?제공|자료 ?사진|그래픽|图|图片|照片|摄影)\s*[=＝/／]\s*\S.{0,30}$/u;
// Where stock and news pictures come from. Alone, a stock library's name is a credit; a news
// agency's name alone may be its logo's right alt, so it counts only with a photographer or a
// second source ("AP Photo/Jane Doe", "AFP/Getty Images").
const STOCK = String.raw`getty ?images|gettyimages|ゲッティイメージズ|게티이미지(?:뱅크|코리아)?|غيتي إيميجز|शटरस्टॉक|シャッターストック|셔터스톡|شترستوك|视觉中国|東方IC|东方IC|shutterstock|istock(?:photo)?(?: by getty images)?|adobe ?stock|depositphotos|dreamstime|123rf|alamy(?: stock photo)?|freepik|unsplash|pexels|pixabay|pixta|stocksy|envato(?: elements)?|imago(?: images)?|picture[ -]alliance`;
const AGENCY = String.raw`${STOCK}|ap(?: photo)?|afp|dpa|epa(?:-efe)?|reuters|anp|pap|ansa|efe|tass|итар-тасс|ria novosti|xinhua|kyodo|yonhap|pti|ani|aa|anadolu|keystone|apa|belga|lusa|europa press|sipa|abaca|zuma(?: press)?|nasa|wikimedia commons`;
const SOURCE_ONLY = [
  new RegExp(String.raw`^(?:${STOCK})(?:\s*(?:[/|,-]|via)\s*\S.{0,30})?$`, 'iu'),
  new RegExp(String.raw`^(?:${AGENCY})\s*[/|]\s*\S.{0,30}$|^ap photo$`, 'iu'),
  // A stock library named as the source after a short label: "Symbolbild: Pixabay", "Image via Shutterstock".
  new RegExp(String.raw`^\S+(?:\s+\S+){0,2}?\s*(?::|/|\s(?:via|from|by|von|bei|de|da|di|du|van|z|из|от|من|से|出典))\s*(?:${STOCK})$`, 'iu'),
  // "Photo by Jane Doe on Unsplash", "Image by Max from Pixabay": a name (capitalised) after "by".
  /^(?:[Pp]hoto(?:graph)?|[Ii]mage|[Pp]icture|[Ii]llustration|[Ff]oto|[Bb]ild)s?\s+(?:by|von)\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}(?:\s+(?:on|from|via|for|auf|bei)\s+\S+(?:\s+\S+)?)?$/u,
  // "Courtesy of NASA", "Image courtesy of the artist", "Photo courtesy Jane Doe"
  /^(?:(?:photo|image|picture|illustration)s?\s+)?courtesy(?:\s+of)?\s+\S+(?:\s+\S+){0,3}$/iu,
  /^(?:(?:photo|image|picture|pic|screenshot)s?\s+)?via\s+(?:flickr|unsplash|pexels|pixabay|instagram|twitter|x|facebook|wikimedia commons|wikipedia|getty images|shutterstock|reddit|giphy|tenor|imgur)$/iu,
  // A source word alone: Brazilian "Divulgação"/"Reprodução" (press handout, reproduction), "DR" (droits réservés).
  /^(?:divulgação|reprodução|dr|droits réservés|tous droits réservés|handout|all rights reserved)$/iu,
  // "Copyright 2023 Jane Doe", "Copyright © Acme"
  /^copyright\s+(?:©\s*|\(c\)\s*)?(?:\d{4}\b|©).{0,40}$/iu,
];
const creditLine: NotAnAlternativeClass = {
  id: 'credit-line',
  matches: (trimmed) => {
    const text = trimmed.replace(/\s+/g, ' ');
    if (CJK_CREDIT.test(text) || SOURCE_ONLY.some((source) => source.test(text))) return true;
    // At most four words after the label: a name or an agency, not a sentence about the picture.
    return CREDIT_LINE.test(text) && text.replace(/^[^:：.©ⓒⒸ–—]*[:：.©ⓒⒸ–—]/u, '').trim().split(' ').length <= 4;
  },
  message: (trimmed) =>
    `Alt text ${quoted(trimmed)} is a credit line (who took or owns the picture), not what it shows; keep the credit in a caption and describe the image (${F30})`,
};

/** Most specific first: the first class that matches is the one reported. */
export const NOT_AN_ALTERNATIVE: readonly NotAnAlternativeClass[] = [
  codeLeftover,
  templateText,
  creditLine,
  instructionOrLabel,
  templateVocabulary,
  developerNote,
  emojiOnly,
  screenshotName,
  cameraFileName,
  designToolName,
];

/** The first F30 class this alt text falls in, as an error-level issue (word lists: `lexicons`). */
export function notAnAlternative(
  trimmed: string,
  lexicons: readonly Lexicon[] = LEXICONS,
): AltTextIssue | undefined {
  if (!trimmed) return undefined;
  const found = NOT_AN_ALTERNATIVE.find((candidate) => candidate.matches(trimmed, lexicons));
  return found ? { id: found.id, severity: 'error', message: found.message(trimmed) } : undefined;
}
