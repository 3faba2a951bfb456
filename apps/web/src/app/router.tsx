import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { RequireAuth } from './guards';
import { RootLayout } from './layouts/root-layout';

type PageModule = { default: ComponentType };

/** Route-level code splitting: each screen is its own chunk (the landing page never loads chart.js). */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** The signed-in screens; the short paths (/dashboard, …) redirect to /app/<path>. */
export const APP_SCREENS = ['dashboard', 'generate', 'api-keys', 'usage', 'subscription', 'profile', 'settings'] as const;

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    children: [
      {
        ...page(() => import('./layouts/public-layout')),
        children: [
          { index: true, ...page(() => import('@/features/landing/landing-page')) },
          { path: '*', ...page(() => import('./not-found-page')) },
        ],
      },
      {
        ...page(() => import('./layouts/auth-layout')),
        children: [
          { path: 'login', ...page(() => import('@/features/auth/login-page')) },
          { path: 'register', ...page(() => import('@/features/auth/register-page')) },
        ],
      },
      {
        path: 'app',
        Component: RequireAuth,
        children: [
          {
            ...page(() => import('./shell/app-layout')),
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: 'dashboard', ...page(() => import('@/features/dashboard/dashboard-page')) },
              { path: 'generate', ...page(() => import('@/features/generate/generate-page')) },
              { path: 'api-keys', ...page(() => import('@/features/api-keys/api-keys-page')) },
              { path: 'usage', ...page(() => import('@/features/usage/usage-page')) },
              { path: 'subscription', ...page(() => import('@/features/subscription/subscription-page')) },
              { path: 'profile', ...page(() => import('@/features/profile/profile-page')) },
              { path: 'settings', ...page(() => import('@/features/settings/settings-page')) },
            ],
          },
        ],
      },
      ...APP_SCREENS.map((screen) => ({
        path: screen,
        element: <Navigate to={`/app/${screen}`} replace />,
      })),
    ],
  },
];

export const router = createBrowserRouter(routes);
