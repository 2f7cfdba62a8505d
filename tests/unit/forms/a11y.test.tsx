// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { setup } from './harness';

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of rendered forms', () => {
  it.each(['demographics', 'email', 'password'] as const)(
    '%s form has no axe violations, also with errors shown',
    async (form) => {
      const { wrapper, i18n } = setup('en');
      const { container } = render(<SchemaForm form={form} formData={{}} onSubmit={vi.fn()} />, { wrapper });
      expect(await violations(container)).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: i18n.t('widgets:Actions.Submit') }));
      expect(container.querySelector('[aria-invalid="true"]')).not.toBeNull();
      expect(await violations(container)).toEqual([]);
    },
    60_000,
  );
});
