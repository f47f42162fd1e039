import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { ReasonDialog } from './reason-dialog.tsx';

describe('ReasonDialog', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  it('sends nothing without a reason (admin spec §5), then sends the reason typed, trimmed', async () => {
    const onConfirm = vi.fn();
    render(
      <ReasonDialog
        isOpen
        title="Suspend Hessa"
        hint="The user sees this reason."
        confirmLabel="Suspend"
        isBusy={false}
        onConfirm={onConfirm}
        onCancel={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Give a reason.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  Repeated spam  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(onConfirm).toHaveBeenCalledWith('Repeated spam');
  });
});
