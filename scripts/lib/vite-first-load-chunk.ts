import type { Plugin } from 'vite';

/**
 * Every module the portal's entry imports statically (what the first load fetches whatever the
 * page), gathered into one chunk (`first-load`) beside the entry, rather than left to the bundler's
 * splitting: lazy pages share many of these modules, and the bundler would otherwise cut them into a
 * dozen small chunks of the first load (each one more request and less compression). The pages'
 * own code stays in their lazy chunks. `firstLoadChunk().test` is the group's test in
 * vite.config.ts; the plugin fills it once the module graph is complete.
 */
export function firstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-first-load-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry modules themselves stay in their entry chunks.
      for (const id of entries) modules.delete(id);
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
