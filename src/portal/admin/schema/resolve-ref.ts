import type { NodeAt } from './files';

const BASE = 'schema:///';

/** The file a $ref points to, resolved against the $id of the file it sits in. */
export function refTarget(ref: string, currentId: string): string {
  const url = new URL(ref, `${BASE}${currentId}`);
  url.hash = '';
  return url.href.slice(BASE.length);
}

/** The place a $ref names: its file (resolved as refTarget does) and the pointer of its fragment. */
export function refPlace(ref: string, currentId: string): NodeAt {
  const url = new URL(ref, `${BASE}${currentId}`);
  const pointer = decodeURIComponent(url.hash.slice(1));
  url.hash = '';
  return { file: url.href.slice(BASE.length), pointer };
}
