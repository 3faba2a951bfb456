// Each result of the SARIF the action uploads gets GitHub's primaryLocationLineHash for its first
// line, beside Altwise's own image fingerprint: without it code scanning cannot match an alert across
// commits and opens duplicates. The files are the checkout's (the head commit's) own.
import fs from 'node:fs';
import path from 'node:path';
import type { Log } from 'sarif';
import { isInside } from '@altwise/cli/action-kit';
import { lineHashes } from './line-hash';

export function addLineHashes(log: Log, workspace: string): Log {
  const byFile = new Map<string, string[] | undefined>();
  const hashesOf = (uri: string) => {
    if (!byFile.has(uri)) {
      const file = path.resolve(workspace, decodeURIComponent(uri));
      byFile.set(
        uri,
        isInside(file, [workspace]) && fs.existsSync(file)
          ? lineHashes(fs.readFileSync(file, 'utf8'))
          : undefined,
      );
    }
    return byFile.get(uri);
  };
  for (const run of log.runs) {
    for (const result of run.results ?? []) {
      const location = result.locations?.[0]?.physicalLocation;
      const uri = location?.artifactLocation?.uri;
      const line = location?.region?.startLine ?? 1;
      const hash = uri === undefined ? undefined : hashesOf(uri)?.[line - 1];
      if (hash) result.partialFingerprints = { ...result.partialFingerprints, primaryLocationLineHash: hash };
    }
  }
  return log;
}
