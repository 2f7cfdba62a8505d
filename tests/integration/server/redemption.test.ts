import { sql } from 'kysely';
import { RedemptionStatus, type RedemptionStatusName } from '../../../src/shared/redemption';
import { demoKeys } from '../../../src/server/seed/demo-data';
import { account, learner, postgresReachable, startTestServer, type Store, type TestServer } from './harness';

const stores: Store[] = ['pglite', 'postgres'];
const linkOnly = account(11); // link@example.com: no CertMaster platform link
const noProfile = account(12);

describe.each(stores)('redemption on %s', (store) => {
  let server: TestServer;
  let skip = false;

  beforeAll(async () => {
    if (store === 'postgres' && !(await postgresReachable())) {
      skip = true;
      return;
    }
    server = await startTestServer(store, { KEY_GUESS_LIMIT: '4' });
  });
  afterAll(async () => server?.close());

  const redeem = async (accessKey: string, who = learner, route = '/api/redemptions/certmaster-platform') => {
    const res = await server.app.inject({
      method: 'POST',
      url: route,
      headers: await server.headers(who.accountId),
      payload: { accessKey, userId: who.accountId },
    });
    return { status: res.statusCode, body: res.json() };
  };

  const expectCode = async (accessKey: string, name: RedemptionStatusName, who = learner, route?: string) => {
    const { status, body } = await redeem(accessKey, who, route);
    expect(status).toBe(200);
    expect(body.redemptionStatus).toBe(RedemptionStatus[name]);
    return body;
  };

  // Each seeded key gives the learner the code its README row names.
  const platformKeys = demoKeys.filter((k) => k.vendor === 'certMaster' && k.learnerResult in RedemptionStatus);
  it.for(platformKeys.map((k) => [k.learnerResult, k.key] as const))('%s from key %s', async ([name, key], ctx) => {
    if (skip) return ctx.skip();
    await expectCode(key, name as RedemptionStatusName);
  });

  it('InvalidKey for an unknown key, ReservationNotFound for an unknown reservation code', async (ctx) => {
    if (skip) return ctx.skip();
    await expectCode('NO-SUCH-KEY-1', 'InvalidKey');
    await expectCode('RSV-NOT-THERE-1', 'ReservationNotFound');
  });

  it('UserProfileNotFound without a platform link, and without a profile', async (ctx) => {
    if (skip) return ctx.skip();
    await expectCode('DEMO-SUCCESS-0000', 'UserProfileNotFound', linkOnly);
    await expectCode('DEMO-SUCCESS-0000', 'UserProfileNotFound', noProfile, '/api/redemptions/redeem');
  });

  it('Success creates entitlements with dates; a second redemption gives HasProductAlready with the products', async (ctx) => {
    if (skip) return ctx.skip();
    const who = account(22);
    const first = await expectCode('DEMO-SUCCESS-0000', 'Success', who);
    expect(first.activatedProducts).toEqual([{ title: 'IT Support Core 1 CertMaster Learn', vendorProductCode: 'CM-APL-1201', productId: 3 }]);
    const list = await server.app.inject({ method: 'GET', url: `/api/profiles/${who.profileId}/entitlements`, headers: await server.headers(who.accountId) });
    const created = list.json().find((e: { product: { productId: number } }) => e.product.productId === 3);
    expect(created.redemptionDate).toBeTruthy();
    expect(new Date(created.expirationDate).getTime()).toBeGreaterThan(Date.now() + 360 * 86400000);
    const again = await expectCode('DEMO-SUCCESS-0000', 'HasProductAlready', who);
    expect(again.activatedProducts.map((p: { productId: number }) => p.productId)).toEqual([3]);
  });

  it('a single-use reservation: Success for the first account, DuplicateReservationForUser for it again, ReservationAlreadyUsed for another', async (ctx) => {
    if (skip) return ctx.skip();
    await server.database.db
      .insertInto('access_keys')
      .values({
        access_key: `RSV-ONCE-${store.toUpperCase()}`,
        vendor: 'certMaster',
        product_ids: JSON.stringify([1]),
        is_reservation: true,
        max_uses: 1,
        access_days: 30,
      })
      .execute();
    await expectCode(`rsv-once-${store}`, 'Success', account(23));
    await expectCode(`RSV-ONCE-${store.toUpperCase()}`, 'DuplicateReservationForUser', account(23));
    await expectCode(`RSV-ONCE-${store.toUpperCase()}`, 'ReservationAlreadyUsed', account(27));
  });

  it('the generic route redeems other vendors; the platform route refuses their keys', async (ctx) => {
    if (skip) return ctx.skip();
    await expectCode('DEMO-CANVAS-0102', 'InvalidKey');
    const body = await expectCode('DEMO-CANVAS-0102', 'Success', learner, '/api/redemptions/redeem');
    expect(body.vendor).toBe('canvas');
  });

  it('is-valid, getvendor and its 404 for a key of no vendor', async (ctx) => {
    if (skip) return ctx.skip();
    const h = await server.headers(learner.accountId);
    const valid = await server.app.inject({ method: 'GET', url: '/api/redemptions/certmaster-platform/access-key/DEMO-OWNED-0004/is-valid', headers: h });
    expect(valid.json()).toEqual({ isValid: true });
    const vendor = await server.app.inject({ method: 'GET', url: '/api/vendors/getvendor/DEMO-BENCHPREP-0101', headers: h });
    expect(vendor.json()).toEqual({ vendor: 'benchPrep' });
    const none = await server.app.inject({ method: 'GET', url: '/api/vendors/getvendor/CMP-MULTI-0201', headers: h });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ statusCode: 404, message: expect.any(String) });
  });

  it('CertMaster Practice: products by key, redeem with certMasterProductId, none left when the limit is reached', async (ctx) => {
    if (skip) return ctx.skip();
    const who = account(26);
    const h = await server.headers(who.accountId);
    const products = await server.app.inject({ method: 'GET', url: '/api/vendors/cmp/CMP-MULTI-0201?cmpId=x', headers: h });
    expect(products.json()).toEqual([
      { certMasterPracticeProductId: 5001, certMasterPracticeProductName: 'Security Essentials CertMaster Practice' },
      { certMasterPracticeProductId: 5002, certMasterPracticeProductName: 'Networking Essentials CertMaster Practice' },
    ]);
    const empty = await server.app.inject({ method: 'GET', url: '/api/vendors/cmp/CMP-EMPTY-0203', headers: h });
    expect(empty.json()).toEqual([]);
    const redeemed = await server.app.inject({
      method: 'POST',
      url: '/api/redemptions/cmp/redeem',
      headers: h,
      payload: { accessKey: 'CMP-MULTI-0201', certMasterProductId: 5002, profileId: who.profileId },
    });
    expect(redeemed.json()).toMatchObject({ redemptionStatus: RedemptionStatus.Success, vendor: 'certMasterPractice' });
    const owned = await server.app.inject({
      method: 'POST',
      url: '/api/redemptions/cmp/redeem',
      headers: h,
      payload: { accessKey: 'CMP-MULTI-0201', certMasterProductId: 5002, profileId: who.profileId },
    });
    expect(owned.json().redemptionStatus).toBe(RedemptionStatus.HasProductAlready);
  });

  it('400 with keys for a missing access key; 403 for another account id', async (ctx) => {
    if (skip) return ctx.skip();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/redemptions/redeem',
      headers: await server.headers(learner.accountId),
      payload: { userId: learner.accountId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: '/accessKey', key: 'Validation.Required' });
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/redemptions/redeem',
      headers: await server.headers(learner.accountId),
      payload: { accessKey: 'DEMO-SUCCESS-0000', userId: account(2).accountId },
    });
    expect(other.statusCode).toBe(403);
  });

  it('guessing keys is limited through a counter in the database', async (ctx) => {
    if (skip) return ctx.skip();
    const who = account(25);
    for (let i = 0; i < 4; i++) await expectCode(`GUESS-${i}`, 'InvalidKey', who);
    const blocked = await redeem('GUESS-X', who);
    expect(blocked.status).toBe(429);
    const row = await server.database.db.selectFrom('rate_limits').select('count').where('key', '=', `key-guess:${who.accountId}`).executeTakeFirstOrThrow();
    expect(row.count).toBe(4);
    await sql`delete from rate_limits`.execute(server.database.db);
  });
});
