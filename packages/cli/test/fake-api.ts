// A loopback stand-in for the two Altwise endpoints `altwise fill` and `altwise check` call, which
// records every request (its key, its body) and answers what the test chooses: a hostile alt text,
// a draft. The real server's side of these answers is tested in apps/server.
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeAnswer {
  altText: string;
  verification?: string;
  verificationReason?: string;
  /** The server's checker's issues with the answer (default none). */
  issues?: Array<{ id: string; severity: 'error' | 'warning' | 'info'; message: string }>;
  /** With verify: the readings made, and what they disagree on (non-empty: not compliant). */
  samples?: number;
  uncertain?: Array<{ kind: string; readings: Array<{ value: string; count: number }> }>;
  /** Answer this API error instead (status default 400). */
  error?: { code: string; message: string };
  status?: number;
}

export interface FakeApi {
  url: string;
  requests: RecordedRequest[];
  /** What POST /api/v1/images answers, given the request's body. */
  answer: (body: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>;
  /** What POST /api/v1/audits answers (201); unset: 404. */
  audit?: (body: Record<string, unknown>) => unknown;
  /** Any other endpoint a test stands in for (monitors…): its status and JSON body; undefined: 404. */
  route?: (method: string, path: string) => { status: number; body: unknown } | undefined;
  close(): Promise<void>;
}

export async function startFakeApi(answer: FakeApi['answer'] = () => ({ altText: 'A red car parked by the quay', verification: 'model' })): Promise<FakeApi> {
  const api: FakeApi = { url: '', requests: [], answer, close: async () => undefined };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      api.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && request.url === '/api/v1/images') {
        const result = await api.answer(body);
        if (result.error) return send(result.status ?? 400, { error: result.error });
        send(200, {
          imageUrl: 'upload://image',
          isDecorative: false,
          containsText: false,
          processingTime: 1,
          wcagCompliant: result.verification !== 'draft' && !(result.issues ?? []).some((issue) => issue.severity === 'error') && !result.uncertain?.length,
          issues: [],
          provider: 'fake',
          model: 'fake',
          cached: false,
          timestamp: new Date(0).toISOString(),
          ...result,
        });
      } else if (request.method === 'POST' && request.url === '/api/v1/audits' && api.audit) {
        send(201, await api.audit(body));
      } else if (request.method === 'POST' && request.url === '/api/v1/alt-text/check') {
        // The checker's errors for a file name and a placeholder, as the real checker gives.
        const fileName = /\.(jpe?g|png)$/i.test(String(body.altText));
        const placeholder = /^(todo|tbd|image)$/i.test(String(body.altText).trim());
        const issues = [
          ...(fileName ? [{ id: 'file-name', severity: 'error', message: 'The alt text is a file name' }] : []),
          ...(placeholder ? [{ id: 'placeholder', severity: 'error', message: 'The alt text is a placeholder' }] : []),
        ];
        send(200, { wcagCompliant: issues.length === 0, issues });
      } else {
        const routed = api.route?.(request.method ?? '', request.url ?? '');
        if (routed) return send(routed.status, routed.body);
        send(404, { error: { code: 'not_found', message: 'Not found' } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return api;
}
