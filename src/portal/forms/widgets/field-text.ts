import { getUiOptions, type UiSchema } from '@rjsf/utils';

/** The label key of a field (ui:options.labelKey), else RJSF's computed label. */
export function labelKeyOf(uiSchema: UiSchema | undefined, fallback: string | undefined): string | undefined {
  const { labelKey } = getUiOptions(uiSchema);
  return typeof labelKey === 'string' ? labelKey : fallback;
}

export function helpKeyOf(uiSchema: UiSchema | undefined): string | undefined {
  const { helpKey } = getUiOptions(uiSchema);
  return typeof helpKey === 'string' ? helpKey : undefined;
}
