import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import NotFoundPage from '../../../src/portal/features/not-found/not-found-page';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import { issueCode } from '../../../src/server/identity/verification-codes';
import { signInPage } from '../../../src/server/idp/pages';
import type { Mail } from '../../../src/server/mail/mailer';
import { serveTextsFrom } from '../../../src/server/texts/server-texts';
import { readTexts } from '../../../src/server/texts/texts-files';

// The second line behind the texts check (docs/security.md, "Texts and imports"): a text that
// carried markup past the check would still be shown as text wherever it is shown. The texts here
// skip the check on purpose (a version served as it is), so what each renderer does is all there is.

vi.mock('../../../src/server/identity/store', () => ({ saveVerificationCode: async () => undefined }));

const HOSTILE = '<img src=x onerror="alert(1)" title="<">';

/** The files' texts with these keys (`ns:key`) replaced in both languages. */
function textsWith(replaced: Record<string, string>) {
  const texts = readTexts('locales');
  for (const catalogue of texts.values()) for (const [key, text] of Object.entries(replaced)) catalogue.set(key, text);
  return texts;
}

describe('a text with markup is shown as text', () => {
  it('in the portal: React writes it as text', () => {
    const i18n = createFormsI18n('en');
    i18n.addResource('en', 'portal', 'NotFound.Heading', HOSTILE);
    const markup = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <NotFoundPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(markup).not.toContain('<img');
    expect(markup).toContain('<h1>&lt;img src=x onerror=&quot;alert(1)&quot; title=&quot;&lt;&quot;&gt;</h1>');
  });

  it('on the sign-in page and in the e-mails of the services', async () => {
    const undo = serveTextsFrom(() => ({
      hash: 'hostile',
      texts: textsWith({ 'signin:page.heading': HOSTILE, 'mail:Verification.Subject': HOSTILE, 'mail:Verification.Text': `${HOSTILE} {{code}}` }),
      languages: [{ tag: 'en', state: 'live', fallback: null, direction: 'ltr', builtIn: true }],
    }));
    try {
      const page = signInPage({
        lng: 'en',
        action: '/interaction/x/login',
        selfPath: '/interaction/x',
        portalUrl: 'https://portal.example',
        email: '',
        fieldErrors: {},
      });
      expect(page).not.toContain('<img');
      expect(page).toContain('<h1>&lt;img src=x onerror=&quot;alert(1)&quot; title=&quot;&lt;&quot;&gt;</h1>');
      const sent: Mail[] = [];
      await issueCode({} as never, { kind: 'outbox', send: async (mail) => void sent.push(mail) }, 'account', 'a@example.com', ['en']);
      // The text part is the text; the HTML part (which gives the e-mail its language and reading
      // direction) has it escaped, so it never becomes markup there.
      expect(sent).toEqual([{ to: 'a@example.com', subject: HOSTILE, text: expect.stringContaining(HOSTILE), html: expect.any(String) }]);
      expect(sent[0]?.html).not.toContain('<img');
      expect(sent[0]?.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot; title=&quot;&lt;&quot;&gt;');
    } finally {
      undo();
    }
  });
});
