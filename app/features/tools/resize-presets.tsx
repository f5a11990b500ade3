import { PRESET_CATEGORY_LABELS, QUICK_PRESET_COUNT, RESIZE_PRESETS } from '../../../core/tools/resize-options';
import { pickPreset, type ResizeFieldsState } from './resize-fields';
import { btnSecondary, fieldLabel, input } from './styles';

// The Resize tab's preset sizes: the first few as buttons, the rest in a list grouped by where the picture goes.

const QUICK = RESIZE_PRESETS.slice(0, QUICK_PRESET_COUNT);
const MORE = RESIZE_PRESETS.slice(QUICK_PRESET_COUNT);
const CATEGORIES = ['social', 'print', 'web'] as const satisfies readonly (keyof typeof PRESET_CATEGORY_LABELS)[];

export function ResizePresets({ size, setSize }: { size: ResizeFieldsState; setSize: (s: ResizeFieldsState) => void }) {
  const selected = 'ring-2 ring-brand-700 !border-brand-700';
  return (
    <div>
      <h2 className={fieldLabel}>Quick Presets</h2>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {QUICK.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={size.preset === p.id}
            onClick={() => setSize(pickPreset(size, p.id))}
            className={`${btnSecondary} flex-col !items-start text-left text-sm ${size.preset === p.id ? selected : ''}`}
          >
            <span className="font-semibold">{p.name}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {p.width} × {p.height}
            </span>
          </button>
        ))}
      </div>
      <label className={`${fieldLabel} mt-3`}>
        More sizes (YouTube, X, LinkedIn, Pinterest, print, web)
        <select
          value={MORE.some((p) => p.id === size.preset) ? size.preset! : ''}
          onChange={(e) => e.target.value && setSize(pickPreset(size, e.target.value))}
          className={input}
        >
          <option value="">Choose a size…</option>
          {CATEGORIES.map((c) => (
            <optgroup key={c} label={PRESET_CATEGORY_LABELS[c]}>
              {MORE.filter((p) => p.category === c).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.width} × {p.height})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </div>
  );
}
