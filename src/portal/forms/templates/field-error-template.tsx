import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { decodeMessage } from '../errors/message';
import { FALLBACK_KEYS } from '../errors/transform-errors';
import { useFormText } from '../i18n/use-form-text';

/**
 * The field's errors, each a message key (with what its text may say about the failed rule, see
 * ../errors/message.ts) translated here so a language switch re-translates them.
 */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const { text } = useFormText();
  const messages = (errors ?? []).filter((e): e is string => typeof e === 'string' && e !== '');
  if (messages.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="form-error">
      {[...new Set(messages)].map((message) => {
        const { key, params } = decodeMessage(message);
        return <p key={message}>{text(key, FALLBACK_KEYS.invalid, params)}</p>;
      })}
    </div>
  );
}
