/** A radio group of buttons (variant options, purchase options): arrow keys move the choice. */
import type { KeyboardEvent } from 'react';

export type Choice = { value: string; label: string; disabled?: boolean; note?: string };

export function OptionPicker({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Choice[];
  value: string;
  onChange: (value: string) => void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const i = choices.findIndex((c) => c.value === value);
    const next = choices[(i + step + choices.length) % choices.length];
    onChange(next.value);
    e.currentTarget.querySelector<HTMLElement>(`[data-value="${CSS.escape(next.value)}"]`)?.focus();
  };
  return (
    <fieldset className="option-picker">
      <legend>{label}</legend>
      <div role="radiogroup" aria-label={label} className="option-picker__choices" onKeyDown={onKeyDown}>
        {choices.map((c) => (
          <button
            key={c.value}
            type="button"
            role="radio"
            data-value={c.value}
            aria-checked={c.value === value}
            tabIndex={c.value === value ? 0 : -1}
            className={`chip${c.disabled ? ' chip--unavailable' : ''}`}
            onClick={() => onChange(c.value)}
          >
            {c.label}
            {c.note && <span className="chip__note"> {c.note}</span>}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
