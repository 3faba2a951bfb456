import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/spinner';
import { cn } from '@/lib/cn';
import { useUiStore } from '@/lib/ui-store';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useProfileSync } from './use-profile-sync';

/** The signed-in shell: sidebar, top bar and the current screen in <main id="main">. */
export default function AppLayout() {
  useProfileSync();
  const collapsed = useUiStore((state) => state.sidebarCollapsed);
  // The small screens' drawer is modal: nothing behind it takes focus or clicks while it is open.
  const drawerOpen = useUiStore((state) => state.sidebarOpen);
  return (
    <div className="min-h-screen bg-gray-50 dark:bg-gray-950">
      <Sidebar />
      <div inert={drawerOpen} className={cn('flex min-h-screen flex-col transition-[padding] duration-200', collapsed ? 'lg:pl-20' : 'lg:pl-64')}>
        <TopBar />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto max-w-7xl">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
