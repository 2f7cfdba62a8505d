import type { ReactNode } from 'react';

/**
 * Where the address-verification banner appears when pending fulfilments exist (docs/behaviour.md#screens-and-routes).
 * The fulfilment feature fills it; with nothing pending it renders nothing.
 */
export function AddressBannerSlot({ children }: { children?: ReactNode }) {
  // The banner decides whether it shows; an empty slot takes no room (styles.css).
  return children ? <div className="home__banner">{children}</div> : null;
}
