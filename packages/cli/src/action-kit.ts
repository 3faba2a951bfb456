// What the GitHub Action (integrations/github-action) builds on: the same scanner, checker, edits,
// safe image reading and report formats as `altwise lint` and `altwise fill`, so a review suggests
// exactly what `fill` would write. Reached as `@altwise/cli/action-kit` inside this repository only
// (the action bundles it); the installed CLI does not ship it.
export { requestKey } from './fill/describe-cache';
export type { CachedDescription } from './fill/describe-cache';
export { applyEdits, editFor, plainAltText } from '@altwise/engine/markup';
export type { Edit } from '@altwise/engine/markup';
export { FILLABLE_EXTENSIONS } from '@altwise/engine/markup';
export { isInside, realPathOf } from './fill/folder-guard';
export type { FoundImage } from '@altwise/engine/markup';
export { readLocalImage } from './fill/image-bytes';
export { draftWhy, verdictOf } from './fill/verdict';
export type { ChangedLines } from './lint/changed-lines';
export { githubFormat } from './lint/formats/github-format';
export { sarifLog } from './lint/formats/sarif-format';
export { loadLintConfig } from './lint/lint-config';
export type { LintConfig } from './lint/lint-config';
export { lintFiles, lintSource } from './lint/lint-files';
export type { LintedImage } from './lint/lint-files';
export type { LintFinding, LintReport } from './lint/lint-report';
export { lineStarts, positionOf } from './lint/source-positions';
// Changed paths are matched as written: [slug].tsx is a file name, not a pattern.
export { escapePath } from 'tinyglobby';
