import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFieldErrors } from './use-field-errors';

function Form() {
  const { formRef, errors, showErrors } = useFieldErrors<'name'>();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        showErrors({ name: 'Name is required' });
      }}
    >
      <input aria-label="Name" aria-invalid={errors.name ? true : undefined} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFieldErrors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('focuses the first invalid field once its message is drawn, however early an animation frame comes', async () => {
    // A frame that runs before React commits the errors (as one did on a loaded, shared test worker).
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});
