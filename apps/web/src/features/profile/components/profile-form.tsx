import { EMAIL_CHANGE_MESSAGES, PASSWORD_MESSAGES } from '@altwise/shared';
import type { User } from '@altwise/shared';
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { Card, CardHeader } from '@/components/card';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { profileFormSchema, useUpdateProfile } from '../api/update-profile';
import { OneTimeCodeField } from '@/components/one-time-code-field';

type Field = 'firstName' | 'lastName' | 'email' | 'company';
type Values = Record<Field, string>;
/** Asked only when the email changes: the proof that it is the owner (docs/security.md). */
type ProofField = 'currentPassword' | 'code';
const noProof: Record<ProofField, string> = { currentPassword: '', code: '' };

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

/**
 * "Personal Information": read-only until Edit Profile; Cancel resets; Save Changes sends PUT
 * /v1/user. A changed email asks for the current password (and a two-factor code when the server
 * asks for one) and changes only once the link mailed to the new address is followed.
 */
export function ProfileForm({ user }: { user: User | null }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [proof, setProof] = useState(noProof);
  const [codeAsked, setCodeAsked] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const { formRef, errors, setErrors, showErrors } = useFieldErrors<Field | ProofField>();
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
  const setProofField = (field: ProofField) => (event: { target: { value: string } }) =>
    setProof((current) => ({ ...current, [field]: event.target.value }));

  const emailChanged = editing && values.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const leaveEditing = () => {
    setProof(noProof);
    setCodeAsked(false);
    setErrors({});
    setEditing(false);
  };

  const onCancel = () => {
    setValues(valuesOf(user));
    leaveEditing();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing || update.isPending) return;
    const parsed = profileFormSchema.safeParse({
      ...values,
      company: values.company.trim() || null,
      ...(emailChanged && { currentPassword: proof.currentPassword, ...(codeAsked && { code: proof.code }) }),
    });
    const found: Partial<Record<Field | ProofField, string>> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    if (emailChanged && !proof.currentPassword) found.currentPassword = PASSWORD_MESSAGES.currentPasswordRequired;
    if (!parsed.success || Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      if (saved.pendingEmail) {
        setPendingEmail(saved.pendingEmail);
        setValues(valuesOf(saved.user));
        toast.success(EMAIL_CHANGE_MESSAGES.confirmationSent);
      } else {
        toast.success('Profile updated successfully!');
      }
      leaveEditing();
    } catch (error) {
      const onFields = serverFieldErrors(error, ['currentPassword', 'code'] as const);
      if (onFields.code) setCodeAsked(true);
      if (Object.keys(onFields).length > 0) showErrors(onFields);
      else toast.error(errorMessage(error));
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
        {emailChanged && (
          <div className="mt-5 grid gap-5 sm:grid-cols-2">
            <PasswordField
              label="Current password"
              name="currentPassword"
              autoComplete="current-password"
              hint="Changing the email needs your password. We then mail a confirmation link to the new address."
              value={proof.currentPassword}
              onChange={setProofField('currentPassword')}
              error={errors.currentPassword}
            />
            {codeAsked && (
              <OneTimeCodeField
                label="Two-factor code"
                value={proof.code}
                onChange={setProofField('code')}
                error={errors.code}
              />
            )}
          </div>
        )}
        {!editing && pendingEmail && (
          <p className="mt-5 text-sm text-gray-700 dark:text-gray-200">
            A confirmation link was sent to <strong>{pendingEmail}</strong>. Your email changes when you follow it.
          </p>
        )}
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
