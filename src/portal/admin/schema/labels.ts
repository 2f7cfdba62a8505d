import type { UiSchema } from '@rjsf/utils';
import { isObject } from './files';

/** The label key a ui file gives the field at `path` (`ui:options.labelKey`), if any. */
export function labelKeyAt(ui: UiSchema | undefined, path: string): string | undefined {
  let node: unknown = ui;
  for (const key of path.split('/')) node = isObject(node) ? node[key] : undefined;
  const options = isObject(node) ? node['ui:options'] : undefined;
  const labelKey = isObject(options) ? options.labelKey : undefined;
  return typeof labelKey === 'string' ? labelKey : undefined;
}
