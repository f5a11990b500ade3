import {
  AI_OUTPUT_FORMAT_LABELS,
  AI_OUTPUT_FORMATS,
  AI_OUTPUT_MAX_PIXELS,
  BACKGROUND_OUTPUT_FORMATS,
} from '../../../core/tools/ai-options';
import type { AiOutputChoice } from '../../../core/tools/ai';
import { fieldLabel, input } from './styles';

/**
 * The format an AI result is written in (ADR 0114): Auto keeps a JPEG photo JPEG and writes anything else as WebP;
 * PNG only when asked. A cut-out needs transparency, so it offers no JPEG.
 */
export function AiOutputField({
  operation,
  value,
  onChange,
}: {
  operation: 'upscale' | 'remove-background';
  value: AiOutputChoice;
  onChange: (v: AiOutputChoice) => void;
}) {
  const choices: readonly AiOutputChoice[] = operation === 'upscale' ? AI_OUTPUT_FORMATS : BACKGROUND_OUTPUT_FORMATS;
  return (
    <div>
      <label htmlFor="ai-format" className={fieldLabel}>
        Output format
      </label>
      <select
        id="ai-format"
        value={choices.includes(value) ? value : 'auto'}
        onChange={(e) => onChange(e.target.value as AiOutputChoice)}
        className={input}
      >
        {choices.map((f) => (
          <option key={f} value={f}>
            {operation === 'remove-background' && f === 'auto' ? 'Auto (WebP)' : AI_OUTPUT_FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Results up to {AI_OUTPUT_MAX_PIXELS / 1_000_000} megapixels. PNG files are much larger than JPEG or WebP.
      </p>
    </div>
  );
}
