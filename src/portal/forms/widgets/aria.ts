import { errorId, helpId, type WidgetProps } from '@rjsf/utils';
import { helpKeyOf } from './field-text';

/** aria-describedby pointing only at the help and error elements that are actually rendered. */
export function describedBy(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'uiSchema'>): string | undefined {
  const ids: string[] = [];
  if (helpKeyOf(props.uiSchema)) ids.push(helpId(props.id));
  if (props.rawErrors && props.rawErrors.length > 0) ids.push(errorId(props.id));
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function ariaProps(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'uiSchema' | 'required'>) {
  const invalid = Boolean(props.rawErrors && props.rawErrors.length > 0);
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(props),
    'aria-required': props.required || undefined,
  } as const;
}
