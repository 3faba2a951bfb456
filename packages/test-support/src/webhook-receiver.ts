// A loopback webhook receiver for the suites that prove deliveries: it records every request and
// answers what the test asks for (the queued statuses first, then `status`, then 200).
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  readonly received: ReceivedWebhook[];
  /** Statuses for the next requests, in order; push to make a delivery fail. */
  readonly statuses: number[];
  /** For WEBHOOK_ALLOW. */
  readonly hostPort: string;
  readonly url: string;
  close(): Promise<void>;
}

export async function startWebhookReceiver(options: { path?: string; status?: (hook: ReceivedWebhook) => number } = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const hook = { headers: request.headers, body };
      received.push(hook);
      response.statusCode = statuses.shift() ?? options.status?.(hook) ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    statuses,
    hostPort: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}${options.path ?? '/hooks'}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
