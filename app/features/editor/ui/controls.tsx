import type { ReactNode } from 'react';

/** Small shared pieces of the editor's toolbars, so every control has the same label, focus and dark styles. */
export const controlClass =
  'rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 disabled:opacity-50 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

export const buttonClass =
  'rounded px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200 disabled:opacity-50 ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-100 dark:hover:bg-slate-700';

export function ToggleButton(props: {
  label: string;
  pressed: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
      className={`${buttonClass} ${props.pressed ? 'bg-slate-300 dark:bg-slate-600' : ''}`}
    >
      {props.children}
    </button>
  );
}

export function ColorInput(props: { label: string; value: string; disabled?: boolean; onChange: (v: string) => void }) {
  return (
    <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
      <span>{props.label}</span>
      <input
        type="color"
        aria-label={props.label}
        value={toHex(props.value)}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
        className="h-7 w-8 cursor-pointer rounded border border-slate-300 bg-transparent disabled:cursor-not-allowed dark:border-slate-600"
      />
    </label>
  );
}

const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' };

/** `<input type=color>` only takes #rrggbb. */
export function toHex(value: string): string {
  const v = NAMED[value.toLowerCase()] ?? value;
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return '#000000';
}

export function Swatches(props: {
  label: string;
  colors: readonly { name: string; value: string }[];
  onPick: (v: string) => void;
}) {
  return (
    <div
      role="group"
      aria-label={props.label}
      className="absolute left-0 top-full z-20 mt-1 grid w-max grid-cols-6 gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {props.colors.map((c) => (
        <button
          key={c.value}
          type="button"
          aria-label={c.name}
          title={c.name}
          onClick={() => props.onPick(c.value)}
          className="h-6 w-6 rounded border border-slate-300 dark:border-slate-600"
          style={{ backgroundColor: c.value }}
        />
      ))}
    </div>
  );
}
