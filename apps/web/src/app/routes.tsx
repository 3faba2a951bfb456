import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { RequireAuth } from './guards';
import { RootLayout } from './layouts/root-layout';
import { LayoutErrorPage, RouteErrorContent } from './route-error-page';

type PageModule = { default: ComponentType };

/**
 * A screen's chunk, or, when it cannot be fetched (a deploy removed it), a component that throws
 * that error as it renders. A rejected `lazy` leaves React Router rendering nothing below the
 * parent (it still sees a route waiting for its code); a render error reaches the route's
 * ErrorBoundary like any other.
 */
export async function loadScreen(load: () => Promise<PageModule>): Promise<{ Component: ComponentType }> {
  try {
    return { Component: (await load()).default };
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
}

/**
 * Route-level code splitting: each screen is its own chunk (the landing page never loads chart.js).
 * A screen that fails to load or render shows the error inside its layout (the shell stays).
 */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> => ({
  lazy: () => loadScreen(load),
  ErrorBoundary: RouteErrorContent,
});

/** A layout (its chunk failed, or it threw): nothing of it is left, so the error page brings its own <main>. */
const layout = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> => ({
  lazy: () => loadScreen(load),
  ErrorBoundary: LayoutErrorPage,
});

/** The signed-in screens; the short paths (/dashboard, …) redirect to /app/<path>. */
export const APP_SCREENS = ['dashboard', 'generate', 'audit', 'monitors', 'api-keys', 'usage', 'subscription', 'profile', 'settings'] as const;

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: LayoutErrorPage,
    children: [
      {
        ...layout(() => import('./layouts/public-layout')),
        children: [
          { index: true, ...page(() => import('@/features/landing/landing-page')) },
          { path: 'terms', ...page(() => import('@/features/legal/terms-page')) },
          { path: 'privacy', ...page(() => import('@/features/legal/privacy-page')) },
          { path: 'integrations', ...page(() => import('@/features/integrations/integrations-page')) },
          { path: '*', ...page(() => import('./not-found-page')) },
        ],
      },
      {
        ...layout(() => import('./layouts/auth-layout')),
        children: [
          { path: 'login', ...page(() => import('@/features/auth/login-page')) },
          { path: 'register', ...page(() => import('@/features/auth/register-page')) },
          { path: 'forgot-password', ...page(() => import('@/features/auth/forgot-password-page')) },
          { path: 'reset-password', ...page(() => import('@/features/auth/reset-password-page')) },
          { path: 'confirm-email', ...page(() => import('@/features/auth/confirm-email-page')) },
          { path: 'undo-email-change', ...page(() => import('@/features/auth/undo-email-change-page')) },
          { path: 'verify-email', ...page(() => import('@/features/auth/verify-email-page')) },
        ],
      },
      {
        path: 'app',
        Component: RequireAuth,
        ErrorBoundary: LayoutErrorPage,
        children: [
          {
            ...layout(() => import('./shell/app-layout')),
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: 'dashboard', ...page(() => import('@/features/dashboard/dashboard-page')) },
              { path: 'generate', ...page(() => import('@/features/generate/generate-page')) },
              { path: 'audit', ...page(() => import('@/features/audits/audit-page')) },
              { path: 'audit/:id', ...page(() => import('@/features/audits/past-audit-page')) },
              { path: 'api-keys', ...page(() => import('@/features/api-keys/api-keys-page')) },
              { path: 'jobs', ...page(() => import('@/features/jobs/jobs-page')) },
              { path: 'jobs/:id', ...page(() => import('@/features/jobs/job-page')) },
              { path: 'monitors', ...page(() => import('@/features/monitors/monitors-page')) },
              { path: 'monitors/:id', ...page(() => import('@/features/monitors/monitor-page')) },
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

