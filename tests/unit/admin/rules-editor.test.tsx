// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { CompiledForms } from '../../../src/portal/admin/api/compiled-forms';
import RulesEditorPage from '../../../src/portal/admin/pages/rules-editor-page';
import { DraftProvider } from '../../../src/portal/admin/rules/draft-state';
import { adminHarness, filesFromDisk, testCompiledForms } from './support';

const files = filesFromDisk();

function renderEditor(path: string, compiled: CompiledForms = { published: testCompiledForms(files).published }, lang: 'en' | 'ja' = 'en') {
  const { ui } = adminHarness(
    <DraftProvider published={files} base={files}>
      <RulesEditorPage compiled={compiled} />
    </DraftProvider>,
    { path, route: '/admin/rules/:form', lang },
  );
  return render(ui);
}

const draft = () => screen.getByRole('region', { name: 'Draft' });
const declaration = () => screen.getByRole('group', { name: 'Rules of this field' });

async function violations(container: HTMLElement) {
  const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeEach(() => sessionStorage.clear());

describe('the field-rule editor', () => {
  it("changes the city's maximum length into one JSON Patch change, shows what it reaches, and undoes it", async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city');
    expect(screen.getByRole('heading', { level: 2, name: /Address › City/ })).toHaveTextContent('primaryAddress/city');
    expect(within(declaration()).getByText('defs/address.schema.json')).toBeInTheDocument();
    // The address definition is shared: the change reaches the profile, exam, demographics and shipping address forms.
    expect(within(declaration()).getByText(/Changing these rules changes \d+ fields in 4 forms/)).toBeInTheDocument();
    const max = within(declaration()).getByLabelText('At most this many characters');
    expect(max).toHaveValue(32);
    await userEvent.clear(max);
    await userEvent.type(max, '20');
    expect(within(declaration()).getByText('Published: 32')).toBeInTheDocument();
    expect(within(draft()).getByText('1 change in the draft.')).toBeInTheDocument();
    expect(within(draft()).getByText('32 → 20')).toBeInTheDocument();
    expect(within(draft()).getByText(/^Reaches \d+ fields in 4 forms\.$/)).toBeInTheDocument();
    const json = JSON.parse(within(draft()).getByText(/"op"/).textContent ?? '[]') as unknown;
    expect(json).toEqual([{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }]);
    await userEvent.click(within(draft()).getByRole('button', { name: 'Undo change 1' }));
    expect(within(draft()).getByText(/No changes yet/)).toBeInTheDocument();
    expect(max).toHaveValue(32);
  }, 60_000);

  it('shows a refused change at its control, named by aria-describedby', async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city');
    const min = within(declaration()).getByLabelText('At least this many characters');
    await userEvent.clear(min);
    await userEvent.type(min, '40');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    const describedBy = min.getAttribute('aria-describedby')!.split(' ');
    const messages = describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    expect(messages).toContain('The smallest value (40) is above the largest (32).');
    // The draft lists the refusal with the change too.
    expect(within(draft()).getByText('The smallest value (40) is above the largest (32).')).toBeInTheDocument();
  }, 60_000);

  it('explains the shared pattern in plain words, with sample values that pass and fail, and refuses one that does not compile', async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city');
    const shared = screen.getByRole('group', { name: 'Rules from a shared definition' });
    expect(within(shared).getByText('defs/latin1.schema.json')).toBeInTheDocument();
    expect(within(shared).getByText('The start of the text')).toBeInTheDocument();
    expect(within(shared).getByText('Any number of times, also none:')).toBeInTheDocument();
    const passes = within(shared).getByText('Passes').nextElementSibling as HTMLElement;
    const fails = within(shared).getByText('Fails').nextElementSibling as HTMLElement;
    // The sample data's cities pass; with a backslash they fail.
    expect(passes).toHaveTextContent('“Springfield”');
    expect(fails).toHaveTextContent('\\');
    const pattern = within(shared).getByLabelText(/^Pattern/);
    await userEvent.clear(pattern);
    await userEvent.click(pattern);
    await userEvent.paste('^(a');
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    // Described by what a pattern may not contain (always there), then by why this one is refused.
    const [limits, error] = pattern.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(limits!)).toHaveTextContent(/Not allowed, because one long value could then take minutes to check/);
    expect(document.getElementById(error!)).toHaveTextContent(/not a valid regular expression/);
  }, 60_000);

  it('makes an optional field required, and keeps a field the base requires required', async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/address2');
    const required = screen.getByRole('checkbox', { name: 'Learners must fill in this field' });
    expect(required).not.toBeChecked();
    await userEvent.click(required);
    expect(required).toBeChecked();
    expect(screen.getByText('Published: optional')).toBeInTheDocument();
    expect(within(draft()).getByText('3 changes in the draft.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Field'), 'primaryAddress/city');
    const city = screen.getByRole('checkbox', { name: 'Learners must fill in this field' });
    expect(city).toBeChecked();
    expect(city).toBeDisabled();
    expect(screen.getByText(/relies on this field being there/)).toBeInTheDocument();
  }, 60_000);

  it("chooses the allowed values out of the base list, and moves the field in its group's order", async () => {
    renderEditor('/admin/rules/profile?field=preferences/language');
    const values = screen.getByRole('group', { name: 'Allowed values' });
    expect(within(values).getByText('7 of 7 values allowed.')).toBeInTheDocument();
    await userEvent.click(within(values).getByRole('checkbox', { name: /^ko/ }));
    expect(within(values).getByText(/6 of 7 values allowed\. Draft: 1 taken away/)).toBeInTheDocument();
    const order = screen.getByRole('region', { name: 'Place in the form' });
    expect(within(order).getByRole('status')).toHaveTextContent('Position 1 of 2 in its group.');
    expect(within(order).getByRole('button', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(order).getByRole('button', { name: 'Move down' }));
    expect(within(order).getByRole('status')).toHaveTextContent('Position 2 of 2 in its group. (moved in the draft)');
    const json = JSON.parse(within(draft()).getByText(/"op"/).textContent ?? '[]') as { path: string; value: unknown }[];
    expect(json.map((c) => c.path)).toEqual(['/properties/preferences/properties/language/enum', '/preferences/ui:order']);
    expect(json[0]!.value).toEqual(['en', 'ja', 'zh-Hans', 'zh-Hant', 'pt', 'es']);
    expect(json[1]!.value).toEqual(['allowMarketingEmails', 'language', '*']);
  }, 60_000);

  it('bounds a number field', async () => {
    renderEditor('/admin/rules/course-picker?field=productId');
    const low = within(declaration()).getByLabelText('Smallest number allowed');
    expect(low).toHaveValue(0);
    expect(within(declaration()).getByLabelText('Largest number allowed')).toHaveValue(2147483647);
    await userEvent.clear(low);
    await userEvent.type(low, '100');
    const json = JSON.parse(within(draft()).getByText(/"op"/).textContent ?? '[]') as unknown;
    expect(json).toEqual([{ file: 'forms/course-picker.schema.json', op: 'replace', path: '/properties/productId/minimum', value: 100 }]);
    expect(within(declaration()).queryByLabelText(/^Pattern/)).toBeNull();
  }, 60_000);

  it('lists every message key with its English and Japanese texts, and changes one', async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city');
    const select = within(declaration()).getByLabelText('Message when it is too long');
    expect(select).toHaveValue('Validation.InvalidCity');
    expect(within(select).getAllByRole('option').length).toBeGreaterThan(20);
    await userEvent.selectOptions(select, 'Validation.MaxLength');
    const texts = document.getElementById(select.getAttribute('aria-describedby')!)!;
    expect(texts).toHaveTextContent(/English.*Exceeds maximum length/);
    expect(texts).toHaveTextContent(/日本語.*最大文字数/);
    expect(within(draft()).getByText('/properties/city/errorMessage')).toBeInTheDocument();
  }, 60_000);

  it('has no axe violations, also with a refusal shown', async () => {
    const { container } = renderEditor('/admin/rules/profile?field=primaryAddress/city', testCompiledForms(files));
    // With both preview forms on the page (their element ids must not collide).
    const max = within(declaration()).getByLabelText('At most this many characters');
    await userEvent.clear(max);
    await userEvent.type(max, '20');
    await within(screen.getByRole('region', { name: 'Draft rules' })).findByRole('textbox', { name: /^City/ }, { timeout: 10_000 });
    await within(screen.getByRole('region', { name: 'Published rules' })).findByRole('textbox', { name: /^City/ }, { timeout: 10_000 });
    expect(await violations(container)).toEqual([]);
    const min = within(declaration()).getByLabelText('At least this many characters');
    await userEvent.clear(min);
    await userEvent.type(min, '40');
    expect(await violations(container)).toEqual([]);
  }, 60_000);
});

