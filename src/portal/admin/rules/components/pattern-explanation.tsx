import { useTranslation } from 'react-i18next';
import type { Step } from '../pattern/explain-pattern';

function Steps({ steps }: { steps: readonly Step[] }) {
  const { t } = useTranslation(['admin']);
  return (
    <ol className="admin-pattern-steps">
      {steps.map((step, i) => (
        <li key={`${step.key}:${i}`}>
          {t(step.key, step.params)}
          {step.steps && step.steps.length > 0 ? <Steps steps={step.steps} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** A pattern's steps in plain words. */
export function PatternExplanation({ steps }: { steps: readonly Step[] }) {
  return <Steps steps={steps} />;
}
