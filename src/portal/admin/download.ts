/**
 * Saves a text as a file the browser downloads: the admin area's exports (texts as XLIFF or JSON,
 * form activity as CSV) come from calls that carry the token, so a plain link cannot fetch them.
 */
export function downloadText(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
