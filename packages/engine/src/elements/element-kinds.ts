// What an "image" is, once for every reader of markup (altwise lint and fill, the page audit, the
// GitHub Action): each element that needs a text alternative by HTML-AAM and WCAG 1.1.1, with the
// technique that says how it gets one. Tree-agnostic: a caller passes the tag name and a lookup of
// its attributes, whatever parsed them (parse5, the tag scanner, Markdown).

/** How an element's attribute is read: its value ('' when bare), undefined when absent. Case-insensitive. */
export type AttributeLookup = (name: string) => string | undefined;

export const ELEMENT_KINDS = ['img', 'input-image', 'area', 'object', 'role-img', 'svg'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/** Each kind's WCAG technique: how it gets its text alternative. */
export const KIND_TECHNIQUES: Readonly<Record<ElementKind, readonly string[]>> = {
  img: ['H37', 'H67'],
  'input-image': ['H36'],
  area: ['H24'],
  object: ['H53'],
  'role-img': ['ARIA6', 'ARIA10'],
  svg: ['ARIA6', 'ARIA10'],
};

/** The first token of a role attribute (role="img presentation" is img, the fallback ignored). */
export function roleOf(attr: AttributeLookup): string | undefined {
  return attr('role')?.trim().toLowerCase().split(/\s+/)[0] || undefined;
}

/**
 * The kind of text alternative an element needs, or null when it needs none. `tagName` as written:
 * case-insensitive for HTML; a caller reading JSX skips capitalised tags itself (a component named
 * `IMG` is not an <img>).
 */
export function elementKindOf(tagName: string, attr: AttributeLookup): ElementKind | null {
  const tag = tagName.toLowerCase();
  if (tag === 'img') return 'img';
  if (tag === 'input') return attr('type')?.trim().toLowerCase() === 'image' ? 'input-image' : null;
  // An <area> without href is not a link: nothing to name.
  if (tag === 'area') return attr('href') !== undefined ? 'area' : null;
  if (tag === 'object') return 'object';
  if (tag === 'svg') return 'svg';
  const role = roleOf(attr);
  return role === 'img' || role === 'image' ? 'role-img' : null;
}

/** Kinds whose alt attribute is their text alternative (H37, H36, H24). */
export const TAKES_ALT: ReadonlySet<ElementKind> = new Set(['img', 'input-image', 'area']);

/**
 * The link or button an element is (its content's name is its name, F89/H2), or null: <a href>,
 * <button>, and any element with role="link" or role="button". Shared by lint and the audit.
 */
export function hostKindOf(tagName: string, attr: AttributeLookup): 'link' | 'button' | null {
  const tag = tagName.toLowerCase();
  const role = roleOf(attr);
  if (role === 'link') return 'link';
  if (role === 'button') return 'button';
  if (tag === 'a') return attr('href') !== undefined ? 'link' : null;
  return tag === 'button' ? 'button' : null;
}
