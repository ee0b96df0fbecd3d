import { render, screen } from '@testing-library/react';
import { Field } from './field';

const renderField = (props: { hint?: string; error?: string }) =>
  render(
    <Field id="project-key" label="Project Key" {...props}>
      {(control) => <input {...control} />}
    </Field>,
  );

describe('a labelled field', () => {
  it('names its input by the label and describes it by the hint', () => {
    renderField({ hint: 'Up to 10 letters or digits' });
    const input = screen.getByRole('textbox', { name: 'Project Key' });
    expect(input).toHaveAccessibleDescription('Up to 10 letters or digits');
    expect(input).not.toBeInvalid();
  });

  it('says the error in place of the hint and marks the input invalid', () => {
    renderField({ hint: 'Up to 10 letters or digits', error: 'Project Key is required.' });
    const input = screen.getByRole('textbox', { name: 'Project Key' });
    expect(input).toHaveAccessibleDescription('Project Key is required.');
    expect(input).toBeInvalid();
    expect(screen.queryByText('Up to 10 letters or digits')).toBeNull();
  });

  it('describes nothing when it has neither', () => {
    renderField({});
    expect(screen.getByRole('textbox', { name: 'Project Key' })).not.toHaveAttribute('aria-describedby');
  });
});
