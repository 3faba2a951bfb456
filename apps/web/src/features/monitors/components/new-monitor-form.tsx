import { monitorCreateSchema } from '@altwise/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useCreateMonitor } from '../api/monitor-mutations';

type Field = 'url' | 'schedule' | 'maxPages';
type Frequency = 'manual' | 'daily' | 'weekly' | 'cron';

const FREQUENCIES = [
  { value: 'manual', label: 'Manual (Run now only)' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'cron', label: 'Cron expression (UTC)' },
] as const;

interface Values {
  url: string;
  frequency: Frequency;
  cron: string;
  maxPages: string;
}

/** The request body of the values, checked with the shared schema the server validates with. */
function parse(values: Values) {
  return monitorCreateSchema.safeParse({
    url: values.url,
    schedule: values.frequency === 'cron' ? values.cron : values.frequency,
    maxPages: values.maxPages.trim() === '' ? Number.NaN : Number(values.maxPages),
  });
}

function errorsOf(values: Values) {
  const parsed = parse(values);
  if (parsed.success) return {};
  const errors = fieldErrors<Field>(parsed.error);
  // zod's own words for a non-number; the field asks for a whole number.
  if (errors.maxPages) errors.maxPages = 'Pages per run must be a whole number from 1';
  if (errors.schedule) errors.schedule = 'Enter a cron expression, e.g. 0 6 * * 1';
  return errors;
}

/** Creates a monitor, then opens its page (where "Run now" starts its first crawl). */
export function NewMonitorForm() {
  const [values, setValues] = useState<Values>({ url: '', frequency: 'manual', cron: '', maxPages: '100' });
  const { formRef, errors, setErrors, showErrors, recheck } = useFieldErrors<Field>();
  const create = useCreateMonitor();
  const navigate = useNavigate();

  const change = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const shown: Field = field === 'frequency' || field === 'cron' ? 'schedule' : field;
    recheck(shown, errorsOf(next));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(values);
    if (!parsed.success) {
      showErrors(errorsOf(values));
      return;
    }
    setErrors({});
    try {
      const monitor = await create.mutateAsync(parsed.data);
      toast.success('Monitor created');
      void navigate(`/app/monitors/${monitor.id}`);
    } catch (error) {
      const fromServer = serverFieldErrors<Field>(error, ['url', 'schedule', 'maxPages']);
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
      else toast.error(errorMessage(error));
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-labelledby="new-monitor-title">
      <h2 id="new-monitor-title" className="text-lg font-semibold text-gray-900 dark:text-white">
        New monitor
      </h2>
      <TextField
        label="Site URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/"
        hint="The crawl stays on this site: its sitemaps and the links on its pages."
        value={values.url}
        onChange={(event) => change('url', event.target.value)}
        error={errors.url}
      />
      <SelectField
        label="Schedule"
        options={FREQUENCIES}
        value={values.frequency}
        onChange={(event) => change('frequency', event.target.value)}
        error={values.frequency === 'cron' ? undefined : errors.schedule}
      />
      {values.frequency === 'cron' && (
        <TextField
          label="Cron expression"
          placeholder="0 6 * * 1"
          hint="Five fields in UTC, at most hourly: 0 6 * * 1 is Mondays at 06:00."
          value={values.cron}
          onChange={(event) => change('cron', event.target.value)}
          error={errors.schedule}
        />
      )}
      <TextField
        label="Pages per run"
        type="number"
        inputMode="numeric"
        min={1}
        hint="At most; your plan may lower it."
        value={values.maxPages}
        onChange={(event) => change('maxPages', event.target.value)}
        error={errors.maxPages}
      />
      <Button type="submit" isLoading={create.isPending} loadingText="Creating…">
        Create monitor
      </Button>
    </form>
  );
}
