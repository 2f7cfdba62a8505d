import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { FALLBACK_KEYS } from '../errors/transform-errors';
import { useFormText } from '../i18n/use-form-text';

/** The field's errors, each a message key translated here so a language switch re-translates them. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const { text } = useFormText();
  const messages = (errors ?? []).filter((e): e is string => typeof e === 'string' && e !== '');
  if (messages.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="form-error">
      {[...new Set(messages)].map((key) => (
        <p key={key}>{text(key, FALLBACK_KEYS.invalid)}</p>
      ))}
    </div>
  );
}
