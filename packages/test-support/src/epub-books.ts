// EPUBs made in the tests (no binary fixture to review): EPUB 3 and EPUB 2 books with text, photos,
// a chart, a decorative rule, a publisher's alt text and two languages, and hostile archives.
import sharp from 'sharp';
import yazl from 'yazl';

export interface BookFile {
  name: string;
  data: Buffer | string;
  /** Stored rather than deflated. */
  store?: boolean;
}

export function zipOf(files: readonly BookFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data, 'utf8'), file.name, { compress: file.store !== true, mtime: new Date('2026-01-02T03:04:05Z') });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const picture = (r: number, g: number, b: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 40 + r % 20, height: 30, channels: 3, background: { r, g, b } } })[format]().toBuffer();

export const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

const OPF3 = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:5b0c7f52-3f6e-4a53-9d55-2f3a43b5b001</dc:identifier>
    <dc:title>Harbours of the North</dc:title>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2026-01-02T03:04:05Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="ch1" href="text/chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
    <item id="harbour" href="images/harbour.png" media-type="image/png"/>
    <item id="chart" href="images/catch-chart.png" media-type="image/png"/>
    <item id="boat" href="images/boat.jpg" media-type="image/jpeg"/>
    <item id="lighthouse" href="images/lighthouse.png" media-type="image/png"/>
    <item id="rule" href="images/rule.png" media-type="image/png"/>
  </manifest>
  <spine>
    <itemref idref="ch1"/>
  </spine>
</package>
`;

const NAV = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><title>Contents</title></head>
<body>
  <nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="text/chapter1.xhtml">Harbours</a></li></ol></nav>
</body>
</html>
`;

/** Three images without alt (a photo, a chart in a figure, a photo in a French passage), a publisher's alt, a decorative rule. */
export const CHAPTER = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><title>Harbours</title><link rel="stylesheet" type="text/css" href="../style.css"/></head>
<body>
  <section epub:type="chapter">
    <h1>Harbours of the North</h1>
    <p>Every spring the fleet returns to the old harbour &amp; its stone pier.</p>
    <img src="../images/harbour.png"/>
    <figure>
      <img src="../images/catch-chart.png"/>
      <figcaption>Figure 1. Catch per season, 2020&#8211;2025.</figcaption>
    </figure>
    <p><img src="../images/rule.png" alt=""/></p>
    <img src="../images/lighthouse.png" alt="The red lighthouse at the harbour mouth"/>
    <div xml:lang="fr" lang="fr">
      <p>Le bateau rentre au port à l’aube.</p>
      <img src="../images/boat.jpg"/>
    </div>
  </section>
</body>
</html>
`;

export async function epub3Files(): Promise<BookFile[]> {
  return [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    { name: 'META-INF/container.xml', data: CONTAINER },
    { name: 'OEBPS/content.opf', data: OPF3 },
    { name: 'OEBPS/nav.xhtml', data: NAV },
    { name: 'OEBPS/text/chapter1.xhtml', data: CHAPTER },
    { name: 'OEBPS/style.css', data: 'body { font-family: serif; }\nimg { max-width: 100%; }\n' },
    { name: 'OEBPS/images/harbour.png', data: await picture(20, 90, 160) },
    { name: 'OEBPS/images/catch-chart.png', data: await picture(240, 240, 250) },
    { name: 'OEBPS/images/boat.jpg', data: await picture(120, 60, 30, 'jpeg') },
    { name: 'OEBPS/images/lighthouse.png', data: await picture(200, 20, 20) },
    { name: 'OEBPS/images/rule.png', data: await picture(0, 0, 0) },
  ];
}

export const epub3 = async () => zipOf(await epub3Files());

const OPF2 = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="uid" opf:scheme="UUID">5b0c7f52-3f6e-4a53-9d55-2f3a43b5b002</dc:identifier>
    <dc:title>Harbours of the North</dc:title>
    <dc:language>en</dc:language>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="ch1" href="chapter1.xhtml" media-type="application/xhtml+xml"/>
    <item id="harbour" href="images/harbour.png" media-type="image/png"/>
    <item id="boat" href="images/boat.jpg" media-type="image/jpeg"/>
  </manifest>
  <spine toc="ncx">
    <itemref idref="ch1"/>
  </spine>
</package>
`;

const NCX = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
  <head><meta name="dtb:uid" content="5b0c7f52-3f6e-4a53-9d55-2f3a43b5b002"/><meta name="dtb:depth" content="1"/><meta name="dtb:totalPageCount" content="0"/><meta name="dtb:maxPageNumber" content="0"/></head>
  <docTitle><text>Harbours of the North</text></docTitle>
  <navMap><navPoint id="p1" playOrder="1"><navLabel><text>Harbours</text></navLabel><content src="chapter1.xhtml"/></navPoint></navMap>
</ncx>
`;

const CHAPTER2 = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">
<head><title>Harbours</title></head>
<body>
  <h1>Harbours of the North</h1>
  <p>Every spring the fleet returns to the old harbour.</p>
  <p><img src="images/harbour.png"/></p>
  <div xml:lang="fr"><p>Le bateau rentre au port.</p><p><img src="images/boat.jpg"/></p></div>
</body>
</html>
`;

/** An EPUB 2 book (XHTML 1.1, an NCX): its two images lack the alt its DTD requires. */
export async function epub2(): Promise<Buffer> {
  return zipOf([
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    { name: 'META-INF/container.xml', data: CONTAINER.replace('OEBPS/content.opf', 'OPS/content.opf') },
    { name: 'OPS/content.opf', data: OPF2 },
    { name: 'OPS/toc.ncx', data: NCX },
    { name: 'OPS/chapter1.xhtml', data: CHAPTER2 },
    { name: 'OPS/images/harbour.png', data: await picture(20, 90, 160) },
    { name: 'OPS/images/boat.jpg', data: await picture(120, 60, 30, 'jpeg') },
  ]);
}
