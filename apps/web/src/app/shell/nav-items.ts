import { BarChart3, CreditCard, Key, Layers, LayoutDashboard, Radar, ScanSearch, Settings, Sparkles, User } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar, in the original order (docs/product-decisions.md#app-shell). */
export const NAV_ITEMS: NavItem[] = [
  { to: '/app/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/app/generate', label: 'Generate Alt Text', icon: Sparkles },
  { to: '/app/jobs', label: 'Bulk jobs', icon: Layers },
  { to: '/app/audit', label: 'Audit a page', icon: ScanSearch },
  { to: '/app/monitors', label: 'Site monitors', icon: Radar },
  { to: '/app/api-keys', label: 'API Keys', icon: Key },
  { to: '/app/usage', label: 'Usage & Analytics', icon: BarChart3 },
  { to: '/app/subscription', label: 'Subscription', icon: CreditCard },
  { to: '/app/profile', label: 'Profile', icon: User },
  { to: '/app/settings', label: 'Settings', icon: Settings },
];
