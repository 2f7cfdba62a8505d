import type { WidgetProps } from '@rjsf/utils';

/** The text a field shows when it is read-only (read mode, or locked) and holds no value. */
export const NOT_PROVIDED_KEY = 'widgets:ReadMode.NotProvided';

/**
 * Whether the field shows "Not provided" in place of its value: read-only or disabled, with no value,
 * and not turned off in its ui file (`ui:options.readEmptyText: false`, for entry fields such as the
 * new e-mail address, which hold no stored value to report).
 */
export function showsNotProvided(props: Pick<WidgetProps, 'readonly' | 'disabled' | 'value' | 'options'>): boolean {
  const empty = props.value === undefined || props.value === null || props.value === '';
  return Boolean(props.readonly || props.disabled) && empty && props.options.readEmptyText !== false;
}
