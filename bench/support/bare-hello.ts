import Fastify from 'fastify';

/**
 * A bare Fastify app with one POST route that answers { hello: 'world' } (the body parsed as
 * Fastify parses JSON by default, then ignored): what this machine serves when nothing of ours
 * runs, the baseline our throughput is reported against (an absolute req/s depends on the machine).
 */
export async function startBareHello(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ bodyLimit: 30 * 1024 * 1024 });
  app.post('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hello`, close: () => app.close() };
}
