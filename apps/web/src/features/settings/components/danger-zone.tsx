import { AlertTriangle, LogOut, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { cardClasses } from '@/components/card';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useLogoutEverywhere } from '../api/logout-all';
import { DeleteAccountModal } from './delete-account-modal';

export function DangerZone() {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const logoutAll = useLogoutEverywhere();
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();

  const onSignOutEverywhere = async () => {
    try {
      await logoutAll.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    toast.success('Signed out on every device');
    // Signed out first: /login sends a signed-in visitor back to the dashboard.
    logout('session-ended');
    void navigate('/login', { replace: true });
  };

  const onDeleted = () => {
    setDeleteOpen(false);
    // A chosen sign-out lands on / (the /app guard agrees), so the order of the two does not matter.
    logout();
    void navigate('/', { replace: true });
  };

  return (
    <section aria-labelledby="danger-title" className={cn(cardClasses, 'border-red-200 p-6 dark:border-red-900')}>
      <div className="mb-2 flex items-start gap-3">
        <span className="rounded-xl bg-red-100 p-2.5 text-red-700 dark:bg-red-950 dark:text-red-300">
          <AlertTriangle className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="danger-title" className="text-lg font-semibold text-red-800 dark:text-red-300">
            Danger Zone
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-300">Actions here affect your whole account.</p>
        </div>
      </div>
      <div className="divide-y divide-gray-200 dark:divide-gray-800">
        <div className="flex flex-wrap items-center justify-between gap-4 py-4">
          <div className="min-w-0">
            <h3 className="text-sm font-medium text-gray-900 dark:text-gray-100">Sign out everywhere</h3>
            <p className="text-sm text-gray-600 dark:text-gray-300">Ends every session of your account, on all devices, including this one.</p>
          </div>
          <Button
            variant="outline"
            isLoading={logoutAll.isPending}
            loadingText="Signing out..."
            leftIcon={<LogOut className="size-4" aria-hidden="true" />}
            onClick={() => void onSignOutEverywhere()}
          >
            Sign Out Everywhere
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 pt-4">
          <div className="min-w-0">
            <h3 className="text-sm font-medium text-gray-900 dark:text-gray-100">Delete account</h3>
            <p className="text-sm text-gray-600 dark:text-gray-300">Permanently deletes your account, API keys and history.</p>
          </div>
          <Button variant="danger" leftIcon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => setDeleteOpen(true)}>
            Delete Account
          </Button>
        </div>
      </div>
      <DeleteAccountModal open={deleteOpen} onClose={() => setDeleteOpen(false)} onDeleted={onDeleted} />
    </section>
  );
}
