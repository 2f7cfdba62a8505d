import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/schema-form';
import type { RedeemForm } from '../../../../generated/types/redeem';
import type { FlowView } from './flow-view';
import { InstructionsModal } from './instructions-modal';

/** The redeem modal's body: the `redeem` form (access key), the instructions link, messages at the field. */
export function KeyView({ state, send, facts }: FlowView) {
  const { t } = useTranslation(['redemption']);
  const [instructions, setInstructions] = useState(false);
  // The key the view opened with (kept when coming back from a modal); a new object would restart the form.
  const [formData] = useState(() => ({ accessKey: state.accessKey }));
  const serverErrors = useMemo(() => (state.keyError ? { accessKey: state.keyError } : undefined), [state.keyError]);
  return (
    <>
      <p className="redemption__lead">{t('Redeem.Lead')}</p>
      <SchemaForm<RedeemForm>
        form="redeem"
        formData={formData}
        serverErrors={serverErrors}
        submitLabel="redemption:Redeem.Submit"
        onSubmit={async (data) => {
          if (!(await send({ type: 'submitKey', accessKey: data.accessKey ?? '', facts: facts() }))) throw new Error('failed');
        }}
      />
      <p className="redemption__info">
        <button type="button" className="link-button" onClick={() => setInstructions(true)}>
          {t('Redeem.InstructionsLink')}
        </button>
      </p>
      <InstructionsModal open={instructions} onOpenChange={setInstructions} />
    </>
  );
}
