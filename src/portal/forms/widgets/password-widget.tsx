import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { TextWidget } from './text-widget';
import { useFormText } from '../i18n/use-form-text';

/** A password box with a toggle that reveals it; the toggle says what it will do and its pressed state. */
export function PasswordWidget(props: WidgetProps) {
  const [visible, setVisible] = useState(false);
  const { t } = useFormText();
  const autocomplete = typeof props.options.autocomplete === 'string' ? props.options.autocomplete : 'current-password';
  return (
    <div className="form-password">
      {/* A password is never shown, so an empty one does not say "Not provided" either. */}
      <TextWidget {...props} type={visible ? 'text' : 'password'} options={{ ...props.options, autocomplete, readEmptyText: false }} />
      <button
        type="button"
        className="form-password-toggle"
        aria-controls={props.id}
        aria-pressed={visible}
        disabled={props.disabled}
        onClick={() => setVisible((v) => !v)}
      >
        {t(visible ? 'widgets:Password.Hide' : 'widgets:Password.Show')}
      </button>
    </div>
  );
}
