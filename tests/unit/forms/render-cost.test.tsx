// @vitest-environment jsdom
import { Profiler, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SchemaForm } from '../../../src/portal/forms/schema-form';
import { useEditToggle } from '../../../src/portal/forms/use-edit-toggle';
import { SAMPLES } from '../../../src/portal/admin/gallery/samples';
import { labelled, setup } from './harness';

const { wrapper, i18n } = setup('en');

describe('render cost of typing in the profile form', () => {
  it('commits once for a typed word (the form marked edited at its first keystroke), and never re-renders the feature that holds the form', async () => {
    let commits = 0;
    let featureRenders = 0;
    const onSubmit = vi.fn();
    function ProfileFeature() {
      featureRenders += 1;
      const toggle = useEditToggle('edit');
      const [data] = useState(SAMPLES.profile);
      return <SchemaForm form="profile" formData={data} editToggle={toggle} onSubmit={onSubmit} />;
    }
    render(
      <Profiler id="profile" onRender={() => (commits += 1)}>
        <ProfileFeature />
      </Profiler>,
      { wrapper },
    );
    const input = screen.getByLabelText(labelled(i18n.t('Fields.givenName.firstName.label', { ns: 'fields' })));
    await userEvent.click(input);
    const before = { commits, featureRenders };
    const typed = 'xandra';
    await userEvent.type(input, typed);
    expect(input).toHaveValue(`Alex${typed}`);
    // The box keeps the held text itself: the keystrokes render nothing but the first one's mark of
    // the form as edited (the Save button follows it).
    expect(commits - before.commits).toBe(1);
    expect(featureRenders).toBe(before.featureRenders);
  });
});
