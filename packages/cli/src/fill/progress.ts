import type { FillIo } from './fill';

/** A progress bar on a terminal; one plain line per image otherwise (CI logs, pipes). */
export function createProgress(io: FillIo, total: number) {
  let count = 0;
  const width = 30;
  const draw = () => {
    const filled = total === 0 ? width : Math.round((count / total) * width);
    io.err(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${count}/${total}`);
  };
  if (io.isTTY && total > 0) draw();
  return {
    done(line: string) {
      count += 1;
      if (io.isTTY) draw();
      else io.err(`${line}\n`);
    },
    finish() {
      if (io.isTTY && total > 0) io.err('\n');
    },
  };
}
