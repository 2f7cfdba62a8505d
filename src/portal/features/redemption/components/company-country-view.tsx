import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../clients/profile';
import { SchemaForm } from '../../../forms/schema-form';
import type { CompanyCountryForm } from '../../../../generated/types/company-country';
import { type FlowView, submitting } from './flow-view';

/** The company-and-country details modal, asked before a CertMaster Practice key when the profile lacks them. */
export function CompanyCountryView({ state, send, facts }: FlowView) {
  const { t } = useTranslation(['redemption']);
  const { profile } = useProfile();
  const formData = useMemo(
    () => ({ company: profile?.company ?? '', country: facts().country ?? 'USA' }) as Partial<CompanyCountryForm>,
    [profile?.id], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <>
      <p>{t('CompanyCountry.Text')}</p>
      <SchemaForm<CompanyCountryForm>
        form="company-country"
        formData={formData}
        serverErrors={state.fieldErrors}
        submitLabel="redemption:CompanyCountry.Submit"
        onSubmit={(data) => submitting(() => send({ type: 'submitCompanyAndCountry', values: data as unknown as Record<string, unknown> }))()}
      />
    </>
  );
}
