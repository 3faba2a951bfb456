// Several readings of one image compared claim by claim (issue 36): where they contradict each
// other is `uncertain`; the reading returned is the one whose claims have the most support.
// Deterministic, from the readings' own words: a number, a colour, quoted (or OCR'd) text or a
// named thing that differs between readings is a disagreement; a detail one reading leaves out
// is not (that is omission, not contradiction).
import type { VerifiedClaim, UncertainClaim, ClaimKind } from '@altwise/shared';
import { termsFor } from './language-terms';
import type { Reading, ReadingClaims, Token } from './reading-claims';
import { claimsOf, normaliseText } from './reading-claims';

export type { Reading } from './reading-claims';

export interface VerifyInput {
  readonly readings: readonly Reading[];
  /** BCP-47 tag of the readings' language. */
  readonly language: string;
  /** What local OCR read in the image: one more witness for the text. */
  readonly ocrText?: string;
}

export interface Verification {
  /** Index of the reading returned as the alt text. */
  readonly chosen: number;
  /** Mean share of readings that back each claim of the chosen reading (0–1, two decimals). */
  readonly agreement: number;
  readonly claims: VerifiedClaim[];
  readonly uncertain: UncertainClaim[];
}

/** What the witnesses said about one thing (the colour of the car, the text in the image). */
interface Slot {
  readonly kind: ClaimKind;
  /** Witness → the values it gave (a witness may give two: "a red and white car"). */
  readonly said: Map<number, Set<string>>;
  readonly display: Map<string, string>;
}

function addTo(slots: Map<string, Slot>, id: string, kind: ClaimKind, witness: number, value: string, display: string) {
  let slot = slots.get(id);
  if (!slot) slots.set(id, (slot = { kind, said: new Map(), display: new Map() }));
  let values = slot.said.get(witness);
  if (!values) slot.said.set(witness, (values = new Set()));
  values.add(value);
  if (!slot.display.has(value)) slot.display.set(value, display);
}

/** Values the slot's witnesses contradict each other on, with how many witnesses said each. */
function contested(slot: Slot): Map<string, number> | undefined {
  const sets = [...slot.said.values()];
  // A contradiction: two witnesses each say something the other does not (not one saying less).
  const disagree = sets.some((a) => sets.some((b) => [...a].some((v) => !b.has(v)) && [...b].some((v) => !a.has(v))));
  if (!disagree) return undefined;
  const counts = new Map<string, number>();
  for (const values of sets) for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  // What every witness said is agreed, even inside a contested slot.
  for (const [value, count] of counts) if (count === sets.length) counts.delete(value);
  return counts.size > 0 ? counts : undefined;
}

