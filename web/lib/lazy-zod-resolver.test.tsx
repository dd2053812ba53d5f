// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useLazyZodResolver } from './lazy-zod-resolver';

const rules = () => z.object({ name: z.string().min(1, 'Name required') });

function NameForm({ load, onValid }: { load: () => Promise<ReturnType<typeof rules>>; onValid: (name: string) => void }) {
  const form = useForm({ resolver: useLazyZodResolver(load), defaultValues: { name: '' } });
  return (
    <form onSubmit={form.handleSubmit((values) => onValid(values.name))} noValidate>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <p>{form.formState.errors.name?.message}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useLazyZodResolver (decision 234)', () => {
  it('loads no rules while the page is left alone, starts on the first focus, and validates with them', async () => {
    const load = vi.fn(async () => rules());
    const onValid = vi.fn();
    render(<NameForm load={load} onValid={onValid} />);
    expect(load).not.toHaveBeenCalled();

    fireEvent.focusIn(screen.getByLabelText('Name'));
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Name required');
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith('Ada'));
  });
});
