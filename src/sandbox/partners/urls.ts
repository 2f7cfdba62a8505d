/** An absolute http(s) URL (return targets the partners accept), decided by the URL parser. */
export function isAbsoluteHttpUrl(value: string | undefined): boolean {
  if (!value || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}
