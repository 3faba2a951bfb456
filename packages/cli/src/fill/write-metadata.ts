// altwise fill --write-metadata: alt text written into image files themselves (IPTC Alt Text
// (Accessibility) in their XMP), in place. The server writes the field (embed: "iptc", exiftool,
// pixels untouched); this side decides which files, keeps a backup, and never overwrites a field
// a person filled unless the checker finds an error in it and the user asked (--overwrite-poor).
import fs from 'node:fs';
import path from 'node:path';
import type { Altwise } from '@altwise/sdk';
import { glob } from 'tinyglobby';
import { plainAltText } from '@altwise/engine/markup';
import { draftWhy, verdictOf } from './verdict';

export interface WriteMetadataOptions {
  paths: string[];
  cwd: string;
  dryRun: boolean;
  overwritePoor: boolean;
  allowDrafts: boolean;
  language?: string;
  maxLength?: number;
  /** Appended to the text written into the files only, e.g. "(AI-generated)". */
  suffix?: string;
}

export interface WriteMetadataReport {
  written: string[];
  skipped: Array<{ file: string; reason: string }>;
  /** Drafts without --allow-drafts. */
  refused: Array<{ file: string; reason: string }>;
  failed: Array<{ file: string; reason: string }>;
}

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];
export const BACKUP_SUFFIX = '.altwise-backup';

/** JPEG, PNG or WebP by the first bytes (a name that says otherwise is ignored). */
function writableType(bytes: Buffer): boolean {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  return bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
}

const xmlText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * The alt text the file's XMP already has (x-default, else the first language), read from the XMP
 * packet's text; only to decide whether a person filled it. Writing is exiftool's, on the server.
 */
export function existingAltText(bytes: Buffer): string | undefined {
  const text = bytes.toString('utf8');
  const field = /<Iptc4xmpCore:AltTextAccessibility>([\s\S]*?)<\/Iptc4xmpCore:AltTextAccessibility>/.exec(text);
  if (!field) return undefined;
  const items = [...field[1]!.matchAll(/<rdf:li\b([^>]*)>([\s\S]*?)<\/rdf:li>/g)];
  const chosen = items.find((item) => /xml:lang=["']x-default["']/.test(item[1]!)) ?? items[0];
  const value = chosen ? xmlText(chosen[2]!).trim() : '';
  return value || undefined;
}

async function imageFiles(options: WriteMetadataOptions): Promise<string[]> {
  const files = new Set<string>();
  for (const given of options.paths) {
    const target = path.resolve(options.cwd, given);
    const stat = fs.lstatSync(target, { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      // Links are not followed: a link out of the folder would write outside it.
      for (const file of await glob(`**/*.{${EXTENSIONS.join(',')}}`, { cwd: target, absolute: true, caseSensitiveMatch: false, followSymbolicLinks: false })) files.add(file);
    } else if (stat?.isFile()) files.add(target);
  }
  return [...files].filter((file) => !fs.lstatSync(file).isSymbolicLink()).sort();
}

export async function writeMetadata(client: Altwise, options: WriteMetadataOptions, io: { out(text: string): void }): Promise<WriteMetadataReport> {
  const report: WriteMetadataReport = { written: [], skipped: [], refused: [], failed: [] };
  for (const file of await imageFiles(options)) {
    const name = path.relative(options.cwd, file);
    const bytes = fs.readFileSync(file);
    if (!writableType(bytes)) {
      report.skipped.push({ file: name, reason: 'not a JPEG, PNG or WebP (by its bytes)' });
      continue;
    }
    const existing = existingAltText(bytes);
    if (existing !== undefined) {
      if (!options.overwritePoor) {
        report.skipped.push({ file: name, reason: 'its AltTextAccessibility is filled already (--overwrite-poor replaces it when the checker finds an error)' });
        continue;
      }
      const verdict = await client.check(existing, { language: options.language });
      if (!verdict.issues.some((issue) => issue.severity === 'error')) {
        report.skipped.push({ file: name, reason: 'its AltTextAccessibility is filled already and the checker finds no error in it' });
        continue;
      }
    }
    try {
      const result = await client.describe({ buffer: bytes, fileName: path.basename(file), embed: 'iptc', embedSuffix: options.suffix, language: options.language, maxLength: options.maxLength });
      const verdict = verdictOf(result as { verification?: unknown; verificationReason?: unknown });
      if (verdict.verification === 'draft' && !options.allowDrafts) {
        report.refused.push({ file: name, reason: `refused: a draft: ${draftWhy({ altText: '', ...verdict })}; --allow-drafts writes it` });
        continue;
      }
      const embedded = (result as { embedded?: { data: string } }).embedded;
      if (!embedded) throw new Error('the server answered no image with its metadata');
      const altText = plainAltText(String(result.altText ?? ''));
      if (options.dryRun) io.out(`would write into ${name}: ${altText || '(decorative: nothing)'}`);
      else {
        fs.copyFileSync(file, `${file}${BACKUP_SUFFIX}`);
        const temporary = `${file}.altwise-${process.pid}.tmp`;
        fs.writeFileSync(temporary, Buffer.from(embedded.data, 'base64'));
        fs.renameSync(temporary, file);
        io.out(`wrote into ${name}: ${altText || '(decorative: nothing)'}`);
      }
      report.written.push(name);
    } catch (error) {
      report.failed.push({ file: name, reason: (error as Error).message });
    }
  }
  return report;
}

export function writeMetadataSummary(report: WriteMetadataReport, dryRun: boolean): string {
  const lines = [`${dryRun ? 'Would write' : 'Wrote'} alt text into ${report.written.length} image file${report.written.length === 1 ? '' : 's'}${dryRun || report.written.length === 0 ? '' : ` (each original kept as <file>${BACKUP_SUFFIX})`}.`];
  for (const [title, list] of [['Skipped', report.skipped], ['Refused', report.refused], ['Failed', report.failed]] as const) {
    if (list.length === 0) continue;
    lines.push(`${title} ${list.length}.`);
    for (const { file, reason } of list) lines.push(`  ${file}: ${reason}`);
  }
  return lines.join('\n');
}

