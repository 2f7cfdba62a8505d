// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { useEditToggle } from '../../../src/portal/forms/use-edit-toggle';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

const { wrapper, i18n } = setup('en');
const t = (key: string) => i18n.t(key);
const firstName = () => screen.getByLabelText(labelled(i18n.t('Fields.givenName.firstName.label', { ns: 'fields' })));

function EditableProfile({ onSubmit }: { onSubmit: (data: unknown) => Promise<unknown> }) {
  const toggle = useEditToggle();
  return <SchemaForm form="profile" formData={SAMPLES.profile} editToggle={toggle} onSubmit={onSubmit} />;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('Edit/Cancel toggle', () => {
  it('starts read-only; Edit allows typing; Cancel puts back the initial data', async () => {
    render(<EditableProfile onSubmit={vi.fn()} />, { wrapper });
    expect(firstName()).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: t('widgets:Actions.Save') })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: t('widgets:Actions.Edit') }));
    expect(firstName()).not.toHaveAttribute('readonly');
    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Jordan');
    expect(firstName()).toHaveValue('Jordan');
    await userEvent.click(screen.getByRole('button', { name: t('widgets:Actions.Cancel') }));
    expect(firstName()).toHaveValue('Alex');
    expect(firstName()).toHaveAttribute('readonly');
  });

  it('Save sends the edited data and returns to read-only once saved; a failed save keeps the typing', async () => {
    const calls: ReturnType<typeof deferred>[] = [];
    const onSubmit = vi.fn(() => {
      const d = deferred();
      calls.push(d);
      return d.promise;
    });
    render(<EditableProfile onSubmit={onSubmit} />, { wrapper });
    await userEvent.click(screen.getByRole('button', { name: t('widgets:Actions.Edit') }));
    await userEvent.type(firstName(), 'ndra');
    await userEvent.click(screen.getByRole('button', { name: t('widgets:Actions.Save') }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown[])[0]).toMatchObject({ givenName: { firstName: 'Alexndra' } });

    calls[0]!.reject(new Error('HTTP 500'));
    await waitFor(() => expect(screen.getByRole('button', { name: t('widgets:Actions.Save') })).toBeEnabled());
    expect(firstName()).toHaveValue('Alexndra');
    expect(firstName()).not.toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: t('widgets:Actions.Save') }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    calls[1]!.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: t('widgets:Actions.Edit') })).toBeInTheDocument());
    expect(firstName()).toHaveValue('Alexndra');
  });
});

describe('submit button', () => {
  it('stays disabled until the access key is edited, then shows a spinner while submitting', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    render(<SchemaForm form="redeem" formData={{}} onSubmit={onSubmit} />, { wrapper });
    const submit = screen.getByRole('button', { name: t('widgets:Actions.Submit') });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText(labelled(i18n.t('Fields.accessKey.label', { ns: 'fields' }))), 'ABCD-1234');
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ accessKey: 'ABCD-1234' }));
    expect(submit).toBeDisabled();
    expect(screen.getByRole('status', { name: t('widgets:Spinner.Submitting') })).toBeInTheDocument();
    pending.resolve();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
