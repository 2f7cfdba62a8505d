import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EditSection } from '../../../forms/edit-section';
import { SchemaForm } from '../../../forms/schema-form';
import { useEditToggle } from '../../../forms/use-edit-toggle';
import { useSetPassword } from '../api/set-password';
import { knownStatuses } from '../../../forms/errors/server-errors';
import { useFormSubmission } from '../../../forms/use-form-submission';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: Partial<PasswordForm> = {};
// Too many wrong current passwords: said at that field.
const understood = knownStatuses({ 429: { '/currentPassword': 'Validation.TooManyAttempts' } });

export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation(['account']);
  const toggle = useEditToggle();
  const { mutateAsync } = useSetPassword();
  const send = useCallback(
    (data: PasswordForm) => mutateAsync({ currentPassword: data.currentPassword, email, newPassword: data.newPassword }),
    [email, mutateAsync],
  );
  const form = useFormSubmission<Partial<PasswordForm>>({
    initial: EMPTY,
    send: send as (data: Partial<PasswordForm>) => Promise<unknown>,
    successToast: 'Toast.Success.PasswordEdited',
    toggle,
    understood,
  });
  return (
    <section aria-labelledby="change-password-heading">
      <EditSection toggle={form.editToggle} editLabel={t('Password.EditTop')} heading={<h2 id="change-password-heading">{t('Password.Heading')}</h2>}>
        <p>{t('Password.Intro')}</p>
        <SchemaForm<Partial<PasswordForm>> form="password" {...form} submitLabel="account:Password.Submit" />
      </EditSection>
    </section>
  );
}
