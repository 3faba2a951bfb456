// A real Altwise server (the API alone: the plugin needs no web app) on a free loopback port.
import type { ServerProcess } from '../../../../apps/server/test/support/server-process';
import { startServerProcess } from '../../../../apps/server/test/support/server-process';

export type AltwiseServer = ServerProcess;

export function startAltwise(env: Record<string, string>): Promise<AltwiseServer> {
  return startServerProcess({ NODE_ENV: 'production', REGISTRATIONS_PER_HOUR: '1000', BILLING_PROVIDER: 'test', ...env }, { dataDirPrefix: 'altwise-wp-server-' });
}

/** A Pro account (bulk jobs) and an API key for it. */
export async function proAccountKey(url: string): Promise<string> {
  const email = `wp.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const call = async (method: string, route: string, body: unknown, token?: string) => {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const registered = await call('POST', '/auth/register', { firstName: 'Wendy', lastName: 'Press', email, password: 'Compil3rRocks' });
  await call('POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_wp_test' }, registered.token);
  const key = await call('POST', '/v1/api-keys', { name: 'WordPress' }, registered.token);
  return key.key ?? key.apiKey ?? key.secret;
}
