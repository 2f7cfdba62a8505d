const BASE = 'schema:///';

/** The file a $ref points to, resolved against the $id of the file it sits in. */
export function refTarget(ref: string, currentId: string): string {
  const url = new URL(ref, `${BASE}${currentId}`);
  url.hash = '';
  return url.href.slice(BASE.length);
}
