import { describe, expect, it } from 'vitest';
import { type Entitlement, isEntitlementActive, partitionEntitlements } from '../../../src/portal/features/training/entitlement-activity';

const today = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, afternoon local time

const item = (id: number, fields: Partial<Entitlement>): Entitlement => ({ id: String(id), vendor: 'canvas', product: {}, ...fields });

describe('entitlement activity (docs/behaviour.md#states-and-transitions)', () => {
  it('is active when the expiration date is today or later', () => {
    expect(isEntitlementActive(item(1, { expirationDate: '2026-11-22' }), today)).toBe(true);
    expect(isEntitlementActive(item(1, { expirationDate: '2026-11-22T00:00:00' }), today)).toBe(true);
    expect(isEntitlementActive(item(1, { expirationDate: '2027-01-01' }), today)).toBe(true);
  });

  it('is expired when the expiration date is before today', () => {
    expect(isEntitlementActive(item(1, { expirationDate: '2026-11-21' }), today)).toBe(false);
    expect(isEntitlementActive(item(1, { expirationDate: '2026-11-21T23:59:59' }), today)).toBe(false);
  });

  it('keeps a BenchPrep item without expiration and redemption dates active, and nothing else', () => {
    expect(isEntitlementActive(item(1, { vendor: 'benchPrep' }), today)).toBe(true);
    expect(isEntitlementActive(item(1, { vendor: 'benchPrep', redemptionDate: '2026-01-01' }), today)).toBe(false);
    expect(isEntitlementActive(item(1, { vendor: 'canvas' }), today)).toBe(false);
    expect(isEntitlementActive(item(1, { vendor: 'benchPrep', expirationDate: '2020-01-01' }), today)).toBe(false);
  });

  it('sorts active items by redemption date and expired ones by expiration date, newest first', () => {
    const { active, expired } = partitionEntitlements(
      [
        item(1, { redemptionDate: '2026-01-10', expirationDate: '2027-01-10' }),
        item(2, { redemptionDate: '2026-06-01', expirationDate: '2027-06-01' }),
        item(3, { expirationDate: '2025-03-01' }),
        item(4, { expirationDate: '2026-03-01' }),
        item(5, { vendor: 'benchPrep' }),
        item(6, { redemptionDate: '2026-03-01', expirationDate: '2028-01-01' }),
      ],
      today,
    );
    expect(active.map((e) => e.id)).toEqual(['2', '6', '1', '5']);
    expect(expired.map((e) => e.id)).toEqual(['4', '3']);
  });
});
