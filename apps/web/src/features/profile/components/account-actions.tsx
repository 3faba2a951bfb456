import { CreditCard, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { Card, CardHeader } from '@/components/card';

export function AccountActions() {
  return (
    <Card>
      <CardHeader title="Account Actions" />
      <div className="flex flex-col gap-3">
        <Link to="/api-keys" className={buttonClasses({ variant: 'outline', fullWidth: true, className: 'justify-start' })}>
          <KeyRound className="size-4" aria-hidden="true" />
          Manage API Keys
        </Link>
        <Link to="/subscription" className={buttonClasses({ variant: 'outline', fullWidth: true, className: 'justify-start' })}>
          <CreditCard className="size-4" aria-hidden="true" />
          View Subscription
        </Link>
      </div>
    </Card>
  );
}
