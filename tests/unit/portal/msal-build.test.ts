import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../../src/portal/clients/config';
import { msalConfiguration } from '../../../src/portal/auth/msal';
import {
  getPlatformAuthProvider,
  isPlatformAuthAllowed,
  isPlatformBrokerAvailable,
  PlatformAuthInteractionClient,
} from '../../../src/portal/auth/msal-build/platform-broker-off';
import { PopupClient } from '../../../src/portal/auth/msal-build/popup-off';

const config = { authority: 'https://localhost:4443', clientId: 'portal', scopes: ['openid'], apiScopes: [] } as unknown as PortalConfig;

describe("the build's stand-ins for MSAL's platform broker and popup client", () => {
  it("are only safe because the portal's configuration leaves the platform broker off", () => {
    const built = msalConfiguration(config, 'http://localhost:4302');
    expect(built.system?.allowPlatformBroker).not.toBe(true);
    expect(isPlatformAuthAllowed({ system: { allowPlatformBroker: built.system?.allowPlatformBroker } })).toBe(false);
  });

  it('fail loudly when the broker is turned on or a popup flow is reached', async () => {
    expect(() => isPlatformAuthAllowed({ system: { allowPlatformBroker: true } })).toThrow(/platform broker is not part of this build/);
    await expect(getPlatformAuthProvider()).rejects.toThrow(/platform broker/);
    await expect(isPlatformBrokerAvailable()).resolves.toBe(false);
    expect(() => new PlatformAuthInteractionClient()).toThrow(/platform broker/);
    expect(() => new PopupClient()).toThrow(/redirect/);
  });
});
