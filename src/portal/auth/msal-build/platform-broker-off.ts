// Stands in, in the production build, for MSAL's platform broker modules (Windows account manager
// through a browser extension or the DOM API). That broker only speaks to Microsoft Entra ID; the
// portal signs in with its own OpenID Connect provider and never sets `allowPlatformBroker`, so
// MSAL's guards never reach the broker, and its code (about 7 KB gzip) stays out of the first load.
// If someone turns the option on, MSAL fails loudly here instead of skipping the broker silently.
// See the `msal-without-broker-or-popup` plugin in vite.config.ts.

interface BrokerConfig {
  system: { allowPlatformBroker?: boolean };
}

function notInThisBuild(): Error {
  return new Error('The MSAL platform broker is not part of this build (allowPlatformBroker must stay false).');
}

/** MSAL asks this before every interaction; with the broker off the answer is always no. */
export function isPlatformAuthAllowed(config: BrokerConfig): boolean {
  if (config.system.allowPlatformBroker) throw notInThisBuild();
  return false;
}

export function isPlatformBrokerAvailable(): Promise<boolean> {
  return Promise.resolve(false);
}

export function getPlatformAuthProvider(): Promise<never> {
  return Promise.reject(notInThisBuild());
}

export class PlatformAuthInteractionClient {
  constructor() {
    throw notInThisBuild();
  }
}
