import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { checkTexts, fileRefusal, type TextRefusal } from './checks';
import { ImportTooLarge, importTexts, ImportUnreadable, type ExchangeFormat } from './exchange';
import { applyTexts, keysOf, readTexts, type Lang, type TextEdit } from './texts-files';

// The thread an import file is read and checked in (started by import-thread.ts, one per file): the
// file in; its texts with the refusals of every check, or the refusal of the whole file, out. The
// thread that answers requests only copies the file over and the answer back, whatever the file
// holds; it checks nothing of the file again.

export const IMPORT_WORKER_MARK = 'texts-import-worker';

export interface ImportRequest {
  format: ExchangeFormat;
  lang: Lang;
  content: string;
  /** The texts files (locales/) and the published version's changes, which the texts are checked against. */
  localesDir: string;
  published: TextEdit[];
  /** The tags of the texts service's languages (the file's must be one). */
  languages: string[];
}

export interface ImportAnswer {
  edits: TextEdit[];
  /** Empty when every text may be saved. */
  refusals: TextRefusal[];
}

export const unreadable = (format: ExchangeFormat, detail = format === 'json' ? 'not JSON' : 'not XLIFF'): ImportAnswer => ({
  edits: [],
  refusals: [fileRefusal('import-format', 'Texts.Refusal.ImportFormat', { detail: detail.slice(0, 200) })],
});

async function answer({ format, lang, content, localesDir, published, languages }: ImportRequest): Promise<ImportAnswer> {
  let edits: TextEdit[];
  try {
    edits = await importTexts(format, lang, content);
  } catch (error) {
    if (error instanceof ImportTooLarge) {
      const key = error.keyword === 'import-depth' ? 'Texts.Refusal.ImportDepth' : 'Texts.Refusal.ImportSize';
      return { edits: [], refusals: [fileRefusal(error.keyword, key, { limit: error.limit })] };
    }
    // Anything else a reader throws (a library's own limit) is a file that cannot be read.
    return unreadable(format, error instanceof ImportUnreadable ? error.message : undefined);
  }
  const base = readTexts(localesDir);
  // More texts than the language has keys: some are unknown or there twice; one refusal, not one each.
  const limit = keysOf(base, lang).keys.size;
  if (edits.length > limit) return { edits: [], refusals: [fileRefusal('import-texts', 'Texts.Refusal.ImportTexts', { limit })] };
  return { edits, refusals: checkTexts(base, applyTexts(base, published), edits, languages).refusals };
}

const data = workerData as { mark?: string } | undefined;
if (!isMainThread && data?.mark === IMPORT_WORKER_MARK && parentPort) {
  const port = parentPort;
  port.on('message', (request: ImportRequest) => void answer(request).then((reply) => port.postMessage(reply)));
}
