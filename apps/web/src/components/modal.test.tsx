import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1>Settings</h1>
      <Button onClick={() => setOpen(true)}>Delete Account</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete your account?"
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger">Delete</Button>
          </>
        }
      >
        <input aria-label="Confirmation" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that traps focus, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete Account' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();

    await user.tab();
    expect(screen.getByLabelText('Confirmation')).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();

    // The page behind is out of reach of assistive technology while the dialog is open.
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes only the top dialog of a nested pair on Escape', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <Button onClick={() => setInner(true)}>Open inner</Button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <input aria-label="Inner field" />
          </Modal>
        </Modal>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
  });
  it('focuses finalFocusRef on close, instead of the opener, when it is on the page', async () => {
    function Creator() {
      const [open, setOpen] = useState(false);
      const [made, setMade] = useState(false);
      const madeRef = useRef<HTMLHeadingElement>(null);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Create</Button>
          {made && (
            <h2 ref={madeRef} tabIndex={-1}>
              The new thing
            </h2>
          )}
          <Modal open={open} onClose={() => setOpen(false)} title="Create a thing" finalFocusRef={madeRef}>
            <Button
              onClick={() => {
                setMade(true);
                setOpen(false);
              }}
            >
              Make it
            </Button>
          </Modal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Creator />);
    // Nothing made yet: Escape returns focus to the opener as usual.
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(screen.getByRole('button', { name: 'Make it' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'The new thing' })).toHaveFocus());
  });
});
