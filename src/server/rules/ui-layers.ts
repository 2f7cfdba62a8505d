import type { JsonSchema } from '../../shared/schemas/schema-types';
import { UI_INCLUDE, uiIncludeId } from '../../shared/schemas/ui-include';
import { pointerOf, valueAt, type RuleFiles } from './rule-files';

// A form's ui file may take entries from shared ones (`x-include`, src/shared/schemas/ui-include.ts):
// the profile's and the exam form's contact details live in ui/defs/contact-details.ui.json, the
// address block in ui/defs/address.ui.json. A rule of the presentation (a field's help key, an order)
// is read where the resolved file takes it from, and a change to it is made there, so a help key
// changed once changes it for every form that shows the field.

/** One file's say at a place of a form's ui: the file and the place's segments in it. */
export interface UiLayer {
  file: string;
  segments: string[];
}

const isObject = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The files that have a say at `segments` of a form's ui file, the winning one first: the form's own
 * file, then what it includes on the way there (an inclusion's own entries over what it includes).
 */
export function uiLayers(files: RuleFiles, file: string, segments: readonly string[], seen: readonly string[] = []): UiLayer[] {
  if (seen.includes(file)) return [];
  const layers: UiLayer[] = [{ file, segments: [...segments] }];
  const document = files.get(file);
  // An inclusion at the root or at any object on the way applies below it; the deeper one is nearer.
  const included: UiLayer[] = [];
  for (let depth = 0; depth <= segments.length; depth++) {
    const node = valueAt(document, segments.slice(0, depth));
    if (!isObject(node)) break;
    const path = node[UI_INCLUDE];
    if (typeof path === 'string') included.unshift(...uiLayers(files, uiIncludeId(path), segments.slice(depth), [...seen, file]));
  }
  return [...layers, ...included];
}

/** Where the value at `segments` + `keyword` of a form's ui comes from, and that value (undefined when none has it). */
export function uiValue(
  files: RuleFiles,
  file: string,
  segments: readonly string[],
  keyword: readonly string[],
): { layer: UiLayer; value: unknown } | undefined {
  for (const layer of uiLayers(files, file, segments)) {
    const value = valueAt(files.get(layer.file), [...layer.segments, ...keyword]);
    if (value !== undefined) return { layer, value };
  }
  return undefined;
}

/**
 * The file and pointer a change to `keyword` at `segments` should name: the file the value comes
 * from; when no file has it, the nearest file that has the place itself (so an `add` applies).
 */
export function uiEditTarget(
  files: RuleFiles,
  file: string,
  segments: readonly string[],
  keyword: readonly string[],
): { file: string; pointer: string; value: unknown } {
  const found = uiValue(files, file, segments, keyword);
  if (found) return { file: found.layer.file, pointer: pointerOf([...found.layer.segments, ...keyword]), value: found.value };
  const layers = uiLayers(files, file, segments);
  const holder = layers.find((layer) => isObject(valueAt(files.get(layer.file), [...layer.segments, ...keyword.slice(0, -1)]))) ?? layers[0];
  return { file: holder?.file ?? file, pointer: pointerOf([...(holder?.segments ?? segments), ...keyword]), value: undefined };
}
