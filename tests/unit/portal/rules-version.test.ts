import { describe, expect, it, vi } from 'vitest';
import { initRulesVersion, observeRulesVersion, rulesVersion, subscribeRulesVersion } from '../../../src/portal/clients/rules-version';

const BASE = 'a'.repeat(64);
const V1 = 'b'.repeat(64);
const V2 = 'c'.repeat(64);

describe('the rules version the learner forms use', () => {
  it('is the base (null) while the configuration says so, and a version from its rulesHash', () => {
    initRulesVersion({ rulesHash: null, rulesBaseHash: BASE });
    expect(rulesVersion()).toBeNull();
    initRulesVersion({ rulesHash: V1, rulesBaseHash: BASE });
    expect(rulesVersion()).toBe(V1);
  });

  it('follows an answer’s x-rules-version, telling subscribers only when it changes, back to the base too', () => {
    initRulesVersion({ rulesHash: null, rulesBaseHash: BASE });
    const listener = vi.fn();
    const stop = subscribeRulesVersion(listener);
    observeRulesVersion(BASE);
    expect(listener).not.toHaveBeenCalled();
    observeRulesVersion(V1);
    expect(rulesVersion()).toBe(V1);
    observeRulesVersion(V1);
    expect(listener).toHaveBeenCalledTimes(1);
    observeRulesVersion(V2);
    observeRulesVersion(BASE);
    expect(rulesVersion()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
  });

  it('ignores a header that is not a hash, and any header when the base is unknown', () => {
    initRulesVersion({ rulesHash: null, rulesBaseHash: BASE });
    observeRulesVersion('../../evil.js');
    observeRulesVersion(null);
    expect(rulesVersion()).toBeNull();
    initRulesVersion({ rulesHash: null });
    observeRulesVersion(V1);
    expect(rulesVersion()).toBeNull();
  });
});
