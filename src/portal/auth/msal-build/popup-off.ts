// Stands in, in the production build, for MSAL's popup client: the portal signs in and out by
// redirect only (src/portal/auth/sign-in.ts, sign-out.ts), so the popup flows' code (about 3 KB gzip)
// stays out of the first load. A popup call fails loudly here. See the `msal-without-broker-or-popup`
// plugin in vite.config.ts.

export class PopupClient {
  constructor() {
    throw new Error('MSAL popup flows are not part of this build: the portal signs in by redirect.');
  }
}
