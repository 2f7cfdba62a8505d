import type { ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { useFormText } from '../i18n/use-form-text';
import { labelKeyOf } from './field-text';

/** A checkbox that carries its own label, so the label text is clickable and names the box. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, required, onChange, onBlur, onFocus, hideLabel, uiSchema } = props;
  const { text } = useFormText();
  return (
    <div className="form-checkbox">
      <input
        type="checkbox"
        id={id}
        name={htmlName ?? id}
        checked={value === true}
        disabled={disabled || readonly}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        {...ariaProps(props)}
      />
      <label htmlFor={id}>
        {hideLabel ? null : text(labelKeyOf(uiSchema, label))}
        {required && (
          <span aria-hidden="true" className="form-required">
            {' '}
            *
          </span>
        )}
      </label>
    </div>
  );
}
