import pg from 'pg';

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel (pooled connections cannot: LISTEN
 * belongs to a session). Reconnects after a second when the connection drops; what was sent while
 * it was down is lost, which callers cover with short cache lifetimes.
 */
export function listenForNotifications(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onError: (error: Error) => void,
): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: 'altwise-listener', keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onMessage(message.payload);
    });
    const reconnect = (error?: Error) => {
      if (error) onError(error);
      if (closed || client !== next) return;
      client = null;
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), 1_000).unref();
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      reconnect(error as Error);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
