// The package documents and content documents of an EPUB are XML from an unknown publisher. They are
// read with saxes, which expands no entity but XML's five and character references: an entity a DTD
// declares is never expanded (no billion laughs, no external file read), and a DOCTYPE with an
// internal subset, where such declarations live, is refused outright.
import { SaxesParser } from 'saxes';
import { EpubRefused } from './epub-archive';

export interface XmlElement {
  /** The local name (`item`, `meta`), namespace prefix dropped. */
  name: string;
  uri: string;
  /** Attributes by their name as written (`href`, `xml:lang`, `opf:scheme`). */
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses `text`; refuses a DTD internal subset and anything not well-formed (named `what` in the message). */
export function parseXml(text: string, what: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '#document', uri: '', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  let failure: string | undefined;
  parser.on('error', (error) => {
    // An entity only a DTD could define (&nbsp; in an EPUB 2 document) stays unexpanded: not fatal.
    if (/undefined entity/i.test(error.message)) return;
    failure ??= error.message;
  });
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[') || /<!ENTITY/i.test(doctype)) failure ??= 'a DOCTYPE with declarations (entities) is refused';
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.name] = attribute.value;
    const element: XmlElement = { name: tag.local, uri: tag.uri, attributes, children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('text', (chunk) => {
    for (const element of open) element.text += chunk;
  });
  parser.on('closetag', () => void open.pop());
  try {
    parser.write(text).close();
  } catch (error) {
    failure ??= (error as Error).message;
  }
  if (failure) throw new EpubRefused(`${what}: ${failure.split('\n')[0]}`);
  return root;
}

/** Every element named `name` under `element`, depth first. */
export function elementsNamed(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const child of node.children) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}
