import { Card } from '@/components/card';
import { PageHeader } from '@/components/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MonitorList } from './components/monitor-list';
import { NewMonitorForm } from './components/new-monitor-form';

export default function MonitorsPage() {
  useDocumentTitle('Site monitors');
  return (
    <div>
      <PageHeader title="Site monitors" description="Crawl a whole site on a schedule and see what changed in its images since the last run." />
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <NewMonitorForm />
        </Card>
        <Card>
          <MonitorList />
        </Card>
      </div>
    </div>
  );
}
