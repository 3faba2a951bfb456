// Where an EPUB's parts are: META-INF/container.xml names the package document (OPF), whose manifest
// lists the content documents; META-INF/encryption.xml lists resources that are encrypted (fonts,
// DRM), which are reported and left untouched.
import path from 'node:path';
import type { EpubEntry } from './epub-archive';
import { EpubRefused } from './epub-archive';
import type { XmlElement } from './epub-xml';
import { elementsNamed, parseXml } from './epub-xml';

export interface EpubPackage {
  opfPath: string;
  opf: string;
  /** 3 for EPUB 3 (`version="3.0"`), 2 otherwise. */
  version: 2 | 3;
  /** The XHTML content documents, as entry names, in manifest order. */
  contentDocuments: string[];
  /** Entry names META-INF/encryption.xml says are encrypted. */
  encrypted: Set<string>;
}

/** An href relative to `base` (an entry name) as an entry name, or null when it leads out of the container. */
export function entryNameOf(href: string, base: string): string | null {
  let decoded = href.split('#')[0]!;
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Taken as written.
  }
  if (/^[a-z][\w+.-]*:/i.test(decoded) || decoded.startsWith('/')) return null;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(base), decoded));
  return joined.startsWith('../') || joined === '..' ? null : joined;
}

const textOf = (entries: readonly EpubEntry[], name: string) => entries.find((entry) => entry.name === name)?.data.toString('utf8');

function encryptedNames(entries: readonly EpubEntry[]): Set<string> {
  const xml = textOf(entries, 'META-INF/encryption.xml');
  if (xml === undefined) return new Set();
  const references = elementsNamed(parseXml(xml, 'META-INF/encryption.xml'), 'CipherReference');
  // URIs in encryption.xml are relative to the container's root.
  return new Set(references.map((reference) => entryNameOf(reference.attributes.URI ?? '', 'x')).filter((name): name is string => name !== null));
}

export function readPackage(entries: readonly EpubEntry[]): EpubPackage {
  const container = textOf(entries, 'META-INF/container.xml');
  if (container === undefined) throw new EpubRefused('not an EPUB: META-INF/container.xml is missing');
  const rootfile = elementsNamed(parseXml(container, 'META-INF/container.xml'), 'rootfile').find((element) => (element.attributes['media-type'] ?? '') === 'application/oebps-package+xml');
  const opfPath = rootfile ? entryNameOf(rootfile.attributes['full-path'] ?? '', 'x') : null;
  const opf = opfPath ? textOf(entries, opfPath) : undefined;
  if (!opfPath || opf === undefined) throw new EpubRefused('not an EPUB: the package document named by META-INF/container.xml is missing');
  const packageElement: XmlElement | undefined = parseXml(opf, opfPath).children.find((child) => child.name === 'package');
  if (!packageElement) throw new EpubRefused(`${opfPath}: no <package> element`);
  const encrypted = encryptedNames(entries);
  const contentDocuments = elementsNamed(packageElement, 'item')
    .filter((item) => item.attributes['media-type'] === 'application/xhtml+xml')
    .map((item) => entryNameOf(item.attributes.href ?? '', opfPath))
    .filter((name): name is string => name !== null && entries.some((entry) => entry.name === name));
  return { opfPath, opf, version: (packageElement.attributes.version ?? '').startsWith('3') ? 3 : 2, contentDocuments: [...new Set(contentDocuments)], encrypted };
}
