import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '../local-checks';
import { describedBy, RefusalMessage } from './refusal-message';

export interface AllowedValuesProps {
  /** The base list, in its order: a draft may allow only values of it. */
  values: readonly unknown[];
  chosen: readonly unknown[];
  published: readonly unknown[];
  /** A value's name for people (its option label), if it has one. */
  labelOf: (value: unknown) => string | undefined;
  onChange: (chosen: unknown[]) => void;
  refusals: readonly Refusal[];
}

const FILTER_FROM = 12;
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The values the field allows, each a checkbox, out of the base list. */
export function AllowedValues({ values, chosen, published, labelOf, onChange, refusals }: AllowedValuesProps) {
  const { t } = useTranslation(['admin']);
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? values : values.filter((v) => `${show(v)} ${labelOf(v) ?? ''}`.toLowerCase().includes(needle));
  const toggle = (value: unknown, on: boolean) => onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  const removed = published.filter((v) => !chosen.includes(v)).length;
  const added = chosen.filter((v) => !published.includes(v)).length;
  return (
    <fieldset className="admin-control admin-values" aria-describedby={describedBy(id, refusals, `${id}-count`)}>
      <legend>{t('admin:Values.Legend')}</legend>
      <p id={`${id}-count`} className="admin-hint">
        {t('admin:Values.Count', { chosen: chosen.length, total: values.length })}
        {removed > 0 || added > 0 ? ` ${t('admin:Values.Changed', { removed, added })}` : ''}
      </p>
      {values.length > FILTER_FROM ? (
        <div className="admin-values__tools">
          <label htmlFor={`${id}-filter`}>{t('admin:Values.Filter')}</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
          <button type="button" className="button button--secondary button--small" onClick={() => onChange([...values])}>
            {t('admin:Values.All')}
          </button>
        </div>
      ) : null}
      <ul className="admin-values__list">
        {shown.map((value) => {
          const name = labelOf(value);
          return (
            <li key={show(value)}>
              <label>
                <input type="checkbox" checked={chosen.includes(value)} onChange={(event) => toggle(value, event.target.checked)} /> <code>{show(value)}</code>
                {name ? ` ${name}` : ''}
              </label>
            </li>
          );
        })}
      </ul>
      <RefusalMessage id={id} refusals={refusals} />
    </fieldset>
  );
}
