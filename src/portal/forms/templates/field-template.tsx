import { type FieldTemplateProps, getUiOptions, helpId } from '@rjsf/utils';
import { useFormText } from '../i18n/use-form-text';
import { helpKeyOf, labelKeyOf } from '../widgets/field-text';

// These render their own label (checkbox beside the box, time as a legend, objects as a fieldset).
const OWN_LABEL_WIDGETS = new Set(['checkbox', 'time']);

/** Label, control, help and errors of one field; errors sit at the field they concern. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, hidden, required, displayLabel, schema, uiSchema, classNames } = props;
  const { text } = useFormText();
  if (hidden) return <div hidden>{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const ownsLabel = schema.type === 'object' || schema.type === 'boolean' || (typeof widget === 'string' && OWN_LABEL_WIDGETS.has(widget));
  const labelKey = labelKeyOf(uiSchema, label);
  const helpKey = helpKeyOf(uiSchema);
  return (
    <div className={['form-field', classNames].filter(Boolean).join(' ')}>
      {displayLabel && !ownsLabel && labelKey && (
        <label htmlFor={id} className="form-label">
          {text(labelKey)}
          {required && (
            <span aria-hidden="true" className="form-required">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      {children}
      {helpKey && (
        <p id={helpId(id)} className="form-help">
          {text(helpKey)}
        </p>
      )}
      {errors}
    </div>
  );
}
