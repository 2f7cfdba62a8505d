import { useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { capHour, capMinute, fromUtcTime, type Meridiem, toUtcTime } from './clock';
import { useFormText } from '../i18n/use-form-text';
import { labelKeyOf } from './field-text';

interface Draft {
  hour?: number;
  minute?: number;
  meridiem: Meridiem;
}

/** A 12-hour clock with AM/PM whose value is the UTC time of day "HH:mm" (docs/behaviour.md#states-and-transitions). */
export function TimeWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, label, required, onChange, uiSchema } = props;
  const { text, t } = useFormText();
  const [draft, setDraft] = useState<Draft>(() => fromUtcTime(value) ?? { meridiem: 'AM' });
  const update = (next: Draft) => {
    setDraft(next);
    onChange(next.hour !== undefined && next.minute !== undefined ? toUtcTime({ hour: next.hour, minute: next.minute, meridiem: next.meridiem }) : undefined);
  };
  const aria = ariaProps(props);
  return (
    <fieldset className="form-time" aria-describedby={aria['aria-describedby']}>
      <legend>
        {text(labelKeyOf(uiSchema, label))}
        {required && (
          <span aria-hidden="true" className="form-required">
            {' '}
            *
          </span>
        )}
      </legend>
      <label htmlFor={id}>{t('widgets:Time.Hour')}</label>
      <input
        id={id}
        inputMode="numeric"
        maxLength={2}
        value={draft.hour ?? ''}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={aria['aria-invalid']}
        onChange={(e: ChangeEvent<HTMLInputElement>) => update({ ...draft, hour: capHour(e.target.value) })}
      />
      <label htmlFor={`${id}-minute`}>{t('widgets:Time.Minute')}</label>
      <input
        id={`${id}-minute`}
        inputMode="numeric"
        maxLength={2}
        value={draft.minute ?? ''}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={aria['aria-invalid']}
        onChange={(e: ChangeEvent<HTMLInputElement>) => update({ ...draft, minute: capMinute(e.target.value) })}
      />
      <label htmlFor={`${id}-meridiem`}>{t('widgets:Time.Meridiem')}</label>
      <select
        id={`${id}-meridiem`}
        value={draft.meridiem}
        disabled={disabled || readonly}
        onChange={(e: ChangeEvent<HTMLSelectElement>) => update({ ...draft, meridiem: e.target.value as Meridiem })}
      >
        <option value="AM">{t('widgets:Time.AM')}</option>
        <option value="PM">{t('widgets:Time.PM')}</option>
      </select>
    </fieldset>
  );
}
