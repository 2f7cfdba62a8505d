// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import GalleryPage from '../../../src/portal/admin/gallery/gallery-page';
import { adminHarness, compileFrom, filesFromDisk } from './support';

/** The files as the services serve them, with optional edits to the files on disk. */
function files(edit?: (files: ReturnType<typeof filesFromDisk>) => void) {
  const all = filesFromDisk() as Record<string, Record<string, unknown>>;
  edit?.(all);
  return all;
}

function renderGallery(served = files()) {
  const { ui } = adminHarness(<GalleryPage loadForm={compileFrom(served)} loadFiles={async () => served} />, { path: '/admin/gallery' });
  return render(ui);
}

describe("form gallery (the admin area's preview tool)", () => {
  it('renders every form from the schema files, with its rules, in English and Japanese', async () => {
    renderGallery();
    const profile = await screen.findByRole('region', { name: 'Profile' }, { timeout: 10_000 });
    expect(within(profile).getByRole('row', { name: /primaryAddress\/city/ })).toHaveTextContent('At most 32 characters');
    for (const name of [
      'Exam-delivery profile',
      'Demographics',
      'Company and country',
      'Change e-mail',
      'Change password',
      'Redeem an access key',
      'Course picker',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    // The preview's language is the forms' own; the page around them stays in the admin area's.
    await userEvent.click(screen.getByRole('button', { name: '日本語' }));
    const japanese = await screen.findByRole('region', { name: 'プロフィール' });
    expect(within(japanese).getByRole('row', { name: /primaryAddress\/city/ })).toHaveTextContent('32 文字以内');
    expect(screen.getByRole('heading', { name: 'Form gallery', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true');
  }, 60_000);

  it('shows an edited schema file on the next load, with no code change', async () => {
    const edited = files((all) => {
      ((all['defs/address.schema.json']!.properties as Record<string, { maxLength: number }>).city as { maxLength: number }).maxLength = 20;
    });
    renderGallery(edited);
    const profile = await screen.findByRole('region', { name: 'Profile' }, { timeout: 10_000 });
    expect(within(profile).getByRole('row', { name: /primaryAddress\/city/ })).toHaveTextContent('At most 20 characters');
    const city = document.getElementById('profile_primaryAddress_city') as HTMLInputElement;
    await userEvent.clear(city);
    await userEvent.click(city);
    await userEvent.paste('Rancho Santa Margarit');
    expect(document.getElementById('profile_primaryAddress_city__error')).toHaveTextContent('Invalid city');
  }, 60_000);

  it('says which form did not load, and shows the others', async () => {
    const served = files();
    const compile = compileFrom(served);
    const { ui } = adminHarness(
      <GalleryPage loadForm={async (form) => (form === 'redeem' ? Promise.reject(new Error('HTTP 500')) : compile(form))} loadFiles={async () => served} />,
      { path: '/admin/gallery' },
    );
    render(ui);
    const redeem = await screen.findByRole('region', { name: 'Redeem an access key' }, { timeout: 10_000 });
    expect(within(redeem).getByRole('alert')).toHaveTextContent('HTTP 500');
    expect(screen.getByRole('region', { name: 'Profile' })).toBeInTheDocument();
  }, 60_000);
});
