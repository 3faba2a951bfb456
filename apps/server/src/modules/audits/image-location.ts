// Where an image is, said the way a person finds it on the page (a CSS path is for a developer's
// console): the landmark around it, the heading above it, then which image it is there, e.g.
// `Main › "Our products" › 3rd image in figure`. Screen-reader users move by these same landmarks
// and headings.
import type { AuditImage } from '@altwise/shared';
import type { Element } from './html-tree';
import { attr, collapse } from './html-tree';

export interface Landmark {
  /** "Main", "Navigation", … */
  readonly name: string;
  /** Its aria-label, when it has one ("Navigation "Footer links""). */
  readonly label: string | null;
  /** Document position of the landmark element (headings before it are not inside it). */
  readonly position: number;
}

const BY_ROLE: Readonly<Record<string, string>> = {
  main: 'Main',
  navigation: 'Navigation',
  banner: 'Header',
  contentinfo: 'Footer',
  complementary: 'Sidebar',
  search: 'Search',
  form: 'Form',
  region: 'Region',
};

const BY_TAG: Readonly<Record<string, string>> = {
  main: 'Main',
  nav: 'Navigation',
  header: 'Header',
  footer: 'Footer',
  aside: 'Sidebar',
  search: 'Search',
};

const LABEL_CHARS = 60;

/** Elements whose <header> and <footer> are theirs, not the page's banner or footer. */
export const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

/**
 * The landmark `element` opens, else the one it is inside (`from`). `sectioned`: an ancestor is
 * sectioning content, whose header or footer is no landmark (as browsers map them).
 */
export function landmarkOf(element: Element, from: Landmark | null, position: number, sectioned: boolean): Landmark | null {
  const role = attr(element, 'role')?.trim().toLowerCase();
  const nested = (from !== null || sectioned) && (element.tagName === 'header' || element.tagName === 'footer');
  const name = (role ? BY_ROLE[role] : undefined) ?? (nested ? undefined : BY_TAG[element.tagName]);
  if (!name) return from;
  const raw = collapse(attr(element, 'aria-label') ?? '');
  const label = raw ? (raw.length > LABEL_CHARS ? `${raw.slice(0, LABEL_CHARS - 1)}…` : raw) : null;
  return { name, label, position };
}

const KIND_NAME: Readonly<Record<AuditImage['kind'], string>> = {
  img: 'image',
  'input-image': 'image button',
  svg: 'SVG image',
  area: 'image map area',
  'role-img': 'image',
  object: 'embedded object',
};

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(value: number): string {
  const tens = value % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[value % 10] ?? 'th';
  return `${value}${suffix}`;
}

export interface Place {
  landmark: { name: string; label: string | null } | null;
  /** The nearest heading above the image (inside its landmark), its text. */
  heading: string | null;
  /** Which image it is within its landmark and heading, from 1. */
  ordinal: number;
  kind: AuditImage['kind'];
  /** What directly holds it, when that matters to find it: a link, a button, a figure. */
  container: 'link' | 'button' | 'figure' | 'image map' | null;
}

export function locationOf(place: Place): string {
  const parts: string[] = [];
  if (place.landmark) parts.push(place.landmark.label ? `${place.landmark.name} "${place.landmark.label}"` : place.landmark.name);
  if (place.heading) parts.push(`"${place.heading}"`);
  const element = `${ordinal(place.ordinal)} ${KIND_NAME[place.kind]}${place.container ? ` in ${place.container}` : ''}`;
  parts.push(parts.length === 0 ? `${element} on the page` : element);
  return parts.join(' › ');
}