/** The longest common subsequence of two token lists, as index pairs. */
function commonRun(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Named things compared word by word: the readings aligned pairwise on their content words; a
 * word in one and a different word in the other between the same neighbours ("a [dog] sleeping"
 * / "a [cat] sleeping") is the same slot with two values. Words introducing quoted text ("reading",
 * "says") are left out: what they introduce is compared as text.
 */
function wordSlots(readings: readonly ReadingClaims[], slots: Map<string, Slot>, locatives: ReadonlySet<string>, english: boolean) {
  const content = readings.map((reading) => reading.tokens.filter((token) => token.type !== 'function' && token.type !== 'article'));
  const parent = new Map<string, string>();
  const find = (node: string): string => {
    const up = parent.get(node) ?? node;
    if (up === node) return node;
    const root = find(up);
    parent.set(node, root);
    return root;
  };
  const join = (a: string, b: string) => parent.set(find(a), find(b));
  const keyOf = (token: Token) => `${token.type}:${token.norm}`;
  for (let r = 0; r < content.length; r += 1)
    for (let s = r + 1; s < content.length; s += 1) {
      const a = content[r]!;
      const b = content[s]!;
      const pairs = commonRun(a.map(keyOf), b.map(keyOf));
      for (const [i, j] of pairs) if (a[i]!.type === 'word') join(`${r}:${i}`, `${s}:${j}`);
      const anchors: Array<[number, number]> = [[-1, -1], ...pairs, [a.length, b.length]];
      for (let k = 0; k + 1 < anchors.length; k += 1) {
        const [i0, j0] = anchors[k]!;
        const [i1, j1] = anchors[k + 1]!;
        if (i1 - i0 !== 2 || j1 - j0 !== 2) continue;
        const [x, y] = [a[i0 + 1]!, b[j0 + 1]!];
        if (x.type !== 'word' || y.type !== 'word' || a[i1]?.type === 'quote') continue;
        // A different noun ("a [dog]" / "a [cat]"), or in English a different "-ing" action; a
        // word after a word is rephrasing more often than a claim ("retriever [catching]" / "[jumps]").
        const actions = english && /ing$/i.test(x.surface) && /ing$/i.test(y.surface);
        if (!actions && !(x.nounPlace && y.nounPlace)) continue;
        join(`${r}:${i0 + 1}`, `${s}:${j0 + 1}`);
      }
    }
  const components = new Map<string, Array<[number, Token]>>();
  content.forEach((tokens, r) =>
    tokens.forEach((token, i) => {
      if (token.type !== 'word') return;
      const root = find(`${r}:${i}`);
      components.set(root, [...(components.get(root) ?? []), [r, token]]);
    }),
  );
  for (const [root, members] of components) {
    if (new Set(members.map(([r]) => r)).size < 2) continue;
    const tokens = members.map(([, token]) => token);
    const kind: ClaimKind = tokens.some((token) => token.before.some((word) => locatives.has(word)))
      ? 'setting'
      : english && tokens.every((token) => token.surface.toLowerCase().endsWith('ing'))
        ? 'action'
        : 'object';
    for (const [r, token] of members) addTo(slots, `word:${root}`, kind, r, token.norm, token.surface.toLowerCase());
  }
}

export function verifyReadings(input: VerifyInput): Verification {
  const terms = termsFor(input.language);
  const readings = input.readings.map((reading) => claimsOf(reading, terms));
  const slots = new Map<string, Slot>();
  const count = readings.length;

  readings.forEach((reading, r) => {
    for (const claim of reading.values) addTo(slots, `${claim.kind}:${claim.key}`, claim.kind, r, claim.value, claim.display);
    if (reading.text) addTo(slots, 'text', 'text', r, reading.text.value, reading.text.display);
  });
  // A count slot made only of articles ("a car" everywhere) says nothing worth comparing.
  for (const [id, slot] of slots) {
    if (!id.startsWith('count:') || id.startsWith('count:#')) continue;
    const strong = readings.some((reading, r) =>
      reading.values.some((claim) => claim.kind === 'count' && `count:${claim.key}` === id && !claim.weak && slot.said.has(r)),
    );
    if (!strong) slots.delete(id);
  }
  const ocr = input.ocrText && normaliseText(input.ocrText);
  // OCR is a witness on the text only when a reading says the image has text.
  if (ocr && slots.has('text')) addTo(slots, 'text', 'text', count, ocr, input.ocrText!.trim());
  if (!terms.unspaced) wordSlots(readings, slots, terms.locatives, terms.tag === 'en');

  const uncertain: UncertainClaim[] = [];
  const disputed = new Map<Slot, Map<string, number>>();
  for (const slot of slots.values()) {
    const counts = contested(slot);
    if (!counts) continue;
    disputed.set(slot, counts);
    uncertain.push({
      kind: slot.kind,
      readings: [...counts]
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .map(([value, n]) => ({ value: slot.display.get(value) ?? value, count: n })),
    });
  }

  // Never a minority claim: the reading with the fewest values fewer witnesses gave than another
  // value of the same slot, then the most support overall, then the first.
  const score = (r: number) => {
    let minority = 0;
    let support = 0;
    for (const slot of slots.values()) {
      const mine = slot.said.get(r);
      if (!mine) continue;
      const counts = disputed.get(slot);
      const best = counts ? Math.max(...counts.values()) : 0;
      for (const value of mine) {
        if (counts?.has(value) && counts.get(value)! < best) minority += 1;
        support += [...slot.said.values()].filter((values) => values.has(value)).length;
      }
    }
    return { minority, support };
  };
  let chosen = 0;
  let top = score(0);
  for (let r = 1; r < count; r += 1) {
    const next = score(r);
    if (next.minority < top.minority || (next.minority === top.minority && next.support > top.support)) [chosen, top] = [r, next];
  }

  const claims: VerifiedClaim[] = [];
  for (const slot of slots.values()) {
    const mine = slot.said.get(chosen);
    if (!mine) continue;
    const of = slot.kind === 'text' && slot.said.has(count) ? count + 1 : count;
    const reading = readings[chosen]!;
    for (const value of mine) {
      const support = [...slot.said.values()].filter((values) => values.has(value)).length;
      const own =
        slot.kind === 'text'
          ? reading.text?.display
          : slot.kind === 'count' || slot.kind === 'colour'
            ? reading.values.find((claim) => claim.kind === slot.kind && claim.value === value)?.text
            : reading.tokens.find((token) => token.type === 'word' && token.norm === value)?.surface;
      claims.push({ text: own ?? slot.display.get(value) ?? value, kind: slot.kind, support, of });
    }
  }
  const agreement = claims.length === 0 ? 1 : claims.reduce((sum, claim) => sum + claim.support / claim.of, 0) / claims.length;
  return { chosen, agreement: Math.round(agreement * 100) / 100, claims, uncertain };
}
