// GitHub code scanning tells one alert from another by `partialFingerprints.primaryLocationLineHash`
// ("code scanning only uses the primaryLocationLineHash"); github/codeql-action's upload computes it
// when a SARIF file lacks it, but the REST upload the action uses does not. This is that documented
// algorithm (codeql-action src/fingerprints.ts): a rolling hash, base 37 in signed 64-bit arithmetic,
// over the first 100 characters from the start of each line, skipping spaces and tabs, with \r, \n
// and \r\n all one line end, the end of the file marked by 65535 and padded with zeros; each value is
// suffixed with how often it has occurred so far (":1", ":2").

const BLOCK = 100;
const BASE = 37n;
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const END_OF_FILE = 65535;
const wrap = (value: bigint) => BigInt.asIntN(64, value);
const FIRST_MOD = (() => {
  let value = 1n;
  for (let i = 0; i < BLOCK; i += 1) value = wrap(value * BASE);
  return value;
})();

/** The primaryLocationLineHash of every line of `text`, index 0 for line 1. */
export function lineHashes(text: string): string[] {
  const hashes: string[] = [];
  const window: number[] = Array<number>(BLOCK).fill(0);
  const lineAt: number[] = Array<number>(BLOCK).fill(-1);
  const counts = new Map<string, number>();
  let hash = 0n;
  let index = 0;
  let line = 0;
  let lineStart = true;
  let afterCr = false;

  const emit = () => {
    const value = BigInt.asUintN(64, hash).toString(16);
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    hashes[lineAt[index]! - 1] = `${value}:${count}`;
    lineAt[index] = -1;
  };
  const roll = (code: number) => {
    const leaving = window[index]!;
    window[index] = code;
    hash = wrap(BASE * hash + BigInt(code) - FIRST_MOD * BigInt(leaving));
    index = (index + 1) % BLOCK;
  };
  const take = (raw: number) => {
    let code = raw;
    if (code === SPACE || code === TAB || (afterCr && code === LF)) {
      afterCr = false;
      return;
    }
    afterCr = code === CR;
    if (code === CR) code = LF;
    if (lineAt[index] !== -1) emit();
    if (lineStart) {
      lineStart = false;
      line += 1;
      lineAt[index] = line;
    }
    if (code === LF) lineStart = true;
    roll(code);
  };

  for (let i = 0; i < text.length; i += 1) take(text.charCodeAt(i));
  take(END_OF_FILE);
  for (let i = 0; i < BLOCK; i += 1) {
    if (lineAt[index] !== -1) emit();
    roll(0);
  }
  return hashes;
}