describe('the preview', () => {
  it("renders the form with the draft's rules beside the published ones, errors as you type", async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city', testCompiledForms(files));
    const draftColumn = screen.getByRole('region', { name: 'Draft rules' });
    expect(within(draftColumn).getByText(/No change of the draft reaches this form/)).toBeInTheDocument();
    const max = within(declaration()).getByLabelText('At most this many characters');
    await userEvent.clear(max);
    await userEvent.type(max, '20');
    const twentyOne = 'Rancho Santa Margarit';
    const draftCity = (await within(draftColumn).findByRole('textbox', { name: /^City/ }, { timeout: 10_000 })) as HTMLInputElement;
    expect(draftCity.id).toBe('draft-profile_primaryAddress_city');
    await userEvent.clear(draftCity);
    await userEvent.type(draftCity, twentyOne);
    expect(document.getElementById('draft-profile_primaryAddress_city__error')).toHaveTextContent('Invalid city');
    const publishedCity = within(screen.getByRole('region', { name: 'Published rules' })).getByRole('textbox', { name: /^City/ });
    await userEvent.clear(publishedCity);
    await userEvent.type(publishedCity, twentyOne);
    expect(document.getElementById('published-profile_primaryAddress_city__error')).toBeNull();
  }, 60_000);

  it("previews in Japanese, with a demo account's profile as sample data", async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city', testCompiledForms(files));
    await userEvent.selectOptions(screen.getByLabelText('Sample data'), 'Demo account learner@example.com');
    await userEvent.click(screen.getByRole('button', { name: '日本語' }));
    const published = screen.getByRole('region', { name: 'Published rules' });
    const city = (await within(published).findByRole('textbox', { name: /^市区町村/ }, { timeout: 10_000 })) as HTMLInputElement;
    expect(city).toHaveValue('Chicago');
    await userEvent.clear(city);
    await userEvent.type(city, 'x'.repeat(33));
    expect(document.getElementById('published-profile_primaryAddress_city__error')?.textContent).toMatch(/[぀-ヿ一-鿿]/);
  }, 60_000);

  it("says that the draft's rules come from the services until they compile drafts", async () => {
    renderEditor('/admin/rules/profile?field=primaryAddress/city');
    const max = within(declaration()).getByLabelText('At most this many characters');
    await userEvent.clear(max);
    await userEvent.type(max, '20');
    expect(within(screen.getByRole('region', { name: 'Draft rules' })).getByText(/compiled by the services/)).toBeInTheDocument();
  }, 60_000);
});
