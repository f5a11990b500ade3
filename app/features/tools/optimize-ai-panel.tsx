import type { AiOutputChoice } from '../../../core/tools/ai';
import { UPSCALE_FACTORS, aiOutputProblem, upscaleFactorsFor } from '../../../core/tools/ai-options';
import type { UsageLimit } from '../../../core/api/usage';
import { LimitNotice } from '~/components/ui/limit-notice';
import { AiBanner, allowanceSpent } from './ai-banner';
import { AiOutputField } from './ai-output-field';
import { FailureNotice } from './failure-notice';
import { btnPrimary, card, fieldLabel, input } from './styles';

export type AiOperation = 'upscale' | 'remove-background';

/** An AI request's failure with the tab that made it, which alone shows it. */
export interface AiError {
  tab: string;
  title: string;
  text: string;
}

/**
 * The AI Upscale and Remove Background tabs' card: today's allowance, the offer once it is spent, otherwise the
 * choices and the button; under them the tab's last failure.
 */
export function OptimizeAiPanel({
  tab,
  usage,
  failed,
  canGenerate,
  disabled,
  factor,
  onFactor,
  picture,
  aiFormat,
  onAiFormat,
  onRun,
  error,
}: {
  tab: AiOperation;
  usage: UsageLimit | null;
  failed: boolean;
  canGenerate: boolean;
  disabled: boolean;
  factor: number;
  onFactor: (factor: number) => void;
  /** The chosen picture's upright size: the factors whose result would pass the AI limits are not offered. */
  picture: { width: number; height: number } | null;
  aiFormat: AiOutputChoice;
  onAiFormat: (format: AiOutputChoice) => void;
  onRun: (operation: AiOperation) => void;
  error: AiError | null;
}) {
  const spent = allowanceSpent(usage);
  // Said before the click, in the server's own words (core/tools/ai-options.ts), and the button waits for a fix.
  const fitting = picture ? upscaleFactorsFor(picture) : UPSCALE_FACTORS;
  const tooLarge = picture ? aiOutputProblem('upscale', factor as (typeof UPSCALE_FACTORS)[number], picture) : null;
  return (
    <div className={`${card} space-y-4`}>
      <AiBanner usage={usage} failed={failed} />
      {spent && usage ? (
        tab === 'upscale' ? (
          <LimitNotice usage={usage} offer="Premium gives unlimited AI Upscaling, up to 4x resolution." />
        ) : (
          <LimitNotice usage={usage} offer="Premium gives unlimited AI Background Removal." />
        )
      ) : tab === 'upscale' ? (
        <>
          <div>
            <label htmlFor="factor" className={fieldLabel}>
              Upscale factor
            </label>
            <select id="factor" value={factor} onChange={(e) => onFactor(Number(e.target.value))} className={input}>
              {UPSCALE_FACTORS.map((f) => (
                <option key={f} value={f} disabled={!fitting.includes(f)}>
                  {fitting.includes(f) ? `${f}x` : `${f}x (too large for this picture)`}
                </option>
              ))}
            </select>
          </div>
          {tooLarge ? (
            <p
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
              data-testid="upscale-too-large"
            >
              {tooLarge}
            </p>
          ) : null}
          <AiOutputField operation="upscale" value={aiFormat} onChange={onAiFormat} />
          <button
            type="button"
            className={btnPrimary}
            disabled={disabled || !canGenerate || tooLarge !== null}
            onClick={() => onRun('upscale')}
          >
            Upscale with AI
          </button>
        </>
      ) : (
        <>
          <AiOutputField operation="remove-background" value={aiFormat} onChange={onAiFormat} />
          <button
            type="button"
            className={btnPrimary}
            disabled={disabled || !canGenerate}
            onClick={() => onRun('remove-background')}
          >
            Remove Background
          </button>
        </>
      )}
      {error && error.tab === tab ? <FailureNotice title={error.title} text={error.text} /> : null}
    </div>
  );
}
