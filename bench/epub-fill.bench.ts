/**
 * altwise epub fill over a 300-image EPUB (30 content documents of 10 images each) against a fake
 * model that answers after a fixed latency, run by bench/run.ts (or alone: node --import tsx
 * bench/epub-fill.bench.ts). The time should be the model's: reading the zip, scanning the
 * documents, editing them, the OPF and writing the zip again are our overhead, reported as the
 * ratio of the whole run to the model's own share (300 answers × latency ÷ concurrency), and in
 * milliseconds with a model that answers at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Altwise } from '@altwise/sdk';
import sharp from 'sharp';
import { epubFill } from '../packages/cli/src/epub/epub-fill';
import type { BookFile } from '@altwise/test-support/epub-books';
import { CONTAINER, zipOf } from '@altwise/test-support/epub-books';
import type { BenchRow } from './support/stats';

const DOCUMENTS = 30;
const PER_DOCUMENT = 10;
// A real model takes one to several seconds an image; 100 ms keeps the bench short and our share visible.
const LATENCY_MS = 100;
const CONCURRENCY = 8;
const RATIO_TARGET = 1.5;

async function bigBook(): Promise<Buffer> {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } }).png().toBuffer();
  const files: BookFile[] = [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    { name: 'META-INF/container.xml', data: CONTAINER },
  ];
  const items: string[] = ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'];
  const spine: string[] = [];
  for (let doc = 1; doc <= DOCUMENTS; doc += 1) {
    const images = Array.from({ length: PER_DOCUMENT }, (_, index) => `<p>Paragraph ${index} of chapter ${doc}, about the harbour.</p>\n<img src="images/c${doc}-${index}.png"/>`);
    files.push({ name: `OEBPS/c${doc}.xhtml`, data: `<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en"><head><title>Chapter ${doc}</title></head><body><section>\n${images.join('\n')}\n</section></body></html>\n` });
    for (let index = 0; index < PER_DOCUMENT; index += 1) {
      files.push({ name: `OEBPS/images/c${doc}-${index}.png`, data: png });
      items.push(`<item id="i${doc}-${index}" href="images/c${doc}-${index}.png" media-type="image/png"/>`);
    }
    items.push(`<item id="c${doc}" href="c${doc}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="c${doc}"/>`);
  }
  files.push({ name: 'OEBPS/nav.xhtml', data: '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol><li><a href="c1.xhtml">One</a></li></ol></nav></body></html>\n' });
  files.push({
    name: 'OEBPS/content.opf',
    data: `<?xml version="1.0" encoding="UTF-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">\n  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n    <dc:identifier id="uid">urn:uuid:bench</dc:identifier>\n    <dc:title>Bench</dc:title>\n    <dc:language>en</dc:language>\n  </metadata>\n  <manifest>\n${items.join('\n')}\n  </manifest>\n  <spine>${spine.join('')}</spine>\n</package>\n`,
  });
  return zipOf(files);
}

const fakeModel = (latencyMs: number) =>
  ({
    describe: async (input: { fileName?: string }) => {
      if (latencyMs > 0) await sleep(latencyMs);
      return { altText: `Boats in the harbour, ${input.fileName}`, isDecorative: false, verification: 'model' };
    },
  }) as unknown as Altwise;

export async function benchEpubFill(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-bench-epub-'));
  try {
    const input = path.join(dir, 'book.epub');
    fs.writeFileSync(input, await bigBook());
    const run = async (latencyMs: number) => {
      const started = performance.now();
      const report = await epubFill(fakeModel(latencyMs), { input, output: path.join(dir, 'out.epub'), overwritePoor: false, allowDrafts: false, concurrency: CONCURRENCY }, { err: () => undefined });
      if (report.counts.described !== DOCUMENTS * PER_DOCUMENT) throw new Error(`described ${report.counts.described}`);
      return performance.now() - started;
    };
    await run(0); // warm-up: module loading, JIT
    const overhead = await run(0);
    const total = await run(LATENCY_MS);
    const model = (DOCUMENTS * PER_DOCUMENT * LATENCY_MS) / CONCURRENCY;
    const ratio = total / model;
    return [
      {
        name: `epub fill, ${DOCUMENTS * PER_DOCUMENT} images in ${DOCUMENTS} documents, a model answering in ${LATENCY_MS} ms (${CONCURRENCY} at a time): whole run ÷ the model's share`,
        measured: Number(total.toFixed(0)),
        baseline: Number(model.toFixed(0)),
        ratio: Number(ratio.toFixed(2)),
        target: `≤ ${RATIO_TARGET}`,
        pass: ratio <= RATIO_TARGET,
        unit: 'ms',
      },
      {
        name: `epub fill, the same book with a model answering at once: our overhead (zip in and out, scanning, edits, OPF)`,
        measured: Number(overhead.toFixed(0)),
        target: 'reported',
        pass: true,
        unit: 'ms',
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  console.table(await benchEpubFill());
}
