// A loopback TCP proxy a test can stall (it keeps every connection open but forwards nothing, as a
// hung network or a frozen database host would) or cut (every connection dropped and new ones
// refused, as a restarting database or a lost route would). Used to prove timeouts and recovery,
// never to reach anything beyond 127.0.0.1.
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Stop forwarding in both directions; new connections are accepted and left silent. */
  stall(): void;
  /** Drop every connection now, and every new one at once, until `heal`. */
  cut(): void;
  /** Forward again (stalled or cut); connections made during a stall stay silent (their clients gave up on them). */
  heal(): void;
  /** Connections forwarded right now. */
  readonly open: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let stalled = false;
  let cut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) {
      client.on('error', () => undefined);
      client.destroy();
      return;
    }
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (stalled) return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stall() {
      stalled = true;
    },
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    heal() {
      stalled = false;
      cut = false;
    },
    get open() {
      return [...sockets].filter((socket) => !socket.destroyed).length;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
