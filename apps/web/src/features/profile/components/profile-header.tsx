import type { User } from '@altwise/shared';
import { PROFILE_IMAGE_MAX_BYTES } from '@altwise/shared';
import { Building2, Camera, Mail } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage } from '@/lib/api-client';
import { capitalize, formatDate, fullName, initials, planName } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useChangeProfileImage, useProfileImage } from '../api/profile-image';

/** The profile picture: stored by the server (re-encoded, the owner's only), so it is there after a reload. */
function useProfilePicture() {
  const stored = useProfileImage();
  const change = useChangeProfileImage();
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Please select an image file');
      return;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      toast.error(`The picture can be at most ${PROFILE_IMAGE_MAX_BYTES / (1024 * 1024)} MB`);
      return;
    }
    change.mutate(file, { onSuccess: () => toast.success('Profile picture saved'), onError: (error) => toast.error(errorMessage(error)) });
  };
  const remove = () => change.mutate(null, { onSuccess: () => toast.success('Profile picture removed'), onError: (error) => toast.error(errorMessage(error)) });
  return { src: stored.data?.image ?? null, onPick, remove, busy: change.isPending };
}

export function ProfileHeader({ user }: { user: User | null }) {
  const { src, onPick, remove, busy } = useProfilePicture();
  const facts = [
    { label: 'Member Since', value: formatDate(user?.createdAt) },
    { label: 'Current Plan', value: planName(user) },
    { label: 'Account Status', value: capitalize(user?.status?.trim() || 'Active') },
  ];

  return (
    <Card padded={false} className="overflow-hidden">
      <div className="h-24 bg-gradient-to-r from-blue-700 to-violet-700" aria-hidden="true" />
      <div className="px-6 pb-6">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="relative w-fit">
            {src ? (
              <img
                src={src}
                alt="Your avatar"
                className="size-24 rounded-full object-cover ring-4 ring-white dark:ring-gray-900"
              />
            ) : (
              <span
                data-testid="avatar-initials"
                aria-hidden="true"
                className="flex size-24 items-center justify-center rounded-full bg-gradient-to-br from-blue-600 to-violet-700 text-3xl font-bold text-white ring-4 ring-white dark:ring-gray-900"
              >
                {initials(user?.firstName, user?.lastName)}
              </span>
            )}
            <label
              className="absolute -right-1 -bottom-1 flex size-9 cursor-pointer items-center justify-center rounded-full border border-gray-200 bg-white text-gray-700 shadow-sm hover:bg-gray-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700 dark:has-[:focus-visible]:ring-blue-400"
              title="Change profile picture"
            >
              <Camera className="size-4" aria-hidden="true" />
              <span className="sr-only">Change profile picture</span>
              <input type="file" accept="image/jpeg,image/png,image/gif,image/webp,image/avif" className="sr-only" onChange={onPick} />
            </label>
          </div>
          <div className="w-full min-w-0 sm:pt-14">
            <h2 className="truncate text-xl font-bold text-gray-900 dark:text-white">{fullName(user?.firstName, user?.lastName)}</h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">{user?.email}</span>
              {/* In words, not colour alone (issue 31 row 4). */}
              {user && (user.emailVerified ? <Badge tone="green" className="shrink-0">Verified</Badge> : <Badge tone="amber" className="shrink-0">Unverified</Badge>)}
            </p>
            {user?.company && (
              <p className="mt-0.5 flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300">
                <Building2 className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 truncate">{user.company}</span>
              </p>
            )}
            {src && (
              <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={remove} isLoading={busy} loadingText="Removing...">
                Remove profile picture
              </Button>
            )}
          </div>
        </div>
        <dl className="mt-6 grid gap-4 border-t border-gray-200 pt-6 sm:grid-cols-3 dark:border-gray-800">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-xl bg-gray-50 px-4 py-3 dark:bg-gray-800/60">
              <dt className="text-sm font-medium text-gray-600 dark:text-gray-300">{fact.label}</dt>
              <dd className="mt-1 font-semibold break-words text-gray-900 dark:text-white">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
