import type { User } from '@altwise/shared';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { profileFormSchema, useUpdateProfile } from '../api/update-profile';

type Field = 'firstName' | 'lastName' | 'email' | 'company';
type Values = Record<Field, string>;

interface FieldSpec {
  name: Field;
  label: string;
  autoComplete: string;
  type?: 'email';
  optional?: boolean;
  placeholder?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'company', label: 'Company', optional: true, autoComplete: 'organization', placeholder: 'Your company name' },
];

const valuesOf = (user: User | null): Values => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  company: user?.company ?? '',
});

/** "Personal Information": read-only until Edit Profile; Cancel resets; Save Changes sends PUT /v1/user. */
export function ProfileForm({ user }: { user: User | null }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const { formRef, errors, setErrors, showErrors } = useFieldErrors<Field>();
  const update = useUpdateProfile();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);

  // Outside edit mode the fields mirror the stored user (e.g. after the shell refreshed it).
  useEffect(() => {
    if (!editing) setValues(valuesOf(user));
  }, [user, editing]);

  // Entering edit mode puts the cursor in the first field; leaving it returns to Edit Profile.
  useEffect(() => {
    if (editing && !wasEditing.current) firstFieldRef.current?.focus();
    if (!editing && wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onCancel = () => {
    setValues(valuesOf(user));
    setErrors({});
    setEditing(false);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing || update.isPending) return;
    const parsed = profileFormSchema.safeParse({ ...values, company: values.company.trim() || null });
    if (!parsed.success) {
      showErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      toast.success('Profile updated successfully!');
      setEditing(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const readOnly = !editing;
  return (
    <Card>
      <CardHeader
        title="Personal Information"
        description={editing ? 'Change your details, then save.' : 'The name and address on your account.'}
        action={
          !editing && (
            <Button
              ref={editButtonRef}
              variant="outline"
              size="sm"
              leftIcon={<Pencil className="size-4" aria-hidden="true" />}
              onClick={() => setEditing(true)}
            >
              Edit Profile
            </Button>
          )
        }
      />
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Personal Information">
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map(({ name, ...field }) => (
            <TextField
              key={name}
              ref={name === 'firstName' ? firstFieldRef : undefined}
              {...field}
              name={name}
              readOnly={readOnly}
              value={values[name]}
              onChange={set(name)}
              error={errors[name]}
            />
          ))}
        </div>
        {editing && (
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="outline" onClick={onCancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={update.isPending} loadingText="Updating...">
              Save Changes
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
