import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Runs one of this folder's loopback services (a TypeScript file that prints its port as its first
 * line) in a process of its own, as a real host or provider would be: the server pays only its calls.
 * `stop` ends it (SIGTERM) and resolves with what it printed after the port.
 */
export async function startLoopbackProcess(script: string, args: string[]): Promise<{ port: number; stop(): Promise<string[]> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  // 'close', not 'exit': the last lines may still be on their way after the process exits.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      lines.push(...chunk.split('\n').filter(Boolean));
      if (lines.length > 0) resolve(Number(lines[0]));
    });
    void closed.then(() => reject(new Error(`${script} ended before it listened`)));
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await closed;
      return lines.slice(1);
    },
  };
}
