import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';

/**
 * The signed-in area: an unauthenticated visitor goes to /login, replacing history. Someone who
 * just chose Logout goes to the landing page instead, whichever of the two navigations lands first.
 */
export function RequireAuth() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const leftByChoice = useAuthStore((state) => state.signOutReason === 'user');
  const location = useLocation();
  if (!isAuthenticated && leftByChoice) return <Navigate to="/" replace />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Login and register: a signed-in user goes straight to the dashboard. */
export function RedirectIfAuthenticated() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (isAuthenticated) return <Navigate to="/app/dashboard" replace />;
  return <Outlet />;
}
