import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageAt } from '../../schema/field-view';
import type { Refusal } from '../local-checks';
import { describedBy, RefusalMessage } from './refusal-message';
import { WasNote } from './was-note';

const flatten = (node: unknown, prefix: string, out: string[]) => {
  if (typeof node === 'string') out.push(prefix);
  else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  return out;
};

/** Every message key of the validation texts (`Validation.*`), as the portal has them loaded. */
export function useMessageKeys(): string[] {
  const { i18n } = useTranslation();
  return useMemo(() => flatten(i18n.getResourceBundle('en', 'validation') ?? {}, '', []).sort(), [i18n]);
}

export interface MessageKeySelectProps {
  label: string;
  message: MessageAt;
  published: string | undefined;
  onChange: (key: string) => void;
  refusals: readonly Refusal[];
}

/** The message key of a rule, chosen among the existing ones, with its English and Japanese texts. */
export function MessageKeySelect({ label, message, published, onChange, refusals }: MessageKeySelectProps) {
  const { t, i18n } = useTranslation(['admin', 'gallery']);
  const id = useId();
  const keys = useMessageKeys();
  const textsId = `${id}-texts`;
  const options = message.key && !keys.includes(message.key) ? [message.key, ...keys] : keys;
  const text = (lng: string) => (message.key ? i18n.getResource(lng, 'validation', message.key) : undefined);
  return (
    <div className="admin-control admin-control--message">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={message.key ?? ''}
        aria-invalid={refusals.length > 0 || undefined}
        aria-describedby={describedBy(id, refusals, textsId)}
        onChange={(event) => onChange(event.target.value)}
      >
        {message.key === undefined ? <option value="">{t('admin:Message.None')}</option> : null}
        {options.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </select>
      <WasNote value={message.key} published={published} />
      <dl id={textsId} className="admin-message-texts">
        <div>
          <dt lang="en">{t('gallery:Languages.en')}</dt>
          <dd lang="en">{text('en') ?? t('admin:Message.NoText')}</dd>
        </div>
        <div>
          <dt lang="ja">{t('gallery:Languages.ja')}</dt>
          <dd lang="ja">{text('ja') ?? t('admin:Message.NoText')}</dd>
        </div>
      </dl>
      <RefusalMessage id={id} refusals={refusals} />
    </div>
  );
}
