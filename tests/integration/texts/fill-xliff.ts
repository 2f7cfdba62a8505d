import { js2xliff, xliff2js } from 'xliff';

/**
 * An exported XLIFF file with each unit's target set by `translate(source, id, index)` (an empty
 * answer leaves the unit untranslated), as a translation tool would hand it back.
 */
export async function fillXliff(content: string, translate: (source: string, id: string, index: number) => string): Promise<string> {
  const js = await xliff2js(content);
  let index = 0;
  for (const [, units] of Object.entries(js.resources)) {
    for (const [id, unit] of Object.entries(units as Record<string, { source: string; target?: string }>)) {
      unit.target = translate(unit.source, id, index);
      index += 1;
    }
  }
  return js2xliff(js);
}
