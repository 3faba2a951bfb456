// The fake OpenAI-compatible model (@altwise/test-support/fake-vision-server) in a process of its own,
// as a provider is another machine: the server pays only the call. On the bench's own event loop the
// fake's "300 ms" was 312 ms per call in a 2,000-item job (mean, fetch to answer): its timers fired
// late whenever the server was busy, and it parsed every request body there.
// Usage: node --import tsx external-model.ts <latency-ms>; prints the port on stdout; on SIGTERM
// prints the number of calls it answered, then exits.
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';

const latencyMs = Number(process.argv[2]);
if (!Number.isFinite(latencyMs)) throw new Error('usage: external-model.ts <latency-ms>');
const vision = await startFakeVisionServer({ latencyMs });
console.log(new URL(vision.url).port);
process.on('SIGTERM', () => {
  console.log(vision.calls);
  void vision.close().then(() => process.exit(0));
});
