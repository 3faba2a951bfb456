// The hostile page of the audit suite and its bench: as many images as 5 MB of HTML can hold.

/** Just under the 5 MB a page may weigh: one <img> after another, about 270,000 of them. */
export function hostilePage(): { html: string; images: number } {
  const parts: string[] = ['<!doctype html><html lang="en"><head><title>Many</title></head><body>'];
  let length = parts[0]!.length;
  let images = 0;
  const limit = 5 * 1024 * 1024 - 64;
  for (;;) {
    const tag = `<img src=p${images}.png>`;
    if (length + tag.length > limit) break;
    parts.push(tag);
    length += tag.length;
    images += 1;
  }
  return { html: parts.join(''), images };
}
