import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../forms/schema-form';
import type { CoursePickerForm } from '../../../../generated/types/course-picker';
import { type FlowView, submitting } from './flow-view';

/** The course picker modal: one of the key's CertMaster Practice products (the `course-picker` form). */
export function CoursePickerView({ state, send }: FlowView) {
  const { t } = useTranslation(['redemption']);
  const context = useMemo(
    () => ({
      products: (state.cmpChoices ?? []).map((p) => ({ value: p.certMasterPracticeProductId, label: p.certMasterPracticeProductName })),
    }),
    [state.cmpChoices],
  );
  return (
    <>
      <p>{t('CoursePicker.Text')}</p>
      <SchemaForm<CoursePickerForm>
        form="course-picker"
        context={context}
        submitLabel="redemption:CoursePicker.Submit"
        onSubmit={(data) => submitting(() => send({ type: 'pickCourse', productId: Number(data.productId) }))()}
      />
    </>
  );
}
