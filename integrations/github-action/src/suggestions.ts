// The alt text a review suggests: for each image on a changed line whose alt lint finds an error in
// (missing, or poor: never one the checker accepts, and never one a person silenced), the Altwise API
// describes the picture (read from the checkout with fill's guard, or sent as its URL), and fill's
// own edit gives the suggested line, so accepting it writes exactly what `altwise fill` would.
import path from 'node:path';
import type { CachedDescription, Edit, FoundImage, LintedImage } from '@altwise/cli/action-kit';
import {
  applyEdits,
  editFor,
  lineStarts,
  plainAltText,
  positionOf,
  readLocalImage,
  requestKey,
  verdictOf,
} from '@altwise/cli/action-kit';
import type { AltTextResult, Altwise } from '@altwise/sdk';
import pMap from 'p-map';

/** Errors a new alt text cannot fix: the markup hides the image, or marks it decorative. */
const NOT_FIXED_BY_ALT = new Set(['hidden-link-content', 'decorative-has-alt']);

export interface ImageProposal {
  image: FoundImage;
  /** Why it needs one: the error findings' messages and rules. */
  why: string;
  altText: string;
  description: CachedDescription;
  /** With verify: what the model's readings disagree on (empty when they agree). */
  uncertain: UncertainClaims;
  /** With verify: how many readings were made. */
  samples?: number;
  edit: Edit;
}

export type UncertainClaims = NonNullable<AltTextResult['uncertain']>;

/** One comment's worth: the proposals on one run of lines, and those lines as they would read. */
export interface LineProposal {
  file: string;
  startLine: number;
  endLine: number;
  proposals: ImageProposal[];
  /** The lines startLine..endLine with every proposal's edit applied. */
  replacement: string;
  /** Any proposal is a draft: then the comment suggests nothing, it says "draft". */
  draft: boolean;
  /** Any proposal's readings disagree: then the comment suggests nothing, it says what they disagree on. */
  uncertain: boolean;
}

export interface NotSuggested {
  file: string;
  line: number;
  src: string;
  reason: string;
}

export interface SuggestionRun {
  lines: LineProposal[];
  notSuggested: NotSuggested[];
  /** Descriptions asked of the API (one per picture, language and purpose). */
  described: number;
}

export interface SourceFile {
  /** Repository-relative, forward slashes. */
  relative: string;
  source: string;
  images: LintedImage[];
}

/** Whether lint's verdict on a changed image calls for new alt text, and why. */
export function needsAltText(linted: LintedImage): string | undefined {
  if (!linted.touched || linted.image.alt.state === 'unknown') return undefined;
  const errors = linted.findings.filter(
    (finding) => finding.severity === 'error' && !NOT_FIXED_BY_ALT.has(finding.ruleId),
  );
  if (errors.length === 0) return undefined;
  return errors.map((finding) => `${finding.message} (${finding.ruleId})`).join('; ');
}

type Picture = { url: string } | { bytes: Buffer; fileName: string };

