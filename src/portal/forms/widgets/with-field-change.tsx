import { type ComponentType, useCallback } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../behaviours/form-context';

/** Wraps a widget so each change also reaches the form's behaviours within the same event. */
export function withFieldChange(Widget: ComponentType<WidgetProps>): ComponentType<WidgetProps> {
  function Tracked(props: WidgetProps) {
    const { onChange, id, registry } = props;
    const { fieldChanged } = registry.formContext as SchemaFormContext;
    const handleChange = useCallback(
      (value: unknown, ...rest: unknown[]) => {
        (onChange as (...args: unknown[]) => void)(value, ...rest);
        fieldChanged?.(id, value);
      },
      [onChange, fieldChanged, id],
    );
    return <Widget {...props} onChange={handleChange} />;
  }
  Tracked.displayName = `Tracked(${Widget.displayName ?? Widget.name})`;
  return Tracked;
}
