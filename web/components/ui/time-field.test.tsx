// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import german from '../../locales/de/common.json';
import { fillTime, renderWithProviders } from '../../test/component-harness';
import { FormField } from './form-field';
import { TimeField } from './time-field';

function Field({ initial, onSave = () => {} }: { initial: string; onSave?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FormField label="Start" error={value < '08:00' ? 'Too early' : undefined}>
        <TimeField value={value} onChange={setValue} onBlur={() => onSave(value)} />
      </FormField>
      <output>{value}</output>
    </>
  );
}

const shown = (group: HTMLElement) =>
  within(group)
    .getAllByRole('combobox')
    .map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);

describe('TimeField', () => {
  it('in English: hour, minute and AM/PM in one group named by its label; each choice gives HH:mm', async () => {
    await renderWithProviders(<Field initial="21:05" />);
    const group = screen.getByRole('group', { name: 'Start' });
    expect(shown(group)).toEqual(['9', '05', 'PM']);
    const hour = within(group).getByRole('combobox', { name: 'Hour' }) as HTMLSelectElement;
    expect([...hour.options].map((option) => option.textContent)).toEqual(['12', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    // The label focuses the hour.
    expect(screen.getByText('Start').getAttribute('for')).toBe(hour.id);

    fireEvent.change(within(group).getByRole('combobox', { name: 'AM or PM' }), { target: { value: 'am' } });
    expect(screen.getByRole('status').textContent).toBe('09:05');
    fireEvent.change(hour, { target: { value: '12' } });
    expect(screen.getByRole('status').textContent).toBe('00:05');
    fillTime('Start', '12:45');
    expect(screen.getByRole('status').textContent).toBe('12:45');
    expect(shown(group)).toEqual(['12', '45', 'PM']);
  });

  it('in German: 24-hour choices, no AM/PM, whatever the browser', async () => {
    await renderWithProviders(<Field initial="21:05" />);
    i18next.addResourceBundle('de', 'common', german);
    await i18next.changeLanguage('de');
    try {
      const group = await screen.findByRole('group', { name: 'Start' });
      await vi.waitFor(() => expect(within(group).getAllByRole('combobox')).toHaveLength(2));
      expect(shown(group)).toEqual(['21', '05']);
      const hour = within(group).getByRole('combobox', { name: 'Stunde' }) as HTMLSelectElement;
      expect(hour.options).toHaveLength(24);
      expect(hour.options[0]?.textContent).toBe('00');
      fireEvent.change(hour, { target: { value: '7' } });
      expect(screen.getByRole('status').textContent).toBe('07:05');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('an error marks every part invalid and describes the group; leaving the group (not moving inside it) is its blur', async () => {
    const onSave = vi.fn();
    await renderWithProviders(<Field initial="07:00" onSave={onSave} />);
    const group = screen.getByRole('group', { name: 'Start' });
    const [hour, minute] = within(group).getAllByRole('combobox');
    expect(group.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(
      within(group)
        .getAllByRole('combobox')
        .every((select) => select.getAttribute('aria-invalid') === 'true'),
    ).toBe(true);
    fireEvent.blur(hour!, { relatedTarget: minute });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.blur(minute!);
    expect(onSave).toHaveBeenCalledWith('07:00');
  });

  it('a value that is not HH:mm shows empty choices; picking a part fills the others with zero', async () => {
    await renderWithProviders(<Field initial="" />);
    const group = screen.getByRole('group', { name: 'Start' });
    expect(shown(group)).toEqual(['', '', '']);
    fireEvent.change(within(group).getByRole('combobox', { name: 'Minute' }), { target: { value: '30' } });
    expect(screen.getByRole('status').textContent).toBe('00:30');
    expect(shown(group)).toEqual(['12', '30', 'AM']);
  });
});
