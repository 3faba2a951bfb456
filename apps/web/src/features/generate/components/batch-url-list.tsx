import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

export interface UrlRow {
  id: number;
  value: string;
}

export interface BatchUrlListProps {
  rows: UrlRow[];
  onChange(rows: UrlRow[]): void;
  /** Field errors by row id. */
  errors?: Record<string, string>;
  disabled?: boolean;
}

let nextRowId = 1;
export const newUrlRow = (value = ''): UrlRow => ({ id: nextRowId++, value });

/** Batch mode: one URL input per image ("Image URL 1"…), "+ Add URL", and Remove when more than one row. */
export function BatchUrlList({ rows, onChange, errors = {}, disabled }: BatchUrlListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // After adding or removing a row, keyboard focus goes to a sensible input instead of the body.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('input[type="url"]');
    inputs?.[Math.min(focusIndex.current, inputs.length - 1)]?.focus();
    focusIndex.current = null;
  }, [rows.length]);

  const update = (id: number, value: string) => onChange(rows.map((row) => (row.id === id ? { ...row, value } : row)));
  const remove = (index: number) => {
    focusIndex.current = Math.max(0, index - 1);
    onChange(rows.filter((_, i) => i !== index));
  };
  const add = () => {
    focusIndex.current = rows.length;
    onChange([...rows, newUrlRow()]);
  };

  return (
    <div>
      <ol ref={listRef} className="space-y-3">
        {rows.map((row, index) => (
          <li key={row.id} className="flex items-end gap-2">
            <TextField
              containerClassName="flex-1"
              label={`Image URL ${index + 1}`}
              type="url"
              inputMode="url"
              placeholder="https://example.com/image.jpg"
              value={row.value}
              disabled={disabled}
              error={errors[String(row.id)]}
              data-url-key={String(row.id)}
              onChange={(event) => update(row.id, event.target.value)}
            />
            {rows.length > 1 && (
              <Button
                variant="outline"
                size="md"
                className="h-[42px]"
                aria-label={`Remove image URL ${index + 1}`}
                disabled={disabled}
                onClick={() => remove(index)}
                leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
              >
                <span aria-hidden="true" className="hidden sm:inline">
                  Remove
                </span>
              </Button>
            )}
          </li>
        ))}
      </ol>
      <Button
        variant="ghost"
        size="sm"
        className="mt-3 text-blue-700 dark:text-blue-300"
        disabled={disabled}
        onClick={add}
        leftIcon={<Plus className="size-4" aria-hidden="true" />}
      >
        Add URL
      </Button>
    </div>
  );
}
