import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Card } from '@/components/card';

export interface SettingsSectionProps {
  title: string;
  description?: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}

/** A card of related settings: icon, h2 title, then rows separated by rules. */
export function SettingsSection({ title, description, icon: Icon, children }: SettingsSectionProps) {
  return (
    <Card>
      <div className="mb-2 flex items-start gap-3">
        <span className="rounded-xl bg-blue-100 p-2.5 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-gray-900 dark:text-white">{title}</h2>
          {description && <p className="text-sm text-gray-600 dark:text-gray-300">{description}</p>}
        </div>
      </div>
      <div className="divide-y divide-gray-200 dark:divide-gray-800 [&>*]:py-4 [&>*:last-child]:pb-0">{children}</div>
    </Card>
  );
}
