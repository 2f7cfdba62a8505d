import type { DescriptionFieldProps } from '@rjsf/utils';
import { useFormText } from '../i18n/use-form-text';

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const { text } = useFormText();
  if (!description) return null;
  return (
    <p id={id} className="form-description">
      {typeof description === 'string' ? text(description) : description}
    </p>
  );
}
