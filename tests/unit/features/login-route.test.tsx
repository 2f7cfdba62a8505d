// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginRoute from '../../../src/portal/features/launch/pages/login-route';
import HelpRoute from '../../../src/portal/features/launch/pages/help-route';
import ExamErrorPage from '../../../src/portal/features/launch/pages/exam-error-page';
import { fakeApi, pageHarness, storedProfile } from './support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const location = () => screen.getByTestId('location').textContent;

function renderAt(element: React.ReactNode, path: string, profile = storedProfile({ externalIds: { certMaster: 'cm-1' } })) {
  const harness = pageHarness(element, { profile, path });
  render(harness.ui);
  return harness;
}

describe('/login', () => {
  it.each([
    'redirectUrl=https%3A%2F%2Fevil.example%2Fsteal',
    'redirectUrl=%2F%2Fevil.example',
    'redirectUrl=javascript%3Aalert(1)',
    'redirectVendor=nobody',
    'redirectVendor=__proto__',
  ])('stays in the portal for %s', async (query) => {
    fakeApi(() => undefined);
    renderAt(<LoginRoute />, `/login?${query}`);
    // An off-whitelist target would leave through window.location and the router would stay on /login.
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('goes to a portal path given as redirectUrl', async () => {
    fakeApi(() => undefined);
    renderAt(<LoginRoute />, '/login?redirectUrl=%2Faccount');
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('sends a learner without a link to the vendor home', async () => {
    fakeApi(() => undefined);
    renderAt(<LoginRoute />, '/login?redirectVendor=certMaster&target=MyCourses', storedProfile({ externalIds: {} }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('a failed token call shows the generic toast and goes home', async () => {
    fakeApi((call) => (call.url.includes('/certmetrics/tokens/') ? { status: 500, body: { message: 'x', statusCode: 500 } } : undefined));
    renderAt(<LoginRoute />, '/login?redirectVendor=certMetrics');
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('/help', () => {
  it('on failure shows the generic toast and goes to /', async () => {
    fakeApi(() => ({ status: 500, body: { message: 'down', statusCode: 500 } }));
    renderAt(<HelpRoute />, '/help?returnto=x');
    expect(await screen.findByText('An unexpected error ocurred. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('exam-delivery error page', () => {
  it('shows the code text, the customer-service link for a Vue-wide block, and the way home', () => {
    fakeApi(() => undefined);
    renderAt(<ExamErrorPage />, '/exam-error?errorCode=ERROR_VUE_WIDE_BLOCK');
    expect(screen.getByText(/cannot book exams with Pearson VUE/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back to the Homepage' })).toHaveAttribute('href', '/');
  });

  it('reads an unknown code as ERROR', () => {
    fakeApi(() => undefined);
    renderAt(<ExamErrorPage />, '/exam-error?errorCode=%3Cscript%3E');
    expect(screen.getByText(/Something went wrong at Pearson VUE/)).toBeInTheDocument();
    expect(document.querySelector('[data-error-code]')).toHaveAttribute('data-error-code', 'ERROR');
  });
});
