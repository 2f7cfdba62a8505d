import { useEffect, useId, useState } from 'react';
import type { Refusal } from '../local-checks';
import { describedBy, RefusalMessage } from './refusal-message';
import { WasNote } from './was-note';

export interface NumberRuleProps {
  label: string;
  /** The draft's value (undefined: no such rule here). */
  value: unknown;
  published: unknown;
  onChange: (value: number | undefined) => void;
  refusals: readonly Refusal[];
  hint?: string;
}

const text = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** A number rule (a length or a bound): empty means no such rule at this place. */
export function NumberRule({ label, value, published, onChange, refusals, hint }: NumberRuleProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  // What is typed, kept while it is not (yet) a number the rule can take, e.g. "-".
  const [typed, setTyped] = useState(text(value));
  useEffect(() => {
    setTyped((current) => (current !== '' && Number(current) === value ? current : text(value)));
  }, [value]);
  return (
    <div className="admin-control">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={typed}
        aria-invalid={refusals.length > 0 || undefined}
        aria-describedby={describedBy(id, refusals, hintId)}
        onChange={(event) => {
          const next = event.target.value;
          setTyped(next);
          if (next === '') onChange(undefined);
          else if (Number.isFinite(Number(next))) onChange(Number(next));
        }}
      />
      <WasNote value={value} published={published} />
      {hint ? (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      ) : null}
      <RefusalMessage id={id} refusals={refusals} />
    </div>
  );
}
