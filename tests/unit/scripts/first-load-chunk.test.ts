import { firstLoadChunk } from '../../../scripts/lib/vite-first-load-chunk';

describe('the first-load chunk of the build', () => {
  it('takes what the entry imports statically, not the entry itself nor what it imports by import()', () => {
    const graph: Record<string, { isEntry?: boolean; importedIds: string[]; dynamicallyImportedIds?: string[] }> = {
      '/main.tsx': { isEntry: true, importedIds: ['/boot.tsx'] },
      '/boot.tsx': { importedIds: ['/routes.tsx', 'react'] },
      '/routes.tsx': { importedIds: ['/shell.tsx'], dynamicallyImportedIds: ['/admin-room.tsx', '/home.tsx'] },
      '/shell.tsx': { importedIds: ['react'] },
      react: { importedIds: [] },
      '/admin-room.tsx': { importedIds: ['/rules.tsx', 'react'] },
      '/rules.tsx': { importedIds: [] },
      '/home.tsx': { importedIds: [] },
    };
    const { plugin, test } = firstLoadChunk();
    const context = { getModuleIds: () => Object.keys(graph)[Symbol.iterator](), getModuleInfo: (id: string) => graph[id] ?? null };
    (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
    expect(Object.keys(graph).filter(test)).toEqual(['/boot.tsx', '/routes.tsx', '/shell.tsx', 'react']);
  });
});
