import { loadPortalConfig } from '../../../src/portal/clients/config';

const served = { clientId: 'portal', authority: 'https://localhost:3443' };

function pageWith(block: string | null) {
  return { getElementById: (id: string) => (id === 'portal-config' && block !== null ? ({ textContent: block } as HTMLElement) : null) };
}

describe('loadPortalConfig', () => {
  it('reads the data block the services put into the page, without a request', async () => {
    const fetchImpl = vi.fn();
    const config = await loadPortalConfig(fetchImpl as unknown as typeof fetch, pageWith(JSON.stringify({ ...served, clientId: 'embedded' })));
    expect(config.clientId).toBe('embedded');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches /portal-config.json when the page carries no block (static hosting, the development server)', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(served), { status: 200 }));
    const config = await loadPortalConfig(fetchImpl as unknown as typeof fetch, pageWith(null));
    expect(config.clientId).toBe('portal');
    expect(fetchImpl).toHaveBeenCalledWith('/portal-config.json', expect.anything());
  });

  it('fails on an HTTP error rather than starting without configuration', async () => {
    const fetchImpl = vi.fn(async () => new Response('', { status: 503 }));
    await expect(loadPortalConfig(fetchImpl as unknown as typeof fetch, pageWith(null))).rejects.toThrow('HTTP 503');
  });
});
