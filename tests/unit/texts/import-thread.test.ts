import { DomainError } from '../../../src/server/errors';
import { importReader } from '../../../src/server/texts/import-thread';
import type { ImportRequest } from '../../../src/server/texts/import-worker';

// Import files are read and checked in a thread of their own, one at a time, each within a deadline
// (src/server/texts/import-thread.ts): the thread's texts and refusals come back, a file past the
// deadline is refused (its thread ended), and files beyond the few that may wait are refused at once.

const file = (content: string): ImportRequest => ({ format: 'json', lang: 'ja', content, localesDir: 'locales', published: [], languages: ['en', 'ja'] });
const json = (text: string) => file(JSON.stringify({ validation: { Validation: { Required: text } } }));
const onContent = (keyword: string, key: string, params: Record<string, string | number>) => ({ path: '/content', change: -1, keyword, key, params });

describe('the import thread', () => {
  it("answers the thread's texts and the refusals of their checks", async () => {
    const reader = importReader();
    onTestFinished(() => reader.close());
    const { read } = reader;
    expect(await read(json('必須'))).toEqual({ edits: [{ key: 'validation:Validation.Required', lang: 'ja', text: '必須' }], refusals: [] });
    expect((await read(json('<b>必須</b>'))).refusals).toEqual([
      expect.objectContaining({ path: '/changes/0/text', keyword: 'markup', params: expect.objectContaining({ found: '<b>' }) }),
    ]);
    expect(await read(file('{'))).toEqual({ edits: [], refusals: [onContent('import-format', 'Texts.Refusal.ImportFormat', { detail: 'not JSON' })] });
    expect(await read(file(`{"v":${'{"a":'.repeat(100)}"x"${'}'.repeat(101)}`))).toEqual({
      edits: [],
      refusals: [onContent('import-depth', 'Texts.Refusal.ImportDepth', { limit: 16 })],
    });
  });

  it('ends a thread past the deadline and refuses the file', async () => {
    const reader = importReader({ deadlineMs: 1 });
    onTestFinished(() => reader.close());
    expect(await reader.read(json('必須'))).toEqual({ edits: [], refusals: [onContent('import-slow', 'Texts.Refusal.ImportSlow', { seconds: 1 })] });
  });

  it('takes one file being read and four waiting, and refuses the next at once', async () => {
    const reader = importReader();
    onTestFinished(() => reader.close());
    const settled = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => reader.read(json(`必須 ${i}`))));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const refused = (settled[5] as PromiseRejectedResult).reason as DomainError;
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused.kind).toBe('rate-limited');
    const texts = settled.slice(0, 5).map((s) => (s as PromiseFulfilledResult<{ edits: Array<{ text: string }> }>).value.edits[0]?.text);
    expect(texts).toEqual(['必須 0', '必須 1', '必須 2', '必須 3', '必須 4']);
  }, 60_000);
});
