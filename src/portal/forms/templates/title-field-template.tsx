import type { TitleFieldProps } from '@rjsf/utils';
import { useFormText } from '../i18n/use-form-text';

export function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  const { text } = useFormText();
  return <legend id={id}>{text(title)}</legend>;
}
