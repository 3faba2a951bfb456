// The words of the review: a summary, and one comment per run of lines. Every piece of text that
// comes from the pull request, the model or the server (a src, a path, lint's reason, which may quote
// them) goes through inlineCode or fencedBlock, never into the Markdown as it is. A comment whose text a
// vision model wrote is a GitHub suggested change (one click to commit); a draft is a plain comment
// that says so, and so is an alt text whose readings disagree (verify): it says on what, in words. Markers (HTML comments, invisible on GitHub) let a re-run find its own review.
import type { LintReport } from '@altwise/cli/action-kit';
import { draftWhy } from '@altwise/cli/action-kit';
import { CLAIM_KIND_NAMES, readingsSentence } from '@altwise/shared';
import { fencedBlock, inlineCode } from './markdown-text';
import type { ImageProposal, LineProposal, NotSuggested } from './suggestions';

export const REVIEW_MARKER = '<!-- altwise:review -->';
export const COMMENT_MARKER = '<!-- altwise:suggestion -->';
export const SUPERSEDED = `${REVIEW_MARKER}\nAltwise: superseded by a later Altwise review on this pull request.`;

export function commentBody(line: LineProposal): string {
  const about = line.proposals
    .map((proposal) => `${inlineCode(proposal.image.src)}: ${inlineCode(proposal.why)}`)
    .join('\n- ');
  const head =
    line.proposals.length === 1
      ? `**Alt text** for ${about}`
      : `**Alt text** for ${line.proposals.length} images:\n- ${about}`;
  if (line.uncertain && !line.draft) return uncertainBody(head, line);
  if (!line.draft) {
    return `${COMMENT_MARKER}\n${head}\n\n${fencedBlock('suggestion', line.replacement)}\n\nWritten by a vision model through Altwise: check that it says what the image means here before committing.`;
  }
  const drafts = line.proposals.map((proposal) => {
    const note =
      proposal.description.verification === 'draft'
        ? `draft: ${draftWhy(proposal.description)}`
        : 'written by a vision model';
    return `${inlineCode(proposal.image.src)} (${note}):\n\n${fencedBlock('text', proposal.altText)}`;
  });
  return `${COMMENT_MARKER}\n${head}\n\n**Draft, not a suggestion**: no vision model described ${line.proposals.length === 1 ? 'this image' : 'every image here'}, so there is nothing to commit in one click. A starting point to check and write yourself:\n\n${drafts.join('\n\n')}`;
}

/** "- Colour: 2 of 3 readings say `red`, 1 says `orange`": each value a model wrote, as code. */
function disagreements(proposal: ImageProposal): string {
  const samples = proposal.samples ?? Math.max(...proposal.uncertain.map((entry) => entry.readings.reduce((sum, { count }) => sum + count, 0)));
  return proposal.uncertain.map((entry) => `- ${CLAIM_KIND_NAMES[entry.kind]}: ${readingsSentence(entry, samples, inlineCode)}`).join('\n');
}

/** Readings that disagree: no one-click commit of a guess. What they say, and the majority's text to check. */
function uncertainBody(head: string, line: LineProposal): string {
  const images = line.proposals.map((proposal) => {
    const why =
      proposal.uncertain.length > 0
        ? `the readings disagree:\n\n${disagreements(proposal)}`
        : 'the readings agree';
    return `${inlineCode(proposal.image.src)}, ${why}\n\nThe majority's reading:\n\n${fencedBlock('text', proposal.altText)}`;
  });
  const one = line.proposals.length === 1;
  return `${COMMENT_MARKER}\n${head}\n\n**Readings disagree, not a suggestion**: several readings of ${one ? 'this image' : 'these images'} by a vision model contradict each other, so there is nothing to commit in one click. Look at the image, then write the alt text yourself:\n\n${images.join('\n\n')}`;
}

export interface ReviewSummary {
  report: LintReport;
  gate: string;
  commented: LineProposal[];
  /** Proposals GitHub cannot place on a line (outside the diff's hunks): given in the summary. */
  unplaced: LineProposal[];
  notSuggested: NotSuggested[];
}

export function reviewBody(summary: ReviewSummary): string {
  const images = (lines: LineProposal[]) => lines.reduce((count, line) => count + line.proposals.length, 0);
  const suggested = images(summary.commented.filter((line) => !line.draft && !line.uncertain));
  const drafts = images(summary.commented.filter((line) => line.draft));
  const uncertain = images(summary.commented.filter((line) => line.uncertain && !line.draft));
  const { errors, warnings } = summary.report.summary;
  const parts = [
    REVIEW_MARKER,
    '### Altwise: alt text in this pull request',
    `On the lines this pull request changes: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${summary.gate}).`,
  ];
  if (suggested + drafts + uncertain === 0 && summary.unplaced.length === 0)
    parts.push(
      'Nothing to suggest now: every changed image has alt text the checker accepts, or a person marked it.',
    );
  if (suggested > 0)
    parts.push(
      `${suggested} suggested alt text${suggested === 1 ? '' : 's'} below, written by a vision model: review each, then commit it with "Commit suggestion".`,
    );
  if (drafts > 0)
    parts.push(
      `${drafts} draft${drafts === 1 ? '' : 's'} below as plain comments: no vision model described ${drafts === 1 ? 'that image' : 'those images'}, so ${drafts === 1 ? 'it is' : 'they are'} not offered as a suggestion.`,
    );
  if (uncertain > 0)
    parts.push(
      `${uncertain} alt text${uncertain === 1 ? '' : 's'} below as plain comments: the vision model's readings of ${uncertain === 1 ? 'that image' : 'those images'} disagree, and each comment says on what, so ${uncertain === 1 ? 'it is' : 'they are'} not offered as a suggestion.`,
    );
  if (summary.unplaced.length > 0) {
    parts.push('Not on a line of the diff GitHub can comment on:');
    for (const line of summary.unplaced) {
      for (const proposal of line.proposals) {
        const kind =
          proposal.description.verification === 'draft'
            ? 'draft'
            : proposal.uncertain.length > 0
              ? 'readings disagree'
              : 'proposed';
        parts.push(
          `- ${inlineCode(`${line.file}:${proposal.image.line}`)} ${inlineCode(proposal.image.src)}, ${kind}: ${inlineCode(proposal.altText)}`,
        );
      }
    }
  }
  if (summary.notSuggested.length > 0) {
    parts.push('No suggestion for:');
    for (const item of summary.notSuggested)
      parts.push(
        `- ${inlineCode(`${item.file}:${item.line}`)} ${inlineCode(item.src)}: ${inlineCode(item.reason)}`,
      );
  }
  return parts.join('\n\n');
}