export async function proposeAltText(
  files: readonly SourceFile[],
  client: Altwise,
  options: { workspace: string; root: string; language?: string; concurrency: number; verify?: boolean },
): Promise<SuggestionRun> {
  const notSuggested: NotSuggested[] = [];
  const wanted: Array<{
    file: SourceFile;
    linted: LintedImage;
    why: string;
    key: string;
    picture: Picture;
    language?: string;
  }> = [];
  for (const file of files) {
    for (const linted of file.images) {
      const why = needsAltText(linted);
      if (!why) continue;
      const { image } = linted;
      const skip = (reason: string) =>
        notSuggested.push({ file: file.relative, line: image.line, src: image.src, reason });
      if (image.source.kind === 'unresolved') {
        skip(image.source.reason);
        continue;
      }
      let picture: Picture;
      if (image.source.kind === 'url') picture = { url: image.source.url };
      else {
        // The checkout is the pull request's: a src or a symlink may point anywhere, so fill's guard decides.
        const local = readLocalImage(
          image.source.path,
          [options.workspace, options.root],
          path.relative(options.workspace, image.source.path),
        );
        if (!local.ok) {
          skip(local.reason);
          continue;
        }
        picture = { bytes: local.bytes, fileName: path.basename(image.source.path) };
      }
      const language = image.language ?? options.language;
      wanted.push({
        file,
        linted,
        why,
        picture,
        language,
        key: requestKey(picture, { language, purpose: image.purpose }),
      });
    }
  }

  // One description per picture, language and purpose, however often it appears.
  const byKey = new Map(wanted.map((entry) => [entry.key, entry]));
  type Described = CachedDescription & Pick<ImageProposal, 'uncertain' | 'samples'>;
  const described = new Map<string, Described | Error>();
  await pMap([...byKey.values()], async ({ key, picture, linted, language }) => {
    const { image } = linted;
    try {
      const input =
        'url' in picture ? { url: picture.url } : { buffer: picture.bytes, fileName: picture.fileName };
      const result = await client.describe({
        ...input,
        context: image.context || undefined,
        language,
        purpose: image.purpose,
        ...(options.verify && { verify: true }),
      });
      const altText = plainAltText(String(result.altText ?? ''));
      if (!altText) throw new Error('the server answered no alt text');
      described.set(key, {
        altText,
        ...verdictOf(result as { verification?: unknown; verificationReason?: unknown }),
        uncertain: result.uncertain ?? [],
        samples: result.samples,
      });
    } catch (error) {
      described.set(key, error instanceof Error ? error : new Error(String(error)));
    }
  }, { concurrency: options.concurrency });

  const proposalsByFile = new Map<SourceFile, ImageProposal[]>();
  for (const entry of wanted) {
    const description = described.get(entry.key)!;
    if (description instanceof Error) {
      notSuggested.push({
        file: entry.file.relative,
        line: entry.linted.image.line,
        src: entry.linted.image.src,
        reason: `the Altwise API: ${description.message}`,
      });
      continue;
    }
    const { uncertain, samples, ...verdict } = description;
    const proposal: ImageProposal = {
      image: entry.linted.image,
      why: entry.why,
      altText: description.altText,
      description: verdict,
      uncertain,
      samples,
      edit: editFor(entry.linted.image, description.altText),
    };
    proposalsByFile.set(entry.file, [...(proposalsByFile.get(entry.file) ?? []), proposal]);
  }
  const lines = [...proposalsByFile].flatMap(([file, proposals]) => lineProposals(file, proposals));
  return { lines, notSuggested, described: byKey.size };
}

/** Proposals grouped by the lines their edits touch (two images on one line make one suggestion). */
export function lineProposals(file: SourceFile, proposals: readonly ImageProposal[]): LineProposal[] {
  const starts = lineStarts(file.source);
  const spans = proposals
    .map((proposal) => ({
      proposal,
      first: positionOf(starts, proposal.edit.start).line,
      last: positionOf(starts, proposal.edit.end).line,
    }))
    .sort((a, b) => a.first - b.first);
  const groups: Array<{ first: number; last: number; proposals: ImageProposal[] }> = [];
  for (const span of spans) {
    const open = groups.at(-1);
    if (open && span.first <= open.last) {
      open.last = Math.max(open.last, span.last);
      open.proposals.push(span.proposal);
    } else groups.push({ first: span.first, last: span.last, proposals: [span.proposal] });
  }
  return groups.map(({ first, last, proposals: group }) => {
    const from = starts[first - 1]!;
    const to = last < starts.length ? starts[last]! - 1 : file.source.length;
    const shifted = group.map((proposal) => ({
      ...proposal.edit,
      start: proposal.edit.start - from,
      end: proposal.edit.end - from,
    }));
    const replacement = applyEdits(file.source.slice(from, to), shifted)
      .replace(/\r$/, '')
      .replace(/\r\n/g, '\n');
    return {
      file: file.relative,
      startLine: first,
      endLine: last,
      proposals: group,
      replacement,
      draft: group.some((proposal) => proposal.description.verification === 'draft'),
      uncertain: group.some((proposal) => proposal.uncertain.length > 0),
    };
  });
}
