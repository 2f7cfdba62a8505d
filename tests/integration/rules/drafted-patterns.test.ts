import fc from 'fast-check';
import { analyse } from '../../../src/server/rules/pattern-analysis';
import { learner, useTestServer } from '../server/harness';
import { loopHeldDuring } from '../server/loop-delay';
import { CATASTROPHIC } from '../../unit/rules/catastrophic-patterns';
import { subsetPattern } from '../../unit/rules/subset-patterns';
import { call, cityPatch, owner, roleHeaders } from './support';

// A product owner's pattern can never stall the services. Every known catastrophic shape is refused
// at the console's control (the check and the draft both answer the refusal at the pattern's change),
// and for generated patterns that the console accepts, published and then met with the analyser's
// attack strings, every learner's save answers within 100 ms with the event loop's delay under 100 ms
// (the worst-body rule of the services, for rules that product owners write).

const CITY_PATTERN = { file: 'defs/address.schema.json', op: 'add', path: '/properties/city/pattern' } as const;

describe('drafted patterns', () => {
  const s = useTestServer('pglite');
  const asOwner = () => roleHeaders(s(), owner.accountId);

  it.each(CATASTROPHIC)('%s is refused at the control (%s)', async (pattern, key) => {
    const checked = await call(s(), 'POST', '/api/admin/rules/check', await asOwner(), { changes: [{ ...CITY_PATTERN, value: pattern }] });
    expect(checked.status).toBe(200);
    expect(checked.body.refusals).toEqual([expect.objectContaining({ path: '/changes/0', change: 0, keyword: 'pattern', key })]);
    expect(checked.body.hash).toBeNull();
    const drafted = await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), {
      reason: 'a city rule',
      changes: [{ ...CITY_PATTERN, value: pattern }],
    });
    expect(drafted.status).toBe(400);
    expect(drafted.body.errors[0]).toMatchObject({ change: 0, keyword: 'pattern', key });
  });

  it('published patterns meet their attack strings: every save answers within 100 ms, the event loop never waits 100 ms', async () => {
    const headers = await asOwner();
    const learnerHeaders = await s().headers(learner.accountId);
    let published = 0;
    let worst = { ms: 0, delay: 0, pattern: '' };
    await fc.assert(
      fc.asyncProperty(subsetPattern(), async (pattern) => {
        const drafted = await call(s(), 'POST', '/api/admin/rules/drafts', headers, {
          reason: `city ${pattern}`,
          changes: [{ ...CITY_PATTERN, value: pattern }],
        });
        if (drafted.status !== 201) return; // outside the subset, not proven safe, or no city passes it
        const live = await call(s(), 'POST', `/api/admin/rules/drafts/${drafted.body.id}/publish`, headers, {});
        expect(live.status).toBe(200);
        published++;
        // The first save under a version may build its validators; the attack saves come after.
        await call(s(), 'PATCH', `/api/profiles/${learner.profileId}`, learnerHeaders, cityPatch('Springfield'));
        // The analyser's attack strings: on the pattern, and on it unanchored (which pumps its repetitions).
        const attacks = [pattern, pattern.replace(/^\^/, '').replace(/\|\^/g, '|')]
          .map((p) => analyse(p, 2_000).attack)
          .filter((a) => a !== undefined)
          .map((a) => `${a.prefix}${a.pump.repeat(Math.ceil(4_000 / Math.max(1, a.pump.length)))}${a.suffix}`.slice(0, 8_000));
        for (const city of attacks.length > 0 ? attacks : ['a'.repeat(4_000) + '!']) {
          // A save that is slow because of the pattern is slow every time; one that met a busy moment
          // of the machine (other test files share its two cores) is not: a slow one is tried again.
          const save = async () => {
            const { result, loopMs } = await loopHeldDuring(async () => {
              const started = performance.now();
              const answer = await call(s(), 'PATCH', `/api/profiles/${learner.profileId}`, learnerHeaders, cityPatch(city));
              return { answer, ms: performance.now() - started };
            });
            expect([200, 400]).toContain(result.answer.status);
            return { ms: result.ms, loopMs };
          };
          let measured = await save();
          if (measured.ms >= 100 || measured.loopMs >= 100) measured = await save();
          if (measured.ms > worst.ms) worst = { ms: measured.ms, delay: measured.loopMs, pattern };
          expect(measured.ms, `${pattern} on ${city.length} characters`).toBeLessThan(100);
          expect(measured.loopMs, `${pattern}: event loop delay`).toBeLessThan(100);
        }
      }),
      { numRuns: 40, seed: 20261128 },
    );
    await call(s(), 'POST', '/api/admin/rules/versions/0/republish', headers, { reason: 'back to the base' });
    console.log(
      `${published} generated patterns published; slowest attack save ${worst.ms.toFixed(1)} ms (event loop delay ${worst.delay.toFixed(1)} ms) for ${worst.pattern}`,
    );
    expect(published).toBeGreaterThan(10);
  }, 180_000);
});
