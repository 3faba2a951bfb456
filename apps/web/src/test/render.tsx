import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '@/components/toaster';

/**
 * Renders `ui` at `path` inside a memory router with the toaster and a fresh query client.
 * Every other path renders "<path> page" so tests can assert where a navigation went. `at`: the
 * URL first shown, when `path` has parameters (`/app/monitors/:id` at `/app/monitors/m1`).
 */
export function renderRoute(ui: ReactElement, { path = '/', extraPaths = [] as string[], at }: { path?: string; extraPaths?: string[]; at?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path, element: ui }, ...extraPaths.map((extra) => ({ path: extra, element: <p>{extra} page</p> }))],
    { initialEntries: [at ?? path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const sampleUser = {
  userId: 'u_1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: null,
  plan: 'free',
  status: 'active',
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export function authResponse(token = 'access-1', refreshToken = 'refresh-1') {
  return { user: sampleUser, token, refreshToken, tokens: { accessToken: token, refreshToken, expiresIn: 900 } };
}
