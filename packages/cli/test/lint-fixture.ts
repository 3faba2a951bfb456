// A small repository with every file kind `altwise lint` reads. Each image's src names what it must
// produce: `<rule-id>.png` one finding of that rule, `ok-….png` none. The expected findings are
// computed from the files themselves (see expectedFindings), so the fixture and the test cannot drift.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LONG_ALT = 'A lighthouse on a rocky cape at dusk, its beam sweeping across the bay while small fishing boats return to harbour under violet clouds';

export const FIXTURE_FILES: Record<string, string> = {
  'site/index.html': `<!doctype html>
<html lang="en">
<body>
<p>Welcome to the harbour.</p>
<img src="missing-alt.png">
<img src="whitespace-only.png" alt=" ">
<img src="screenshot-name.png" alt="Screenshot 2024-03-05 at 10.42.13">
<img src="decorative-has-alt.png" alt="A red fox" role="presentation">
<img src="ok-decorative.png" alt="" role="presentation">
<a href="/search"><img src="purpose-not-named.png" alt=""></a>
<a href="/home"><img src="hidden-link-content.png" alt="Home" aria-hidden="true"></a>
<a href="/contact"><img src="ok-link.png" alt="Contact us"></a>
<a href="/visit"><img src="redundant-with-text.png" alt="Visit the harbour"> Visit the harbour</a>
<input type="image" src="missing-alt.png">
<!-- <img src="ok-commented-out.png"> -->
<p lang="de">Unser Hafen: <img src="placeholder.png" alt="Bild"></p>
<p lang="en">🦊 <img src="ok-bild-in-english.png" alt="Bild"></p>
</body>
</html>
`,
  'site/about.htm': `<html><body>
<img src="too-long.png" alt="${LONG_ALT}">
<img src="ok-lighthouse.png" alt="A lighthouse at dusk">
<img src="credit-line.png" alt="© 2024 Reuters">
</body></html>
`,
  'docs/post.md': `---
title: Il porto
lang: it
---
# Il porto

![IMG_2041.jpg](camera-file-name.png)
![](missing-alt.png)
[![Freccia blu](purpose-not-named.png)](https://example.com/contatti)
![Foto](placeholder.png)
![Un faro al tramonto sulla scogliera](ok-faro.png)

\`\`\`md
![image](ok-in-code.png)
\`\`\`
`,
  'docs/guide.mdx': `import Chart from './Chart';

# Guide

![Image 12](programmatic-reference.png)

<img src="template-text.png" alt="your alt text here" />

{/* altwise-ignore */}
<img src="ok-ignored.png" alt="image" />
`,
  'src/Hero.jsx': `export function Hero({ photo, caption }) {
  const icon = (
    // altwise-ignore-next-line
    <img src="/ok-next-line.png" alt="IMG_1.jpg" />
  );
  return (
    <section>
      <img src="/code-leftover.png" alt="undefined" />
      <img src={photo} alt={caption} />
      <button type="button"><img src="/purpose-not-named.png" alt="Blue arrow" /></button>
      {icon}
    </section>
  );
}
`,
  'src/Card.tsx': `export const Card = (props: { src: string }) => (
  <figure>
    <img src="/design-tool-name.png" alt="Rectangle 12" />
    <img src="/all-caps.png" alt="A RED FOX IN THE SNOW" />
    <img src="/emoji.png" alt="A fox 🦊 in the snow" />
    <img {...props} src="/ok-spread.png" />
  </figure>
);
`,
  'src/Gallery.vue': `<template>
  <div>
    <img src="./developer-note.png" alt="TODO">
    <img :src="url" alt="A harbour at dawn">
    <!-- altwise-ignore -->
    <img src="./ok-ignored.png" alt="image">
    <img src="./repeated-words.png" alt="A fox fox in the snow">
  </div>
</template>
<script setup lang="ts">
const url = '/x.png';
</script>
`,
  'src/Layout.astro': `---
const title = 'Harbour';
---
<html lang="en">
<body>
  <img src="/file-name.png" alt="hero-banner-final.png">
  <img src="/emoji-only.png" alt="🐶">
  <img src="/instruction-or-label.png" alt="Caption: a dog on the beach">
  <img src="/redundant-prefix.png" alt="Image of a dog running on the beach">
  <figure><img src="/copies-context.png" alt="A red fox sleeps in fresh snow"><figcaption>A red fox sleeps in fresh snow</figcaption></figure>
</body>
</html>
`,
  'README.txt': 'not a file kind lint reads: ![image](placeholder.png)\n',
};

export function writeRepository(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h12-lint-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export interface ExpectedFinding {
  file: string;
  line: number;
  column: number;
  ruleId: string;
}

const LINT_EXTENSIONS = /\.(?:html?|mdx?|jsx|tsx|vue|astro)$/;
// `<img … src="…/name.png"` (or `<input type="image" …>`) or `![…](name.png)`, from where the image's markup starts.
const MARKED = /<(?:img|input)\b[^>]*?\bsrc="[./]*([a-z-]+)\.png"|!\[[^\]\n]*\]\(([a-z-]+)\.png\)/g;

/** What the files' markers say lint must find, line and column counted from 1 in UTF-16 code units. */
export function expectedFindings(files: Record<string, string>): ExpectedFinding[] {
  const expected: ExpectedFinding[] = [];
  for (const [file, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    if (!LINT_EXTENSIONS.test(file)) continue;
    for (const match of content.matchAll(MARKED)) {
      const name = (match[1] ?? match[2])!;
      if (name.startsWith('ok-')) continue;
      const before = content.slice(0, match.index);
      const line = before.split('\n').length;
      expected.push({ file, line, column: match.index - before.lastIndexOf('\n'), ruleId: name });
    }
  }
  return expected;
}
