// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/SchemaForm';
import { setup } from './harness';

describe('smoke', () => {
  it('renders the profile form and shows required errors on submit', async () => {
    const { wrapper } = setup('en');
    const onSubmit = vi.fn();
    const { container } = render(<SchemaForm form="profile" formData={{}} onSubmit={onSubmit} />, { wrapper });
    console.log(container.innerHTML.slice(0, 3000));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    console.log(container.querySelectorAll('.form-error').length, [...container.querySelectorAll('.form-error')].map((e) => e.id + ':' + e.textContent).join('\n'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
