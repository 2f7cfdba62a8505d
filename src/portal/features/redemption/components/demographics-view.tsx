import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../clients/profile';
import { SchemaForm } from '../../../forms/schema-form';
import { fields } from '../../../../generated/fields/demographics';
import type { DemographicsForm } from '../../../../generated/types/demographics';
import { pickFields, toProfileView } from '../../../../shared/profile/view';
import { type FlowView, submitting } from './flow-view';

/** The full demographics modal of a Populi key: the `demographics` form, saved with PATCH /populi. */
export function DemographicsView({ state, send }: FlowView) {
  const { t } = useTranslation(['redemption']);
  const { profile } = useProfile();
  // Opened once with the stored profile; later saves do not reset what the learner is typing.
  const formData = useMemo(() => (profile ? pickFields(toProfileView(profile), fields) : {}), [profile?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <p>{t('Demographics.Text')}</p>
      <SchemaForm<DemographicsForm>
        form="demographics"
        formData={formData as Partial<DemographicsForm>}
        serverErrors={state.fieldErrors}
        submitLabel="redemption:Demographics.Submit"
        onSubmit={(data) => submitting(() => send({ type: 'submitDemographics', values: data as unknown as Record<string, unknown> }))()}
      />
    </>
  );
}
